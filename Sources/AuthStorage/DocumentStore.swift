import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The storage seam: one versioned document, read freely and changed under the home's lock.
///
/// ``SecureFileStore`` (a private file in the authctl home) is the live implementation; an
/// encrypted file or an OS keychain would be another. Tests use an in-memory one. `Auth` and the
/// provider registry take stores, never paths (as FirebaseAuth takes its keychain storage).
package protocol DocumentStore<Document>: Sendable {
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

    /// Where the document lives, for messages: a file's path, or a name.
    var location: String { get }
}

/// Where a family of documents lives: hands out one ``DocumentStore`` per file name.
package protocol DocumentStorage: Sendable {
    /// The store for the document called `fileName` (a plain name such as `keystore.json`).
    func store<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) -> any DocumentStore<Document>

    /// The names of the documents stored now (a migration visits each).
    func documentNames() throws -> [String]

    /// `store(fileName, of: type).read()`, which a storage may do without building the store.
    func read<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) throws -> Document

    /// A value that changes whenever the document `fileName` is replaced (a file's modification
    /// time and size, a count of writes), read without reading the document: what the library's
    /// listeners poll (Decisions/0033). Nil when the storage cannot tell.
    func changeStamp(of fileName: String) -> String?
}

extension DocumentStorage {
    package func read<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) throws -> Document {
        try store(fileName, of: type).read()
    }

    package func changeStamp(of fileName: String) -> String? { nil }
}

/// The live storage: private files in the authctl home, one lock for all of them. Plain bytes:
/// wrap it in ``SealedDocumentStorage`` to keep long-lived secrets in the keyring.
package struct HomeDocumentStorage: DocumentStorage {
    package let home: HomeDirectory
    package let lockTimeout: Duration

    package init(home: HomeDirectory, lockTimeout: Duration = KeystoreLimits.defaultLockTimeout) {
        self.home = home
        self.lockTimeout = lockTimeout
    }

    package func store<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) -> any DocumentStore<Document> {
        SecureFileStore<Document>(home: home, fileName: fileName, lockTimeout: lockTimeout)
    }

    /// The file store's read, with no store in an existential box: the hot path's keystore read.
    package func read<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) throws -> Document {
        try SecureFileStore<Document>(home: home, fileName: fileName, lockTimeout: lockTimeout).read()
    }

    /// The file's path, modification time and size; `gone` when there is none.
    package func changeStamp(of fileName: String) -> String? {
        let path = home.appending(fileName)
        guard let status = try? POSIX.fileStatus(atPath: path) else { return path + ":gone" }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return "\(path):\(modified.tv_sec).\(modified.tv_nsec):\(status.st_size)"
    }

    /// The home's `*.json` files (none when the home does not exist yet).
    package func documentNames() throws -> [String] {
        guard try home.exists() else { return [] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: home.path) else {
            throw KeystoreError.io(path: home.path, call: "opendir", errno: 0)
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }
}

extension SecureFileStore: DocumentStore {
    package var location: String { path }
}
