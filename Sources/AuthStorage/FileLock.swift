import AuthPlatform
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
///
/// Within the task that holds it, the lock is held already: an update nested in another's body
/// (a CI job's renewal, run under the keystore's lock, stores its token through the account
/// backend's own update) runs under it instead of waiting for itself until the timeout.
enum FileLock {
    /// The lock files the current task holds.
    @TaskLocal static var held: Set<String> = []

    /// Runs `body` while holding an exclusive lock on `path` (created 0600 if missing), waiting up
    /// to `timeout` for another holder to finish, then throwing ``KeystoreError/locked(lockFile:)``.
    /// The wait blocks the calling thread (``LockWait/exclusiveBlocking(_:timeout:)``).
    static func withExclusiveLock<Result>(
        at path: String, timeout: Duration, _ body: () throws -> Result
    ) throws -> Result {
        if Self.held.contains(path) { return try body() }
        let descriptor = try open(path)
        defer { POSIX.close(descriptor) }
        let acquired: Bool
        do {
            acquired = try LockWait.exclusiveBlocking(descriptor, timeout: timeout)
        } catch {
            throw KeystoreError.io(path, error)
        }
        guard acquired else { throw KeystoreError.locked(lockFile: path) }
        return try $held.withValue(Self.held.union([path])) { try body() }
    }

    /// The same, for a body that awaits (a token refresh holds the lock across its network call,
    /// so that concurrent processes refresh exactly once). Waiting for another holder suspends
    /// the task between attempts; it never blocks a cooperative thread.
    static func withExclusiveLock<Result>(
        at path: String, timeout: Duration, _ body: () async throws -> Result
    ) async throws -> Result {
        if Self.held.contains(path) { return try await body() }
        let descriptor = try open(path)
        defer { POSIX.close(descriptor) }
        let acquired: Bool
        do {
            acquired = try await LockWait.exclusive(descriptor, timeout: timeout)
        } catch let error as SystemCallError {
            throw KeystoreError.io(path, error)
        }
        guard acquired else { throw KeystoreError.locked(lockFile: path) }
        return try await $held.withValue(Self.held.union([path])) { try await body() }
    }

    private static func open(_ path: String) throws(KeystoreError) -> Int32 {
        guard let descriptor = try SecureFile.open(path, flags: O_RDONLY | O_CREAT) else {
            throw .io(path: path, call: "open", errno: ENOENT)
        }
        return descriptor
    }
}
