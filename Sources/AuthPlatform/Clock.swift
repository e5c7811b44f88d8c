/// The wall clock, injected so that no code deep in the core calls `Date()`.
public struct Clock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system clock.
    public static let system = Clock { Date() }

    /// A clock stopped at `date`, for tests.
    public static func fixed(_ date: Date) -> Clock {
        Clock { date }
    }
}
