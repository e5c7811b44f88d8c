/// Holds off Ctrl-C and SIGTERM while work that must not be abandoned half-way runs: a refresh
/// whose answer rotates the refresh token, from sending it to storing the answer.
///
/// The live shield (AuthCLI) catches the signals while held and, on ``InterruptHold/release()``,
/// delivers the one that came meanwhile, so the process still ends as interrupted, only later.
/// Outside a hold, signals act as they always do.
package protocol InterruptShield: Sendable {
    /// Starts holding interrupts until the hold is released.
    func hold() -> InterruptHold
}

/// One period of held interrupts. Releasing twice is harmless.
package final class InterruptHold: Sendable {
    private let releaseOnce: LockedState<(@Sendable () -> Void)?>

    /// `release` runs once, when the hold ends: it stops catching and delivers what was caught.
    package init(release: @escaping @Sendable () -> Void) {
        releaseOnce = LockedState(release)
    }

    package func release() {
        let release = releaseOnce.withLock { pending in
            defer { pending = nil }
            return pending
        }
        release?()
    }
}

/// No signals to hold: tests, and processes that are not interruptible.
package struct NoInterruptShield: InterruptShield {
    package init() {}
    package func hold() -> InterruptHold { InterruptHold(release: {}) }
}
