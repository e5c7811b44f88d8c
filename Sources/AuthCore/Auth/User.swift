import Foundation

/// One provider identity linked to a user (the SDK's `UserInfo`).
public struct UserInfo: Codable, Sendable, Equatable {
    /// `oidc.<name>`, `github.com`, ...
    public var providerID: String
    /// The provider's subject for this person (`sub`, or GitHub's numeric id).
    public var uid: String
    public var email: String?
    public var displayName: String?
    public var photoURL: String?

    public init(providerID: String, uid: String, email: String? = nil, displayName: String? = nil, photoURL: String? = nil) {
        self.providerID = providerID
        self.uid = uid
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
    }
}

/// A person, with one or more linked provider identities (the SDK's `User`).
public struct User: Codable, Sendable, Equatable {
    /// authctl's own, random id for this person.
    public var uid: String
    public var email: String?
    public var emailVerified: Bool
    public var displayName: String?
    public var photoURL: String?
    public var createdAt: Date
    public var lastSignInAt: Date
    /// The last time the person proved who they are (sign-in or reauth).
    public var lastAuthenticatedAt: Date
    public var providerData: [UserInfo]

    public init(
        uid: String, email: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
        photoURL: String? = nil, createdAt: Date, lastSignInAt: Date, lastAuthenticatedAt: Date, providerData: [UserInfo]
    ) {
        self.uid = uid
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoURL = photoURL
        self.createdAt = createdAt
        self.lastSignInAt = lastSignInAt
        self.lastAuthenticatedAt = lastAuthenticatedAt
        self.providerData = providerData
    }

    public func identity(for providerID: String) -> UserInfo? {
        providerData.first { $0.providerID == providerID }
    }
}

/// The tokens one sign-in produced (the SDK's `OAuthCredential`).
public struct OAuthCredential: Codable, Sendable, Equatable {
    public var providerID: String
    /// Nil for a sign-in with an ID token obtained elsewhere (`--id-token-stdin`).
    public var accessToken: String?
    public var tokenType: String
    public var idToken: String?
    public var refreshToken: String?
    /// Absolute expiry, computed from `expires_in` when the response arrived.
    public var expiresAt: Date?
    /// When the access token arrived; with ``expiresAt`` it gives the provider's token lifetime.
    public var obtainedAt: Date?
    public var scope: String?
    /// The nonce sent with the request that produced the ID token.
    public var rawNonce: String?

    public init(
        providerID: String, accessToken: String?, tokenType: String = "Bearer", idToken: String? = nil,
        refreshToken: String? = nil, expiresAt: Date? = nil, obtainedAt: Date? = nil, scope: String? = nil, rawNonce: String? = nil
    ) {
        self.providerID = providerID
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.obtainedAt = obtainedAt
        self.scope = scope
        self.rawNonce = rawNonce
    }
}

/// What a provider says about the person, after every check passed.
public struct FederatedProfile: Codable, Sendable, Equatable {
    public var providerID: String
    /// The verified subject.
    public var subject: String
    public var email: String?
    public var emailVerified: Bool
    public var displayName: String?
    public var photoURL: String?
    public var username: String?
    /// The raw profile (ID token claims merged with userinfo), for `additionalUserInfo`.
    public var rawProfile: JSONValue

    public init(
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

/// What a sign-in returns (the SDK's `AuthDataResult`).
public struct AuthDataResult: Sendable, Equatable {
    public var user: User
    public var credential: OAuthCredential
    public var additionalUserInfo: AdditionalUserInfo
}

/// The SDK's `AdditionalUserInfo`.
public struct AdditionalUserInfo: Sendable, Equatable {
    public var providerID: String
    public var profile: JSONValue
    public var username: String?
    public var isNewUser: Bool
}
