import AuthPlatform
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory `flock(2)` on a lock file, held for the duration of a closure.
///
/// Each acquisition opens the lock file afresh, so two threads of one process exclude each
/// other exactly as two processes do (a `flock` belongs to the open file, not the process).
/// The lock is released when the descriptor is closed, including when the process dies.
enum FileLock {
    /// How long to sleep between non-blocking attempts while another process holds the lock.
    static let pollInterval: Duration = .milliseconds(10)

    /// Runs `body` while holding an exclusive lock on `path` (created 0600 if missing), waiting up
    /// to `timeout` for another holder to finish, then throwing ``KeystoreError/locked(lockFile:)``.
    static func withExclusiveLock<Result>(
        at path: String, timeout: Duration, _ body: () throws -> Result
    ) throws -> Result {
        let descriptor = try open(path)
        defer { POSIX.close(descriptor) }
        try acquire(descriptor, path: path, timeout: timeout)
        return try body()
    }

    /// The same, for a body that awaits (a token refresh holds the lock across its network call,
    /// so that concurrent processes refresh exactly once). Waiting for another holder suspends
    /// the task between attempts; it never blocks a cooperative thread.
    static func withExclusiveLock<Result>(
        at path: String, timeout: Duration, _ body: () async throws -> Result
    ) async throws -> Result {
        let descriptor = try open(path)
        defer { POSIX.close(descriptor) }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while try !tryLock(descriptor, path: path) {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw KeystoreError.locked(lockFile: path) }
            try await Task.sleep(for: min(pollInterval, remaining))
        }
        return try await body()
    }

    private static func open(_ path: String) throws(KeystoreError) -> Int32 {
        guard let descriptor = try SecureFile.open(path, flags: O_RDONLY | O_CREAT) else {
            throw .io(path: path, call: "open", errno: ENOENT)
        }
        return descriptor
    }

    /// Waits, blocking this (non-cooperative) caller's thread, until the lock is ours or `timeout` passes.
    private static func acquire(_ descriptor: Int32, path: String, timeout: Duration) throws(KeystoreError) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while try !tryLock(descriptor, path: path) {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw .locked(lockFile: path) }
            Thread.sleep(forTimeInterval: min(pollInterval, remaining).timeInterval)
        }
    }

    /// One non-blocking attempt: true when the lock is now held.
    private static func tryLock(_ descriptor: Int32, path: String) throws(KeystoreError) -> Bool {
        do {
            return try POSIX.flock(descriptor, LOCK_EX | LOCK_NB)
        } catch {
            throw .io(path, error)
        }
    }
}
