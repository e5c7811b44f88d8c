#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting for an exclusive `flock(2)` that another process may hold: non-blocking attempts a
/// poll interval apart until the lock is ours or the timeout passes. One loop for every lock
/// authctl takes (the keystore's, the key-set cache's).
package enum LockWait {
    /// How long to wait between attempts while another process holds the lock.
    package static let pollInterval: Duration = .milliseconds(10)

    /// Suspends the task between attempts (never blocks a cooperative thread). True when the lock
    /// is held, false when `timeout` passed first.
    package static func exclusive(_ descriptor: Int32, timeout: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while try !POSIX.flock(descriptor, LOCK_EX | LOCK_NB) {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            try await Task.sleep(for: min(pollInterval, remaining))
        }
        return true
    }

    /// The same for synchronous callers, blocking the calling thread between attempts.
    package static func exclusiveBlocking(_ descriptor: Int32, timeout: Duration) throws(SystemCallError) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while try !POSIX.flock(descriptor, LOCK_EX | LOCK_NB) {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            POSIX.sleep(for: min(pollInterval, remaining))
        }
        return true
    }
}
