import AuthPlatform

/// The provider's answer to a sign-in flow that a backend runs (a Firebase project:
/// `createAuthUri`, the provider, `signInWithIdp`). The backend holds the client secret and
/// checks `state` and the code; authctl checks what it can without them (one answer, no error,
/// not another sign-in's) and forwards the rest exactly as it came: the address the browser was
/// sent to, and a form POST's body.
package struct ForwardedRedirect: Sendable, Equatable {
    /// The whole address the provider sent the browser to (`requestUri`).
    package var requestURI: String
    /// The body of an answer posted as a form (`postBody`): `response_mode=form_post`, SAML's HTTP-POST binding.
    package var postBody: String?

    package init(requestURI: String, postBody: String? = nil) {
        self.requestURI = requestURI
        self.postBody = postBody
    }

    /// What carries a provider's answer: an OAuth 2.0 code (RFC 6749 §4.1.2), an OAuth 1.0a
    /// verifier (RFC 5849 §2.2), a SAML response (SAML 2.0 Bindings §3.5), an ID token or access
    /// token (OpenID Connect Core §3.2.2.5, form post or fragment-free implicit answers).
    static let answerParameters: Set<String> = ["code", "oauth_verifier", "SAMLResponse", "id_token", "access_token"]
    /// What names the sign-in an answer belongs to: OAuth's `state`, SAML's `RelayState`, OAuth 1.0a's `oauth_token`.
    static let correlationParameters = ["state", "RelayState", "oauth_token"]
    /// Parameters that may appear once (RFC 6749 §3.1).
    static let singleValued = answerParameters.union(correlationParameters).union(["error", "error_description", "denied"])

    /// A request to the loopback listener: accepted and forwarded, ignored when it names another
    /// sign-in, or refused (an error from the provider, a repeated or missing answer).
    package static func verdict(
        for callback: CallbackRequest, continueURI: String, authorizationURL: URL
    ) throws(OAuthError) -> CallbackVerdict<ForwardedRedirect> {
        let parameters = callback.parameters.map { ($0.name, $0.value) }
        guard try checked(parameters, authorizationURL: authorizationURL) else { return .ignore }
        let requestURI = continueURI + (callback.query.map { "?" + $0 } ?? "")
        return .accept(ForwardedRedirect(requestURI: requestURI, postBody: callback.body))
    }

    /// The address the person pasted after the browser landed on `continueURI` (the project's
    /// handler page): it must be that page, with the provider's answer in its query.
    package static func pasted(_ text: String, continueURI: String, authorizationURL: URL) throws(OAuthError) -> ForwardedRedirect {
        var pasted = PastedRedirect.unwrapped(text.trimmingWhitespace())
        if !pasted.contains("://"), !pasted.isEmpty, pasted.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            // The query alone (`code=…&state=…`) is the address without its start; a bare code is not enough.
            guard pasted.contains("=") else { throw .pastedCodeWithoutAddress(continueURI: continueURI) }
            let query = pasted.firstIndex(of: "?").map { pasted[pasted.index(after: $0)...] } ?? Substring(pasted)
            pasted = continueURI + "?" + query
        }
        let expected = URLComponents(string: continueURI)
        guard pasted.utf8.count <= PastedRedirect.maximumLength, let components = URLComponents(string: pasted),
            components.scheme?.lowercased() == expected?.scheme, components.host?.lowercased() == expected?.host?.lowercased(),
            components.port == expected?.port, components.percentEncodedPath == expected?.percentEncodedPath
        else {
            throw .unreadablePastedRedirect("paste the whole address the browser shows, starting with \(continueURI)")
        }
        guard let query = components.percentEncodedQuery, !query.isEmpty else {
            throw .unreadablePastedRedirect("the address has no query (?code=…&state=…); copy all of it")
        }
        let parameters: [CallbackParameter]
        do {
            parameters = try LoopbackQueryDecoder.decode(Array(query.utf8))
        } catch {
            throw .unreadablePastedRedirect("its percent-encoding is broken")
        }
        guard try checked(parameters.map { ($0.name, $0.value) }, authorizationURL: authorizationURL) else { throw .stateMismatch }
        return ForwardedRedirect(requestURI: pasted)
    }

    /// False for another sign-in's answer; throws for a refusal or an answer that is not one.
    static func checked(_ parameters: [(name: String, value: String)], authorizationURL: URL) throws(OAuthError) -> Bool {
        var values: [String: String] = [:]
        for (name, value) in parameters where singleValued.contains(name) {
            if values.updateValue(value, forKey: name) != nil { throw .duplicateParameter(name) }
        }
        let sent = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false)?.queryItems ?? []
        for name in correlationParameters {
            if let expected = sent.first(where: { $0.name == name })?.value, let received = values[name], received != expected { return false }
        }
        if let error = values["error"] {
            if error == "access_denied" { throw .accessDenied(description: values["error_description"]) }
            throw .authorizationFailed(error: error, description: values["error_description"])
        }
        // OAuth 1.0a providers (Twitter) send `denied=<token>` when the person cancels.
        if values["denied"] != nil { throw .accessDenied(description: nil) }
        guard values.keys.contains(where: answerParameters.contains) else { throw .missingCode }
        return true
    }
}
