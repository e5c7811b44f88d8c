import AuthPlatform

/// The authorization code grant for a provider that only redirects to a registered, non-loopback
/// URI (`providers add --redirect-uri`): nothing listens; the person pastes the address the
/// browser landed on, and it is checked exactly as the loopback listener checks a redirect.
package struct PastedCodeGrant: AuthorizationGrant {
    package var redirectURI: String
    package var opensBrowser: Bool

    package init(redirectURI: String, opensBrowser: Bool = true) {
        self.redirectURI = redirectURI
        self.opensBrowser = opensBrowser
    }

    package func tokens(from server: AuthorizationServer, request: SignInRequest, context: GrantContext) async throws -> GrantOutcome {
        let steps = AuthorizationCodeSteps(server: server, request: request, context: context, opensBrowser: opensBrowser)
        let parameters = try steps.parameters()
        try await steps.checkReachable()
        let authorization = try steps.authorization(redirectURI: redirectURI, parameters: parameters)
        steps.present(authorization, pasteFollows: true)
        let wait = SignInWait(
            in: context, listener: nil, paste: { try await steps.pastedCode(for: authorization) }, pastesFromStart: true,
            launch: steps.launch(authorization),
            browserFailed: { reason, _ in steps.browserFailed(authorization, reason: reason, pasteOffered: true) },
            timeout: request.timeout, returning: .registeredPage)
        let code = try await wait.run()
        return GrantOutcome(tokens: try await steps.exchange(code, for: authorization))
    }
}
