import AuthPlatform

/// `accounts:signUp` with no email and no password: a new anonymous user (the SDK's
/// `signInAnonymously`). With the signed-in user's `idToken` and an email and password instead, it
/// links a password to that user (the SDK's `link(with: EmailAuthProvider.credential(...))`).
struct SignUpRequest: IdentityToolkitCall, Equatable {
    /// An email and password to link to the user whose ID token is given; nil for an anonymous user.
    struct PasswordLink: Sendable, Equatable {
        var idToken: String
        var email: String
        var password: String
    }

    var link: PasswordLink?

    var method: String { "signUp" }
    var body: [String: JSONValue] {
        var body: [String: JSONValue] = ["returnSecureToken": true]
        if let link {
            body["idToken"] = .string(link.idToken)
            body["email"] = .string(link.email)
            body["password"] = .string(link.password)
        }
        return body
    }
}

/// The tokens of a sign-in answer, checked before anything is stored (SignUpResponse,
/// EmailLinkSigninResponse: `localId`, `idToken`, `refreshToken`, `expiresIn`).
struct SignInTokensResponse: Sendable, Equatable {
    var localID: String
    var idToken: String
    var refreshToken: String
    var expiresIn: Int
    var isNewUser: Bool

    init(_ answer: JSONValue, method: String) throws(FirebaseError) {
        guard let localID = answer["localId"]?.stringValue, !localID.isEmpty, let idToken = answer["idToken"]?.stringValue,
            let refreshToken = answer["refreshToken"]?.stringValue, let expiresIn = IdentityToolkit.seconds(answer["expiresIn"])
        else { throw .invalidResponse(method: method, reason: "no localId, idToken, refreshToken and expiresIn") }
        self.localID = localID
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        isNewUser = answer["isNewUser"]?.boolValue ?? false
    }
}
