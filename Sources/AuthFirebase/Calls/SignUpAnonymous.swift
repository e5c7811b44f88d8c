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

    /// SignUpResponse always names the new (or upgraded) user and carries the session.
    func response(to answer: AnswerReader) throws(FirebaseError) -> SignInResponse {
        try SignInResponse(namingTheUser: answer)
    }
}
