import AuthOAuth
import AuthPlatform

/// One provider identity linked to a user (the SDK's `UserInfo`).
package struct LinkedIdentity: Codable, Sendable, Equatable {
    /// `oidc.<name>`, `github.com`, ...
    package var providerID: String
    /// The provider's subject for this person (`sub`, or GitHub's numeric id).
    package var uid: String
    package var email: String?
    package var displayName: String?
    package var photoURL: String?
    /// The name the person signs in with there: GitHub's login, OpenID `preferred_username`.
    package var username: String?

    package init(
        providerID: String, uid: String, email: String? = nil, displayName: String? = nil, photoURL: String? = nil,
        username: String? = nil
    ) {
        self.providerID = providerID
        self.uid = uid
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
        self.username = username
    }

    /// What to call this identity for a person: the username, else the email, else the uid.
    package var accountName: String { username ?? email ?? uid }
}

extension LinkedIdentity: JSONObjectDecodable {
    package init(reading object: JSONObjectReader) throws {
        self.init(
            providerID: try object.string("providerID"), uid: try object.string("uid"), email: try object.string(ifPresent: "email"),
            displayName: try object.string(ifPresent: "displayName"), photoURL: try object.string(ifPresent: "photoURL"),
            username: try object.string(ifPresent: "username"))
    }
}

/// A person, with one or more linked provider identities (the SDK's `User`).
package struct AccountRecord: Codable, Sendable, Equatable {
    /// authctl's own, random id for this person.
    package var uid: String
    package var email: String?
    package var emailVerified: Bool
    package var displayName: String?
    package var photoURL: String?
    package var createdAt: Date
    package var lastSignInAt: Date
    /// The last time the person proved who they are (sign-in or reauth).
    package var lastAuthenticatedAt: Date
    package var providerData: [LinkedIdentity]
    /// The second factors enrolled on the account (the SDK's `multiFactor.enrolledFactors`): a
    /// project's `mfaInfo` as the `accounts:lookup` of the last sign-in, reload, enrolment or
    /// withdrawal answered it; always empty for local accounts (Decision 0050).
    package var enrolledFactors: [EnrolledFactor] {
        get { storedFactors ?? [] }
        set { storedFactors = newValue.isEmpty ? nil : newValue }
    }
    /// ``enrolledFactors`` as the keystore keeps it: absent when there are none, so a file written
    /// before the member existed, and every local account's, reads the same.
    private var storedFactors: [EnrolledFactor]?

    private enum CodingKeys: String, CodingKey {
        case uid, email, emailVerified, displayName, photoURL, createdAt, lastSignInAt, lastAuthenticatedAt, providerData
        case storedFactors = "enrolledFactors"
    }

    package init(
        uid: String, email: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
        photoURL: String? = nil, createdAt: Date, lastSignInAt: Date, lastAuthenticatedAt: Date, providerData: [LinkedIdentity],
        enrolledFactors: [EnrolledFactor] = []
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
        self.enrolledFactors = enrolledFactors
    }

    package func identity(for providerID: String) -> LinkedIdentity? {
        providerData.first { $0.providerID == providerID }
    }
}

extension AccountRecord: JSONObjectDecodable {
    package init(reading object: JSONObjectReader) throws {
        self.init(
            uid: try object.string("uid"), email: try object.string(ifPresent: "email"), emailVerified: try object.bool("emailVerified"),
            displayName: try object.string(ifPresent: "displayName"), photoURL: try object.string(ifPresent: "photoURL"),
            createdAt: try object.date("createdAt"), lastSignInAt: try object.date("lastSignInAt"),
            lastAuthenticatedAt: try object.date("lastAuthenticatedAt"), providerData: try object.objects("providerData"))
        // As `Decodable` reads it: an empty list stays an empty list.
        storedFactors = try object.objects(ifPresent: "enrolledFactors")
    }
}

/// What a sign-in returns (the SDK's `AuthDataResult`).
package struct SignInResult: Sendable, Equatable {
    package var user: AccountRecord
    package var credential: ProviderCredential
    package var additionalUserInfo: SignInDetails

    package init(user: AccountRecord, credential: ProviderCredential, additionalUserInfo: SignInDetails) {
        self.user = user
        self.credential = credential
        self.additionalUserInfo = additionalUserInfo
    }
}

/// The SDK's `AdditionalUserInfo`.
package struct SignInDetails: Sendable, Equatable {
    package var providerID: String
    package var profile: JSONValue
    package var username: String?
    package var isNewUser: Bool

    package init(providerID: String, profile: JSONValue, username: String?, isNewUser: Bool) {
        self.providerID = providerID
        self.profile = profile
        self.username = username
        self.isNewUser = isNewUser
    }
}
