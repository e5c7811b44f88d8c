/// The wall clock, injected so that no code deep in the core calls `Date()`.
package struct Clock: Sendable {
    package var now: @Sendable () -> Date

    package init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system clock.
    package static let system = Clock { Date() }

    /// A clock stopped at `date`, for tests.
    package static func fixed(_ date: Date) -> Clock {
        Clock { date }
    }
}
