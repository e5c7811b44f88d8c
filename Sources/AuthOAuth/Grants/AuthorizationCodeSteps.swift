import AuthPlatform

/// The steps every authorization-code grant shares (RFC 6749 §4.1 with PKCE, RFC 7636): check
/// what the server must support, build the request, show it, and exchange the code that comes
/// back. The grants differ only in how the code comes back.
struct AuthorizationCodeSteps: Sendable {
    let server: AuthorizationServer
    let request: SignInRequest
    let context: GrantContext
    let opensBrowser: Bool

    /// The custom parameters with the preferred `prompt`, after checking the server takes PKCE S256.
    func parameters() throws(OAuthError) -> [String: String] {
        let methods = server.codeChallengeMethodsSupported
        if !methods.isEmpty, !methods.contains(PKCE.method) { throw .pkceUnsupported(methods: methods) }
        var parameters = request.parameters
        if let prompt = request.preferredPrompt, parameters["prompt"] == nil,
            server.promptValuesSupported?.contains(prompt) ?? true
        {
            parameters["prompt"] = prompt
        }
        return parameters
    }

    /// The authorization request (PKCE S256, state, nonce) for `redirectURI`.
    func authorization(redirectURI: String, parameters: [String: String]) throws(OAuthError) -> AuthorizationRequest {
        try AuthorizationRequest(
            authorizationEndpoint: server.authorizationEndpoint, clientID: server.tokenClient.clientID, redirectURI: redirectURI,
            scopes: request.scopes, customParameters: parameters, random: context.random, includesNonce: server.sendsNonce
        )
    }

    /// How long the authorization endpoint has to answer the check before the browser is sent to it.
    static let reachabilityTimeout: TimeInterval = 5
    /// The most of its answer read: only whether it answers matters.
    static let reachabilityAnswerBytes = 64 * 1024

    /// Asks the authorization endpoint for anything at all (any HTTP status will do) before the
    /// person is sent there, so a provider that is down fails in seconds (exit 9) instead of at
    /// the end of the sign-in's timeout, with the browser on an error page.
    func checkReachable() async throws {
        guard let url = URL(string: server.authorizationEndpoint) else { return }
        let probe = HTTPRequest(
            method: "GET", url: url, headers: [("Accept", "text/html")], timeout: Self.reachabilityTimeout,
            maxResponseBytes: Self.reachabilityAnswerBytes)
        do {
            _ = try await context.transport.send(probe)
        } catch HTTPTransportError.responseTooLarge {
            return  // it answered
        } catch HTTPTransportError.timedOut(let url, let after) {
            throw HTTPTransportError.unreachable(url: url, reason: "it did not answer within \(after.components.seconds) seconds")
        }
    }

    /// Prints the URL (always, so it can be opened by hand; the browser is started by the wait,
    /// ``launch(_:)``); without a browser the URL is meant for another device: its QR code too,
    /// why no browser opens, and the device flow when the provider has one.
    func present(_ authorization: AuthorizationRequest, pasteFollows: Bool) {
        guard opensBrowser else { return presentForAnotherDevice(authorization, browserFailure: nil, pasteFollows: pasteFollows) }
        context.notify("To sign in with \(server.providerID), open this URL in a browser:\n\n  \(authorization.url.absoluteString)\n")
    }

    /// What the paste prompt says: the whole address (a bare code is still taken, with
    /// ``PastedRedirect/bareCodeWarning``, but its `state` cannot be checked, so it is not invited),
    /// and that the page it names fails to load, which is expected (nothing listens there).
    /// (No longer than the prompt it replaced: the QR code and the text must still fit the window.)
    static let pastePrompt = "Sign in, then paste the address your browser was sent to (its page will not load) and press Enter:"

