import AuthPlatform
import AuthStorage

/// The one single-flight renewal of a session kept in a locked document, whatever its token
/// source (a provider's refresh token, a project's Secure Token API, a CI job's token source, a
/// client's own credentials):
///
/// 1. Freshness: whatever stays valid for the validity asked is taken from an unlocked read (the
///    hot path: no lock, no network). An infinite validity is a forced renewal (``FreshnessPolicy``).
/// 2. Lock and recheck: otherwise the document's lock is held and the document read again.
/// 3. Renewed meanwhile: a token obtained after the unlocked read (another process renewed it
///    while this one waited, even for a forced renewal) is taken if it is still valid: that
///    renewal was this caller's too, so many callers asking at once renew once.
/// 4. Only then the source's own renewal runs, under the lock, writing into the document.
///
/// Each source brings its strategy as the three closures: its token with the one freshness rule,
/// when its token was obtained, and its renewal.
package enum LockedRefresh {
    /// `token(document, seconds)` is the session's token if it stays valid for `seconds` (nil: not
    /// fresh enough); `obtainedAt` when the document's token was obtained (another value under the
    /// lock than on the unlocked read is a renewal made meanwhile, `renewedMeanwhile` is told);
    /// `renew` renews under the lock, writing the renewed session into the document (or through
    /// an update of its own, which runs under the lock already held: ``DocumentStore/update(_:)``).
    package static func value<Document: VersionedDocument, Value: Sendable>(
        in store: any DocumentStore<Document>,
        minimumValidity: TimeInterval,
        token: (Document, TimeInterval) throws -> Value?,
        obtainedAt: (Document) throws -> Date?,
        renewedMeanwhile: (Value) -> Void = { _ in },
        renew: (inout Document) async throws -> Value
    ) async throws -> Value {
        let unlocked = try store.read()
        if let value = try token(unlocked, minimumValidity) { return value }
        let seen = try obtainedAt(unlocked)
        return try await store.update { (document: inout Document) async throws -> Value in
            if let value = try token(document, minimumValidity) { return value }
            if let obtained = try obtainedAt(document), obtained != seen, let value = try token(document, 0) {
                renewedMeanwhile(value)
                return value
            }
            return try await renew(&document)
        }
    }
}
