import AuthPlatform

/// The Secure Token API's `token` with `grant_type=refresh_token`: a new ID token for a refresh
/// token (the SDKs' SecureTokenRequest; form-encoded, and the tenant is in the refresh token).
struct SecureTokenRequest: IdentityToolkitCall, Equatable {
    typealias Response = SecureTokenResponse

    var refreshToken: String

    var method: String { "token" }
    var api: ProjectAPI { .secureToken }
    var body: [String: JSONValue] { ["grant_type": "refresh_token", "refresh_token": .string(refreshToken)] }
}

/// SecureTokenResponse: the new ID token, the refresh token to keep, and the ID token's lifetime.
struct SecureTokenResponse: ProjectAnswer, Equatable {
    var idToken: String
    var refreshToken: String
    var expiresIn: Int
    var userID: String?

    init(_ answer: AnswerReader) throws(FirebaseError) {
        guard let idToken = answer.string("id_token"), let refreshToken = answer.string("refresh_token"),
            let expiresIn = answer.seconds("expires_in")
        else { throw answer.invalid("no id_token, refresh_token and expires_in") }
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        userID = answer.string("user_id")
    }
}