    /// The URL for a browser elsewhere: the QR code where it fits, then the URL and the reason
    /// below it, so both stay visible; `pasteFollows` keeps room for the paste prompt.
    func presentForAnotherDevice(_ authorization: AuthorizationRequest, browserFailure: String?, pasteFollows: Bool) {
        let url = authorization.url.absoluteString
        var text = "To sign in with \(server.providerID), open this URL in a browser on any device:\n\n  \(url)\n"
        if let browserFailure {
            text += "\nThe browser did not open (\(browserFailure))."
        } else if let why = context.whyNoBrowser {
            text += "\nNo browser is opened: \(why)."
        }
        if server.deviceAuthorization != nil {
            text += "\n(\(server.providerID) also signs in with a code entered on another device, a device-code sign-in.)"
        }
        context.showForAnotherDevice(url, following: text, then: pasteFollows ? Self.pastePrompt : nil)
    }

    /// The browser did not start: with the paste offered, the URL for another device (QR code);
    /// otherwise the URL above is to be opened by hand on this machine.
    func browserFailed(_ authorization: AuthorizationRequest, reason: String, pasteOffered: Bool) {
        if pasteOffered { return presentForAnotherDevice(authorization, browserFailure: reason, pasteFollows: true) }
        context.notify("The browser did not open (\(reason)): open the URL above in a browser on this machine yourself.")
    }

    /// Starts the browser on `authorization`'s URL now, and returns its watch for the wait; nil
    /// when none is opened.
    func launch(_ authorization: AuthorizationRequest) -> BrowserLaunchWatch? {
        opensBrowser ? context.browser.launch(authorization.url) : nil
    }

    /// Asks for the pasted redirect (or code) and checks it exactly as the listener would.
    func pastedCode(for authorization: AuthorizationRequest) async throws -> String {
        context.notify(Self.pastePrompt)
        guard let line = await context.readPastedLine() else { throw OAuthError.unreadablePastedRedirect("nothing was pasted") }
        return try PastedRedirect.code(
            fromPasted: line, for: authorization, issuer: server.issuer, issuerParameterRequired: server.issuerParameterRequired,
            warn: { context.notify($0) }, note: { context.log($0) }
        )
    }

    /// A redirect's verdict: another sign-in's `state` is ignored; otherwise its parameters are
    /// checked (repeats, `iss`, `error`) and the code is taken.
    func verdict(for callback: CallbackRequest, of authorization: AuthorizationRequest) throws(OAuthError) -> CallbackVerdict<String> {
        do {
            return .accept(try AuthorizationResponse.code(
                from: callback.parameters.map { ($0.name, $0.value) }, for: authorization, issuer: server.issuer,
                issuerParameterRequired: server.issuerParameterRequired, note: { context.log($0) }
            ))
        } catch .stateMismatch {
            context.log("ignored a redirect with another sign-in's state")
            return .ignore
        }
    }

    /// Exchanges the code (RFC 6749 §4.1.3) and keeps `reply` for the sign-in's outcome; when the
    /// exchange fails, the browser is told at once.
    func exchange(_ code: String, for authorization: AuthorizationRequest, reply: any BrowserReply) async throws -> GrantOutcome {
        do {
            return GrantOutcome(tokens: try await exchange(code, for: authorization), reply: reply)
        } catch {
            await reply.finish(.failed(error))
            throw error
        }
    }

    /// Exchanges the code at the token endpoint (RFC 6749 §4.1.3) with the PKCE verifier.
    func exchange(_ code: String, for authorization: AuthorizationRequest) async throws -> GrantedTokens {
        context.log("authorization code received; exchanging it at the token endpoint")
        context.log("client authentication: \(server.tokenClient.authentication.rawValue)")
        let receivedAt = context.clock.now()
        let response = try await server.tokenClient.exchange(
            code: code, redirectURI: authorization.redirectURI, codeVerifier: authorization.pkce.codeVerifier
        )
        return GrantedTokens(
            response, receivedAt: receivedAt, nonce: server.sendsNonce ? authorization.nonce : nil,
            rawNonce: server.sendsNonce ? authorization.rawNonce : nil
        )
    }
}
