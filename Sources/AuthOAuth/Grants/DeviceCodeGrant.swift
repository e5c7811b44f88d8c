import AuthPlatform

/// The device authorization grant (RFC 8628): a code the person enters on another device, for
/// SSH sessions, containers and CI.
package struct DeviceCodeGrant: AuthorizationGrant {
    package init() {}

    package func tokens(from server: AuthorizationServer, request: SignInRequest, context: GrantContext) async throws -> GrantOutcome {
        guard let endpoint = server.deviceAuthorization else { throw OAuthError.noDeviceEndpoint(server.providerID) }
        let client = DeviceAuthorizationClient(
            deviceAuthorizationEndpoint: endpoint.url, tokenClient: endpoint.tokenClient, clock: context.clock, sleep: context.sleep
        )
        let authorization = try await client.start(scopes: request.scopes)
        // The code first, then the text under it, so that both stay on screen.
        context.showForAnotherDevice(
            authorization.verificationURIComplete ?? authorization.verificationURI,
            following: "To sign in with \(server.providerID), open \(authorization.verificationURI) on any device and enter the code "
                + authorization.userCode + (authorization.verificationURIComplete.map { "\n(or open \($0))" } ?? ""))
        let deadline = context.clock.now().addingTimeInterval(request.timeout.timeInterval)
        let waiting = context.progress.show(
            "Waiting for the code \(authorization.userCode) to be entered", until: min(deadline, authorization.expiresAt))
        defer { waiting.stop() }
        let response = try await client.poll(authorization, deadline: deadline)
        return GrantOutcome(tokens: GrantedTokens(response, receivedAt: context.clock.now(), nonce: nil, rawNonce: nil))
    }
}
