import AuthPlatform

/// One Identity Toolkit v1 call (`accounts:<method>`): its method and JSON body, one type per
/// call, as firebase-ios-sdk keeps `Backend/RPC/*Request.swift`. ``FirebaseAccountBackend/send(_:during:recentLoginOperation:)``
/// sends every one of them and names every refusal through one table.
protocol IdentityToolkitCall: Sendable {
    var method: String { get }
    var body: [String: JSONValue] { get }
    /// v1 (`accounts:*`), or v2 (Identity Platform's `accounts/mfaEnrollment:*`).
    var apiVersion: IdentityToolkitAPIVersion { get }
}

/// Which Identity Toolkit API a call is part of.
enum IdentityToolkitAPIVersion: Sendable, Equatable {
    case v1, v2
}

extension IdentityToolkitCall {
    var apiVersion: IdentityToolkitAPIVersion { .v1 }
}

/// `accounts:signInWithIdp`: what proves the identity, and what to do with it.
struct SignInWithIdpRequest: IdentityToolkitCall, Equatable {
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

/// `accounts:lookup` of the signed-in user.
struct LookupRequest: IdentityToolkitCall, Equatable {
    var idToken: String
    var method: String { "lookup" }
    var body: [String: JSONValue] { ["idToken": .string(idToken)] }
}

/// `accounts:delete` of the signed-in user.
struct DeleteAccountRequest: IdentityToolkitCall, Equatable {
    var idToken: String
    var method: String { "delete" }
    var body: [String: JSONValue] { ["idToken": .string(idToken)] }
}

/// `accounts:createAuthUri` with an email: the sign-in methods of its account (`fetchSignInMethods`).
struct SignInMethodsRequest: IdentityToolkitCall, Equatable {
    var email: String
    var method: String { "createAuthUri" }
    var body: [String: JSONValue] { ["identifier": .string(email), "continueUri": .string(SignInWithIdpRequest.localRequestURI)] }
}
