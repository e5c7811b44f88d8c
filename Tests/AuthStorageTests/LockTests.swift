import Foundation
import Testing
import AuthStorage

@Suite struct LockTests {
    @Test(.enabled(if: ExternalLockHolder.isAvailable, "needs python3 or flock(1) to hold a lock from another process"))
    func updateGivesUpWhileAnotherProcessHoldsTheLock() throws {
        let directory = KeystoreSandbox()
        let store = directory.store(lockTimeout: .milliseconds(200))
        try store.update { $0.count = 1 }
        let lockFile = directory.home.appending(".lock")
        let before = try KeystoreDisk.contents(of: store.path)

        let holder = try ExternalLockHolder(path: lockFile)
        defer { holder.release() }
        var bodyRan = false
        #expect(throws: KeystoreError.locked(lockFile: lockFile)) {
            try store.update { document in
                bodyRan = true
                document.count += 1
            }
        }
        #expect(!bodyRan)
        #expect(try KeystoreDisk.contents(of: store.path) == before)
        #expect(KeystoreError.locked(lockFile: lockFile).message.contains("locked by another process"))
        #expect(KeystoreError.locked(lockFile: lockFile).message.contains("'\(lockFile)'"))

        // Reads take no lock, so they still work.
        #expect(try store.read().count == 1)

        // Once the other process is gone, the lock is free again.
        holder.release()
        try store.update { $0.count += 1 }
        #expect(try store.read().count == 2)
    }

    @Test(.enabled(if: ExternalLockHolder.isAvailable, "needs python3 or flock(1) to hold a lock from another process"))
    func zeroTimeoutTriesExactlyOnce() throws {
        let directory = KeystoreSandbox()
        try directory.store().update { $0.count = 1 }
        let lockFile = directory.home.appending(".lock")
        let holder = try ExternalLockHolder(path: lockFile)
        defer { holder.release() }
        #expect(throws: KeystoreError.locked(lockFile: lockFile)) {
            try directory.store(lockTimeout: .zero).update { $0.count += 1 }
        }
    }

    /// An update nested in another's body, in the task that holds the home's lock, runs under it
    /// (a CI renewal stores its token through the account backend's own update) instead of waiting
    /// for itself until the timeout; what it writes stays, the outer body having changed nothing.
    @Test func anUpdateInsideAnotherOfTheSameTaskRunsUnderTheLockItHolds() async throws {
        let directory = KeystoreSandbox()
        let store = directory.store(lockTimeout: .milliseconds(200))
        try store.update { $0.count = 1 }
        let seen = try await store.update { (outer: inout CounterDocument) async throws -> Int in
            try store.update { $0.count = 7 }
            try await store.update { (inner: inout CounterDocument) async throws in inner.names = ["nested"] }
            return outer.count
        }
        #expect(seen == 1)
        #expect(try store.read().count == 7)
        #expect(try store.read().names == ["nested"])
        // Outside the body, the lock is free and taken again as usual.
        try store.update { $0.count += 1 }
        #expect(try store.read().count == 8)
    }

    @Test func concurrentTaskUpdatesLoseNothing() async throws {
        let directory = KeystoreSandbox()
        let store = directory.store(lockTimeout: .seconds(120))
        let tasks = 16
        let incrementsPerTask = 10
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<incrementsPerTask { try store.update { $0.count += 1 } }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.read().count == tasks * incrementsPerTask)
        #expect(try KeystoreDisk.listing(of: directory.home.path) == [".lock", "keystore.json"])
    }

    @Test func concurrentThreadUpdatesLoseNothing() throws {
        let directory = KeystoreSandbox()
        let path = directory.home.path
        let iterations = 64
        let failures = KeystoreFailureLog()
        DispatchQueue.concurrentPerform(iterations: iterations) { index in
            // Each thread builds its own store value, as separate commands would.
            let store = SecureFileStore<CounterDocument>(
                home: HomeDirectory(path: path), fileName: "keystore.json", lockTimeout: .seconds(120))
            do {
                try store.update { document in
                    document.count += 1
                    document.names.append("thread-\(index)")
                }
            } catch {
                failures.record(error)
            }
        }
        #expect(failures.errors.isEmpty, "\(failures.errors)")
        let document = try directory.store().read()
        #expect(document.count == iterations)
        #expect(Set(document.names).count == iterations)
    }
}

/// Errors collected from many threads (a test fake, so `@unchecked Sendable` is allowed here).
final class KeystoreFailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func record(_ error: any Error) {
        lock.withLock { collected.append("\(error)") }
    }

    var errors: [String] { lock.withLock { collected } }
}
