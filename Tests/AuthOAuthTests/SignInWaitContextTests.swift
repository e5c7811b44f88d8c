import Foundation
import Testing
@testable import AuthOAuth
import AuthPlatform
import AuthTestSupport

/// The wait every sign-in builds from its grant's context (Decisions/0038): this machine's flow
/// and a project's get the same status line and the same paste rule.
@Suite struct SignInWaitContextTests {
    static func context(progress: GrantTests.RecordingProgress, canAskForPaste: Bool) -> GrantContext {
        var context = GrantContext(
            transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: TestTokenFactory.clock, random: SeededRandomSource(seed: 7),
            browser: FakeRedirect(.never).browser, notify: { _ in }, log: { _ in }, progress: progress)
        context.canAskForPaste = canAskForPaste
        return context
    }

    static func wait(
        _ context: GrantContext, listens: Bool, pastesFromStart: Bool
    ) -> SignInWait<String> {
        let listener: @Sendable () async throws -> String = { "from-listener" }
        return SignInWait(
            in: context, listener: listens ? listener : nil, paste: { "pasted" }, pastesFromStart: pastesFromStart, launch: nil,
            browserFailed: { _, _ in }, timeout: .seconds(300), returning: .loopback)
    }

    @Test(arguments: [
        // A listener and nothing being typed: the line, with the whole timeout left.
        (true, false, ["Waiting for the browser"]),
        // A paste from the start: no line (redrawing it would wipe what the person types).
        (true, true, []),
        // Nothing listens (the handler page, a registered page): no line.
        (false, true, []),
    ] as [(Bool, Bool, [String])])
    func theStatusLine(listens: Bool, pastesFromStart: Bool, shown: [String]) async throws {
        let progress = GrantTests.RecordingProgress()
        let answer = try await Self.wait(Self.context(progress: progress, canAskForPaste: false), listens: listens, pastesFromStart: pastesFromStart).run()
        // Both may answer at once when the paste races the listener; each answer is one of them.
        #expect(listens ? ["from-listener", "pasted"].contains(answer) : answer == "pasted")
        #expect(progress.shown.withLock { $0 }.map(\.label) == shown)
        #expect(progress.shown.withLock { $0 }.allSatisfy { $0.deadline == TestTokenFactory.now.addingTimeInterval(300) })
        #expect(progress.stops.withLock { $0 } >= shown.count)
    }

    /// The paste is taken from the start when asked; after a failed browser only where a person
    /// can paste; otherwise never.
    @Test(arguments: [(true, false, true), (false, true, true), (false, false, false)])
    func thePasteRule(pastesFromStart: Bool, canAskForPaste: Bool, offered: Bool) {
        let context = Self.context(progress: GrantTests.RecordingProgress(), canAskForPaste: canAskForPaste)
        let wait = Self.wait(context, listens: true, pastesFromStart: pastesFromStart)
        #expect((wait.paste != nil) == offered)
        #expect(wait.pastesFromStart == pastesFromStart)
    }
}
