import Foundation

/// FirebaseAuth's completion-handler forms, each a wrapper of the `async` method of the same
/// call: the operation runs as a task and the handler is called on the main actor, which is the
/// main queue, as the SDK calls its handlers (Docs/Decisions/0033). A program on Linux keeps the
/// main queue running: an `async` main (top-level `await`, `@main` with `async`), `dispatchMain()`
/// or `RunLoop.main.run()`; a server framework's `async` main does.
///
/// Exactly one of the handler's arguments is non-nil, as in the SDK.
enum Completion {
    /// Hands `operation`'s value or error to `completion` on the main actor (nil: run it, ignore the result).
    static func deliver<Value: Sendable>(
        _ completion: (@MainActor (Value?, (any Error)?) -> Void)?, _ operation: @escaping @Sendable () async throws -> Value
    ) {
        let handler = completion.map { Handler(call: $0) }
        Task {
            let outcome: Result<Value, any Error>
            do { outcome = .success(try await operation()) } catch { outcome = .failure(error) }
            await handler?.call(outcome)
        }
    }

    /// Hands `operation`'s error, or nil, to `completion` on the main actor.
    static func deliver(_ completion: (@MainActor ((any Error)?) -> Void)?, _ operation: @escaping @Sendable () async throws -> Void) {
        deliver(completion.map { handler in { @MainActor (_: Bool?, error: (any Error)?) in handler(error) } }) {
            try await operation()
            return true
        }
    }

    /// A handler bound to the main actor, and so safe to hand to the task.
    private struct Handler<Value: Sendable>: Sendable {
        let call: @MainActor (Value?, (any Error)?) -> Void

        @MainActor func call(_ outcome: Result<Value, any Error>) {
            switch outcome {
            case .success(let value): call(value, nil)
            case .failure(let error): call(nil, error)
            }
        }
    }
}
