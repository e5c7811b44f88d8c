import AuthPlatform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `accounts:createAuthUri` for a provider's flow: the project builds the provider's
/// authorization URL from the app registered in its console (Identity Toolkit v1,
/// CreateAuthUriRequest).
struct CreateAuthURIRequest: Sendable, Equatable {
    static let method = "createAuthUri"

    var providerID: String
    /// Where the provider sends the browser back (an authorized domain of the project).
    var continueURI: String
    /// Space-delimited in `oauthScope`, beyond the provider's defaults.
    var scopes: [String]
    /// `customParameter`: added to the authorization URL as they are.
    var customParameters: [String: String]

    var body: [String: JSONValue] {
        var body: [String: JSONValue] = ["providerId": .string(providerID), "continueUri": .string(continueURI)]
        if !scopes.isEmpty { body["oauthScope"] = .string(scopes.joined(separator: " ")) }
        if !customParameters.isEmpty { body["customParameter"] = .object(customParameters.mapValues { .string($0) }) }
        return body
    }
}

/// What createAuthUri answers for a provider's flow: the URL to send the browser to and the session.
struct CreateAuthURIResponse: Sendable, Equatable {
    var authorizationURL: URL
    var sessionID: String

    init(_ answer: JSONValue) throws(FirebaseError) {
        guard let text = answer["authUri"]?.stringValue, let url = URL(string: text), ["https", "http"].contains(url.scheme?.lowercased() ?? "")
        else { throw .invalidResponse(method: CreateAuthURIRequest.method, reason: "no authUri (an http(s) URL) for the provider") }
        guard let sessionID = answer["sessionId"]?.stringValue, !sessionID.isEmpty else {
            throw .invalidResponse(method: CreateAuthURIRequest.method, reason: "no sessionId")
        }
        authorizationURL = url
        self.sessionID = sessionID
    }
}

/// `accounts:signInWithIdp` with the provider's answer to a flow the project runs: the address the
/// browser was sent to (`requestUri`) and, for a posted answer, its form body (`postBody`).
struct SignInWithIdpAnswerRequest: Sendable, Equatable {
    static let method = "signInWithIdp"

    var requestURI: String
    var sessionID: String
    var postBody: String?
    /// The signed-in user's ID token, to link the identity to that user.
    var idToken: String?
    /// False for reauthentication: never create a user.
    var autoCreate: Bool

    var body: [String: JSONValue] {
        var body: [String: JSONValue] = [
            "requestUri": .string(requestURI), "sessionId": .string(sessionID), "returnSecureToken": true, "returnIdpCredential": true,
        ]
        if let postBody { body["postBody"] = .string(postBody) }
        if let idToken { body["idToken"] = .string(idToken) }
        if !autoCreate { body["autoCreate"] = false }
        return body
    }
}
