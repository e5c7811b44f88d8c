import AuthJOSE
import AuthPlatform

/// What a provider says about the person, after every check passed.
package struct FederatedProfile: Codable, Sendable, Equatable {
    package var providerID: String
    /// The verified subject.
    package var subject: String
    package var email: String?
    package var emailVerified: Bool
    package var displayName: String?
    package var photoURL: String?
    package var username: String?
    /// The raw profile (ID token claims merged with userinfo), for `additionalUserInfo`.
    package var rawProfile: JSONValue

    package init(
        providerID: String, subject: String, email: String? = nil, emailVerified: Bool = false,
        displayName: String? = nil, photoURL: String? = nil, username: String? = nil, rawProfile: JSONValue = [:]
    ) {
        self.providerID = providerID
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoURL = photoURL
        self.username = username
        self.rawProfile = rawProfile
    }
}

extension FederatedProfile {
    /// The profile from verified ID token claims, merged with userinfo where there is one.
    package init(providerID: String, verified: ValidatedIDToken, claims: [String: JSONValue]) {
        self.init(
            providerID: providerID, subject: verified.subject,
            email: claims["email"]?.stringValue,
            emailVerified: claims["email_verified"]?.boolValue ?? (claims["email_verified"]?.stringValue == "true"),
            displayName: claims["name"]?.stringValue, photoURL: claims["picture"]?.stringValue,
            username: claims["preferred_username"]?.stringValue, rawProfile: .object(claims)
        )
    }
}
