/// Two pieces of work raced: the first to finish (value or error) wins, and the other is cancelled.
package enum TaskRace {
    /// The result of whichever of `first` and `second` finishes first.
    package static func first<T: Sendable>(
        _ first: @escaping @Sendable () async throws -> T, _ second: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask(operation: first)
            group.addTask(operation: second)
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// `body`, or `error()` thrown once `sleep(limit)` has passed (the sleep is injected, so tests need no clock).
    package static func limited<T: Sendable>(
        _ limit: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void, error: @escaping @Sendable () -> any Error,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await first(body) {
            try await sleep(limit)
            throw error()
        }
    }
}
