import AuthCore
import AuthPlatform

/// `accounts:lookup` of the signed-in user (GetAccountInfoRequest).
struct LookupRequest: IdentityToolkitCall, Equatable {
    typealias Response = LookupResponse

    var idToken: String
    var method: String { "lookup" }
    var body: [String: JSONValue] { ["idToken": .string(idToken)] }
}

/// GetAccountInfoResponse: its first user (Identity Toolkit `UserInfo`), which must have a uid.
struct LookupResponse: ProjectAnswer, Equatable {
    /// One of the user's identities (`providerUserInfo`).
    struct Identity: Sendable, Equatable {
        var providerID: String
        /// `rawId`, the provider's own id for the person (for email/password, the email).
        var subject: String
        var email: String?
        var displayName: String?
        var photoURL: String?
        var screenName: String?
    }

    var localID: String
    var email: String?
    var emailVerified: Bool
    var displayName: String?
    var photoURL: String?
    var createdAt: Date?
    var lastLoginAt: Date?
    var identities: [Identity]
    var factors: [EnrolledFactor]

    init(_ answer: AnswerReader) throws(FirebaseError) {
        guard let user = answer.objects("users").first, let localID = user.nonEmptyString("localId") else {
            throw answer.invalid("no user with a localId")
        }
        self.localID = localID
        email = user.string("email")
        emailVerified = user.bool("emailVerified") ?? false
        displayName = user.string("displayName")
        photoURL = user.string("photoUrl")
        createdAt = user.milliseconds("createdAt")
        lastLoginAt = user.milliseconds("lastLoginAt")
        identities = user.objects("providerUserInfo").compactMap { info in
            info.string("providerId").map { provider in
                Identity(
                    providerID: provider, subject: info.string("rawId") ?? info.string("federatedId") ?? info.string("email") ?? "",
                    email: info.string("email"), displayName: info.string("displayName"), photoURL: info.string("photoUrl"),
                    screenName: info.string("screenName"))
            }
        }
        factors = MultiFactorAnswer.factors(in: user)
    }
}

/// `accounts:delete` of the signed-in user.
struct DeleteAccountRequest: IdentityToolkitCall, Equatable {
    typealias Response = EmptyResponse

    var idToken: String
    var method: String { "delete" }
    var body: [String: JSONValue] { ["idToken": .string(idToken)] }
}

/// `accounts:createAuthUri` with an email: the sign-in methods of its account (`fetchSignInMethods`).
struct SignInMethodsRequest: IdentityToolkitCall, Equatable {
    typealias Response = SignInMethodsResponse

    var email: String
    var method: String { "createAuthUri" }
    var body: [String: JSONValue] { ["identifier": .string(email), "continueUri": .string(SignInWithIdpRequest.localRequestURI)] }
}

/// CreateAuthUriResponse for an email: `signinMethods` (or, from older servers, `allProviders`);
/// none when no account has the email or the project hides it.
struct SignInMethodsResponse: ProjectAnswer, Equatable {
    var methods: [String]

    init(_ answer: AnswerReader) {
        methods = answer.strings("signinMethods") ?? answer.strings("allProviders") ?? []
    }
}

/// `accounts:update` of the signed-in user's email or password, its profile, or its providers (SetAccountInfoRequest).
struct AccountUpdateRequest: IdentityToolkitCall, Equatable {
    typealias Response = AccountUpdateResponse

    enum Change: Sendable, Equatable {
        case email(String)
        case password(String)
        /// Unlink these providers.
        case deleteProviders([String])
        /// The profile (the SDK's `UserProfileChangeRequest`): a value given is set, an empty one
        /// removed (`deleteAttribute`), nil left as it is.
        case profile(displayName: String?, photoURL: String?)
    }

    var idToken: String
    var change: Change

    var method: String { "update" }
    var body: [String: JSONValue] {
        var body: [String: JSONValue] = ["idToken": .string(idToken), "returnSecureToken": true]
        switch change {
        case .email(let email): body["email"] = .string(email)
        case .password(let password): body["password"] = .string(password)
        case .deleteProviders(let providers): body["deleteProvider"] = .array(providers.map { .string($0) })
        case .profile(let displayName, let photoURL):
            var removed: [JSONValue] = []
            for (field, attribute, value) in [("displayName", "DISPLAY_NAME", displayName), ("photoUrl", "PHOTO_URL", photoURL)] {
                guard let value else { continue }
                if value.isEmpty { removed.append(.string(attribute)) } else { body[field] = .string(value) }
            }
            if !removed.isEmpty { body["deleteAttribute"] = .array(removed) }
        }
        return body
    }
}

/// SetAccountInfoResponse: a new session, when the change ends the others.
struct AccountUpdateResponse: ProjectAnswer, Equatable {
    var tokens: SessionTokens?

    init(_ answer: AnswerReader) throws(FirebaseError) {
        tokens = try SessionTokens(answer)
    }
}
