import Foundation

/// FirebaseAuth's completion-handler forms, each a wrapper of the `async` method of the same
/// call: the operation runs as a task and the handler is called on the main queue, as the SDK
/// calls its handlers (Docs/Decisions/0033). The handler is a plain closure, as the SDK declares
/// it, so a handler value of the SDK's type is accepted as well as a closure literal (issue 36).
/// A program on Linux keeps the main queue running: an `async` main (top-level `await`, `@main`
/// with `async`), `dispatchMain()` or `RunLoop.main.run()`; a server framework's `async` main does.
///
/// Exactly one of the handler's arguments is non-nil, as in the SDK.
enum Completion {
    /// Hands `operation`'s value or error to `completion` on the main queue (nil: run it, ignore the result).
    static func deliver<Value: Sendable>(
        _ completion: ((Value?, (any Error)?) -> Void)?, _ operation: @escaping @Sendable () async throws -> Value
    ) {
        let handler = completion.map(MainQueueHandler.init)
        Task {
            let outcome: Result<Value, any Error>
            do { outcome = .success(try await operation()) } catch { outcome = .failure(error) }
            await handler?.call(outcome)
        }
    }

    /// Hands `operation`'s error, or nil, to `completion` on the main queue.
    static func deliver(_ completion: (((any Error)?) -> Void)?, _ operation: @escaping @Sendable () async throws -> Void) {
        deliver(completion.map { handler in { (_: Bool?, error: (any Error)?) in handler(error) } }) {
            try await operation()
            return true
        }
    }

    /// Calls `call` on the main actor with `value`.
    static func onMain<Value: Sendable>(_ call: @escaping (Value) -> Void, _ value: Value) {
        let handler = MainQueueHandler<Value> { value, _ in if let value { call(value) } }
        Task { await handler.call(.success(value)) }
    }

    /// The program's handler, carried to the main actor and called only there. The SDK's handler
    /// type is not `Sendable`; the SDK, too, hands it to the main queue and calls it there once.
    private struct MainQueueHandler<Value: Sendable>: @unchecked Sendable {
        let call: (Value?, (any Error)?) -> Void

        @MainActor func call(_ outcome: Result<Value, any Error>) {
            switch outcome {
            case .success(let value): call(value, nil)
            case .failure(let error): call(nil, error)
            }
        }
    }
}
