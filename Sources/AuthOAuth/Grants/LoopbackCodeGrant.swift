import AuthPlatform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The authorization code grant through the browser and a loopback redirect (RFC 8252 §7.3).
/// With `acceptsPaste`, a redirect (or code) pasted on stdin is taken too, whichever comes first:
/// for a browser on another machine that cannot reach the listener.
public struct LoopbackCodeGrant: AuthorizationGrant {
    /// The listener's port; 0 lets the system pick a free one.
    public var port: UInt16
    public var acceptsPaste: Bool
    public var opensBrowser: Bool

    public init(port: UInt16 = 0, acceptsPaste: Bool = false, opensBrowser: Bool = true) {
        self.port = port
        self.acceptsPaste = acceptsPaste
        self.opensBrowser = opensBrowser
    }

    public func tokens(from server: AuthorizationServer, request: GrantRequest, context: GrantContext) async throws -> GrantOutcome {
        let steps = AuthorizationCodeSteps(server: server, request: request, context: context, opensBrowser: opensBrowser)
        let parameters = try steps.parameters()
        try await steps.checkReachable()
        // Listening before the URL exists, so the redirect URI is valid when the browser opens.
        let listener = try context.makeListener(port)
        let authorization: AuthorizationRequest
        do {
            authorization = try steps.authorization(redirectURI: listener.redirectURI, parameters: parameters)
        } catch {
            await listener.close()
            throw error
        }
        steps.present(authorization)
        context.log("listening on \(listener.redirectURI)")
        let fromListener: @Sendable () async throws -> Answer = {
            let (code, reply) = try await listener.waitForCallback(timeout: request.timeout) { callback in
                try steps.verdict(for: callback, of: authorization)
            }
            return Answer(code: code, reply: reply)
        }
        // Not while a paste may be typed: redrawing the line would wipe what the person types.
        let progress: any ProgressDisplay = acceptsPaste ? NoProgress() : context.progress
        let waiting = progress.show("Waiting for the browser", until: context.clock.now().addingTimeInterval(request.timeout.timeInterval))
        defer { waiting.stop() }
        let answer: Answer
        if acceptsPaste {
            answer = try await TaskRace.first(fromListener, { Answer(code: try await steps.pastedCode(for: authorization), reply: NoBrowserReply()) })
        } else {
            answer = try await fromListener()
        }
        waiting.stop()
        await listener.close()
        return try await steps.exchange(answer.code, for: authorization, reply: answer.reply)
    }

    /// The code, and the browser's request waiting for the outcome (none for a paste).
    private struct Answer: Sendable {
        var code: String
        var reply: any BrowserReply
    }
}
