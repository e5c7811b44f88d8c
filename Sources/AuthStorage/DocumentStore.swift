/// The storage seam: one versioned document, read freely and changed under the home's lock.
///
/// ``SecureFileStore`` (a private file in the authctl home) is the live implementation; an
/// encrypted file or an OS keychain would be another. Tests use an in-memory one. `Auth` and the
/// provider registry take stores, never paths (as FirebaseAuth takes its keychain storage).
public protocol DocumentStore<Document>: Sendable {
    associatedtype Document: VersionedDocument

    /// The document; the empty document when nothing is stored yet. Takes no lock.
    func read() throws -> Document

    /// Changes the document under an exclusive lock: re-read, run `body`, store the result if it
    /// changed. When `body` throws, nothing is stored and its error is rethrown as it is.
    @discardableResult
    func update<Result>(_ body: (inout Document) throws -> Result) throws -> Result

    /// ``update(_:)`` for a body that awaits; the lock is held across the whole body, and waiting
    /// for it suspends the task instead of blocking its thread.
    @discardableResult
    func update<Result>(_ body: (inout Document) async throws -> Result) async throws -> Result

    /// Stores `document` as it is, durably, for a caller that already holds the storage's lock
    /// (inside another document's ``update(_:)``): a journal written in the middle of an update.
    func replaceWhileLocked(_ document: Document) throws
}

/// Where a family of documents lives: hands out one ``DocumentStore`` per file name.
public protocol DocumentStorage: Sendable {
    /// The store for the document called `fileName` (a plain name such as `keystore.json`).
    func store<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) -> any DocumentStore<Document>
}

/// The live storage: private files in the authctl home, one lock for all of them.
public struct HomeDocumentStorage: DocumentStorage {
    public let home: HomeDirectory
    public let lockTimeout: Duration
    /// Long-lived secrets to the keyring per the storage policy; nil: all in the files.
    public let sealer: SecretSealer?

    public init(home: HomeDirectory, lockTimeout: Duration = KeystoreLimits.defaultLockTimeout, sealer: SecretSealer? = nil) {
        self.home = home
        self.lockTimeout = lockTimeout
        self.sealer = sealer
    }

    public func store<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) -> any DocumentStore<Document> {
        SecureFileStore<Document>(home: home, fileName: fileName, lockTimeout: lockTimeout, sealer: sealer)
    }
}

extension SecureFileStore: DocumentStore {}
