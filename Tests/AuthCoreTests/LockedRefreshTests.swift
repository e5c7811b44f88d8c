import Foundation
import Testing
import AuthCore
import AuthPlatform
import AuthStorage
import AuthTestSupport

/// ``LockedRefresh``: the one renewal of every token source, shown on a document of its own.
@Suite struct LockedRefreshTests {
    struct Session: VersionedDocument, Equatable {
        static let schemaVersion = 1
        var token: String?
        var obtainedAt: Date?
        var expiresAt: Date?
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Counts renewals and the callers' unlocked reads; a renewal may wait until `readers` callers
    /// have read, so that every one of them asked before any renewal was stored.
    final class Probe: @unchecked Sendable {
        let lock = NSLock()
        var renewals = 0
        var reads = 0
        func add(renewal: Bool) -> Int {
            lock.withLock {
                if renewal { renewals += 1; return renewals }
                reads += 1
                return reads
            }
        }
        var readCount: Int { lock.withLock { reads } }
    }

    static func value(
        in store: any DocumentStore<Session>, validity: TimeInterval, probe: Probe, waitForReaders readers: Int = 0
    ) async throws -> String {
        var unlockedRead = true
        return try await LockedRefresh.value(
            in: store, minimumValidity: validity,
            token: { document, seconds in
                FreshnessPolicy.refreshed.isFresh(expiresAt: document.expiresAt, obtainedAt: document.obtainedAt, minimumValidity: seconds, at: now)
                    ? document.token : nil
            },
            obtainedAt: { document in
                if unlockedRead { _ = probe.add(renewal: false); unlockedRead = false }
                return document.obtainedAt
            }
        ) { (document: inout Session) async throws -> String in
            while probe.readCount < readers { await Task.yield() }
            let number = probe.add(renewal: true)
            document = Session(token: "renewed-\(number)", obtainedAt: now.addingTimeInterval(Double(number)), expiresAt: now.addingTimeInterval(3600))
            return document.token ?? ""
        }
    }

    static func signedIn() throws -> any DocumentStore<Session> {
        let store = InMemoryDocumentStorage().store("session.json", of: Session.self)
        try store.update { $0 = Session(token: "first", obtainedAt: now.addingTimeInterval(-60), expiresAt: now.addingTimeInterval(3540)) }
        return store
    }

    @Test(arguments: [
        (300.0, "first", 0),  // fresh: the hot path, no renewal
        (TimeInterval.infinity, "renewed-1", 1),  // forced: renewed whatever its age
        (3600.0, "first", 0),  // more than its lifetime asked: 90% of it left is as fresh as a renewal gets
    ])
    func oneCaller(validity: Double, expected: String, renewals: Int) async throws {
        let store = try Self.signedIn()
        let probe = Probe()
        #expect(try await Self.value(in: store, validity: validity, probe: probe) == expected)
        #expect(probe.renewals == renewals)
    }

    /// Twenty callers forcing a renewal at once, each having read before any renewal was stored:
    /// one renews, the others wait on the lock and take the token obtained after they asked.
    @Test func twentyForcedCallersRenewOnce() async throws {
        let store = try Self.signedIn()
        let probe = Probe()
        let callers = 20
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<callers {
                group.addTask { try await Self.value(in: store, validity: .infinity, probe: probe, waitForReaders: callers) }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(probe.renewals == 1)
        #expect(Set(tokens) == ["renewed-1"])
    }

    /// A caller that reads after a renewal and still forces one renews again: it asked later.
    @Test func aForcedCallerAfterARenewalRenewsAgain() async throws {
        let store = try Self.signedIn()
        let probe = Probe()
        #expect(try await Self.value(in: store, validity: .infinity, probe: probe) == "renewed-1")
        #expect(try await Self.value(in: store, validity: .infinity, probe: probe) == "renewed-2")
    }
}
