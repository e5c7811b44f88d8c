import AuthPlatform

/// `accounts:createAuthUri` for a provider's flow: the project builds the provider's
/// authorization URL from the app registered in its console (Identity Toolkit v1,
/// CreateAuthUriRequest).
struct CreateAuthURIRequest: IdentityToolkitCall, Equatable {
    typealias Response = CreateAuthURIResponse

    var method: String { "createAuthUri" }

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
struct CreateAuthURIResponse: ProjectAnswer, Equatable {
    var authorizationURL: URL
    var sessionID: String

    init(_ answer: AnswerReader) throws(FirebaseError) {
        guard let text = answer.string("authUri"), let url = URL(string: text), ["https", "http"].contains(url.scheme?.lowercased() ?? "")
        else { throw answer.invalid("no authUri (an http(s) URL) for the provider") }
        guard let sessionID = answer.nonEmptyString("sessionId") else { throw answer.invalid("no sessionId") }
        authorizationURL = url
        self.sessionID = sessionID
    }
}
