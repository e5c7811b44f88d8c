import AuthStorage

/// The one single-flight renewal of a session kept in a locked document (a provider's tokens, a
/// project's session, a client's own token): whatever is fresh enough is taken from an unlocked
/// read (the hot path: no lock, no network); otherwise the document's lock is held, the document
/// read again, and what another process renewed while this one waited is taken; only then is the
/// session renewed, once however many processes ask at the same moment.
package enum LockedRefresh {
    /// `fresh` says what a document already offers (nil: nothing fresh enough); `renew` renews it
    /// under the lock, writing the renewed session into the document.
    package static func value<Document: VersionedDocument, Value: Sendable>(
        in store: any DocumentStore<Document>,
        fresh: (Document) throws -> Value?,
        renew: (inout Document) async throws -> Value
    ) async throws -> Value {
        if let value = try fresh(try store.read()) { return value }
        return try await store.update { (document: inout Document) async throws -> Value in
            if let value = try fresh(document) { return value }
            return try await renew(&document)
        }
    }
}
