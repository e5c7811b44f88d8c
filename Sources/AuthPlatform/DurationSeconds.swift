extension Duration {
    /// The duration in seconds, as Foundation's dates and timers take it. The one conversion
    /// every module uses, so rounding is the same everywhere.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// Whole seconds, rounded up, for messages (14.2 s left reads as 15 s).
    package var wholeSeconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds + (attoseconds > 0 ? 1 : 0)
    }
}
