import Foundation
import Testing
@testable import AuthCLI
import AuthPlatform
import AuthTestSupport

/// `CommandEnvironment.interruptible`: Ctrl-C cancels the prompt's task and ends it as the
/// command's `Interrupted` (exit 4); without Ctrl-C, or when the work finished anyway, the
/// body's own outcome stands; the handler is removed either way.
@Suite struct InterruptibleTests {
    /// A Ctrl-C that the test presses: the handler installed, and whether it was removed.
    final class Keyboard: Sendable {
        let handler = LockedState<(@Sendable () -> Void)?>(nil)
        let removed = LockedState(false)

        func pressCtrlC() { handler.withLock { $0 }?() }

        func environment() throws -> CommandEnvironment {
            var context = TestCommandLine().context()
            context.onInterrupt = { [self] handler in
                self.handler.withLock { $0 = handler }
                return { self.removed.withLock { $0 = true } }
            }
            return try CommandEnvironment(context: context, globals: GlobalOptions(), command: ["test"])
        }
    }

    struct Refused: Error, Equatable {}

    enum Body: Sendable {
        /// Returns "typed" at once.
        case answers
        /// Throws ``Refused`` at once.
        case refuses
        /// Waits until cancelled, then throws what a reader's nil becomes (a usage error).
        case waitsThenFailsWhenCancelled
        /// Waits until cancelled, then returns "typed" anyway (the line came with the Ctrl-C).
        case waitsThenAnswersAnyway
    }

    static let cases: [(body: Body, pressesCtrlC: Bool, expected: Result<String, Interrupted>?, description: String)] = [
        (.answers, false, .success("typed"), "an answer without Ctrl-C is returned"),
        (.refuses, false, nil, "a refusal without Ctrl-C is the body's own error"),
        (.waitsThenFailsWhenCancelled, true, .failure(.enrolment), "Ctrl-C at a waiting prompt is the command's Interrupted"),
        (.waitsThenAnswersAnyway, true, .success("typed"), "work that finished despite Ctrl-C keeps its result"),
    ]

    @Test(arguments: cases.indices)
    func outcome(_ index: Int) async throws {
        let (body, presses, expected, description) = Self.cases[index]
        let keyboard = Keyboard()
        let env = try keyboard.environment()
        let run = Task {
            try await env.interruptible(.enrolment) { () async throws -> String in
                switch body {
                case .answers: return "typed"
                case .refuses: throw Refused()
                case .waitsThenFailsWhenCancelled, .waitsThenAnswersAnyway:
                    while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
                    if case .waitsThenAnswersAnyway = body { return "typed" }
                    throw UsageError.invalidUsage("no link was given", command: ["test"])
                }
            }
        }
        if presses {
            while keyboard.handler.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(5)) }
            keyboard.pressCtrlC()
        }
        let result = await run.result
        switch expected {
        case .success(let value): #expect(try result.get() == value, "\(description)")
        case .failure(let interrupted):
            #expect(throws: interrupted, "\(description)") { try result.get() }
            #expect(interrupted.code == .cancelled && interrupted.message.contains("cancelled (interrupted)"))
        case nil: #expect(throws: Refused(), "\(description)") { try result.get() }
        }
        #expect(keyboard.removed.withLock { $0 }, "the Ctrl-C handler is removed: \(description)")
    }
}
