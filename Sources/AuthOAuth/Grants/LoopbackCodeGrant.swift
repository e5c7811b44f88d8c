import AuthPlatform

/// The authorization code grant through the browser and a loopback redirect (RFC 8252 §7.3).
/// With `acceptsPaste`, a redirect (or code) pasted on stdin is taken too, whichever comes first:
/// for a browser on another machine that cannot reach the listener. One ``SignInWait`` holds the
/// listener, the paste, the browser's launch and the deadline.
package struct LoopbackCodeGrant: AuthorizationGrant {
    /// The listener's ports, the first free one winning; empty lets the system pick a free one.
    package var ports: [UInt16]
    package var acceptsPaste: Bool
    package var opensBrowser: Bool

    package init(ports: [UInt16] = [], acceptsPaste: Bool = false, opensBrowser: Bool = true) {
        self.ports = ports
        self.acceptsPaste = acceptsPaste
        self.opensBrowser = opensBrowser
    }

    package func tokens(from server: AuthorizationServer, request: SignInRequest, context: GrantContext) async throws -> GrantOutcome {
        let steps = AuthorizationCodeSteps(server: server, request: request, context: context, opensBrowser: opensBrowser)
        let parameters = try steps.parameters()
        try await steps.checkReachable()
        // Listening before the URL exists, so the redirect URI is valid when the browser opens.
        let listener = try Self.listen(on: ports, context: context)
        let authorization: AuthorizationRequest
        do {
            authorization = try steps.authorization(redirectURI: listener.redirectURI, parameters: parameters)
        } catch {
            await listener.close()
            throw error
        }
        steps.present(authorization, pasteFollows: acceptsPaste)
        context.log("listening on \(listener.redirectURI)")
        let fromListener: @Sendable () async throws -> Answer = {
            let (code, reply) = try await listener.waitForCallback(timeout: request.timeout) { callback in
                try steps.verdict(for: callback, of: authorization)
            }
            return Answer(code: code, reply: reply)
        }
        let wait = SignInWait(
            in: context, listener: fromListener,
            paste: { Answer(code: try await steps.pastedCode(for: authorization), reply: NoBrowserReply()) }, pastesFromStart: acceptsPaste,
            launch: steps.launch(authorization),
            browserFailed: { reason, offered in steps.browserFailed(authorization, reason: reason, pasteOffered: offered) },
            timeout: request.timeout, returning: .loopback)
        let answer = try await wait.run(closing: listener)
        return try await steps.exchange(answer.code, for: authorization, reply: answer.reply)
    }

    /// A listener on the first of `ports` that is free (none given: any port the system picks).
    /// When every one is taken, ``LoopbackError/portInUse(ports:)`` names them all; any other
    /// failure to listen ends the search at once.
    package static func listen(on ports: [UInt16], context: GrantContext) throws -> any RedirectListener {
        guard !ports.isEmpty else { return try context.makeListener(0) }
        for port in ports {
            do {
                return try context.makeListener(port)
            } catch LoopbackError.portInUse {
                context.log("port \(port) on 127.0.0.1 is in use; trying the next one")
            }
        }
        throw LoopbackError.portInUse(ports: ports)
    }

    /// The code, and the browser's request waiting for the outcome (none for a paste).
    private struct Answer: Sendable {
        var code: String
        var reply: any BrowserReply
    }
}
