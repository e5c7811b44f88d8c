import AuthPlatform

/// `accounts:signInWithIdp` (VerifyAssertionRequest): what proves the identity, and what to do
/// with it. It answers a ``SignInResponse`` with the provider's side in its ``ProviderIdentityAnswer``.
struct SignInWithIdpRequest: IdentityToolkitCall, Equatable {
    typealias Response = SignInResponse

    /// What the project is given to prove the identity.
    enum Proof: Sendable, Equatable {
        /// A credential authctl obtained and verified itself (`id_token`+`nonce` or `access_token`).
        case postBody(String)
        /// The project's handle for a credential it kept (account-exists, for `link --pending`).
        case pendingToken(String)
        /// The provider's answer to a flow the project runs: where the browser was sent, and a
        /// posted form's body.
        case providerAnswer(requestURI: String, sessionID: String, postBody: String?)
    }

    /// `requestUri` when authctl posts the credential itself, as the SDKs do.
    static let localRequestURI = "http://localhost"

    var proof: Proof
    /// The signed-in user's ID token, to link the identity to that user.
    var idToken: String?
    /// False for reauthentication: never create a user.
    var autoCreate = true

    var method: String { "signInWithIdp" }
    var body: [String: JSONValue] {
        var body: [String: JSONValue] = ["returnSecureToken": true, "returnIdpCredential": true]
        switch proof {
        case .postBody(let postBody):
            body["requestUri"] = .string(Self.localRequestURI)
            body["postBody"] = .string(postBody)
        case .pendingToken(let token):
            body["requestUri"] = .string(Self.localRequestURI)
            body["pendingToken"] = .string(token)
        case .providerAnswer(let requestURI, let sessionID, let postBody):
            body["requestUri"] = .string(requestURI)
            body["sessionId"] = .string(sessionID)
            if let postBody { body["postBody"] = .string(postBody) }
        }
        if let idToken { body["idToken"] = .string(idToken) }
        if !autoCreate { body["autoCreate"] = false }
        return body
    }
}
