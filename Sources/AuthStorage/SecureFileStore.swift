import AuthPlatform

/// A document kept in a file of the authctl home, under a schema version.
///
/// On disk it is one JSON object: the document's own members plus `"version"` (so the document
/// must be a keyed type and must not have a member of that name). Dates are stored as seconds
/// since 1970 (a JSON number); ``JSONValueEncoder`` and ``JSONValueDecoder`` do the coding.
package protocol VersionedDocument: Codable, Sendable {
    /// The schema version this build writes and understands. Bump it when the schema changes.
    static var schemaVersion: Int { get }
    /// The empty document: what a missing file holds.
    init()
    /// The document from its file's top-level object (which also holds `"version"`). By default
    /// through `Decodable`; a document the hot path reads reads itself by hand (``JSONObjectReader``).
    init(reading object: JSONObjectReader) throws
    /// Whether a sealed store's ``DocumentStore/read()`` hands out the secrets kept in the keyring
    /// (asking it for them) or leaves their references in place. The keystore says no: the hot
    /// path reads it on every `token` and needs no refresh token for a valid access token; its
    /// secrets are fetched under the lock by the ``DocumentStore/update(_:)`` that refreshes.
    /// Default: yes.
    static var resolvesSecretsOnRead: Bool { get }
    /// The members whose values are long-lived secrets, which ``SealedDocumentStorage`` keeps in
    /// the keyring under `storage keyring`/`auto` (Decisions/0024). Default: none.
    static var sealedMembers: [SealedMember] { get }
}

extension VersionedDocument {
    package static var resolvesSecretsOnRead: Bool { true }
    package static var sealedMembers: [SealedMember] { [] }

    package init(reading object: JSONObjectReader) throws {
        self = try JSONValueDecoder().decode(Self.self, from: .object(object.members))
    }
}

/// The size limits of files in the home.
package enum KeystoreLimits {
    /// A larger file is refused as corrupt: far more than any real keystore or configuration.
    package static let maximumFileBytes = 4 * 1024 * 1024
    /// How long ``SecureFileStore/update(_:)`` waits for another process before giving up.
    package static let defaultLockTimeout: Duration = .seconds(10)
}

/// One versioned JSON document in the home: bytes in a private file, an exclusive lock, an atomic
/// replace. It knows nothing of keyrings: ``SealedDocumentStorage`` is a layer above any storage.
///
/// - Reads take no lock: every write is an atomic rename, so a reader sees the old file or the new
///   one, never a mixture, and a stuck writer can never block `whoami`.
/// - ``update(_:)`` holds an exclusive `flock` on the home's lock file for its whole duration:
///   re-read, mutate, write. Concurrent updates from any process or thread never lose each other.
/// - A file that is corrupt, empty, or from a newer schema is refused and never overwritten.
package struct SecureFileStore<Document: VersionedDocument>: Sendable {
    package let home: HomeDirectory
    package let fileName: String
    package let lockTimeout: Duration

    /// The store for `fileName` (a plain name, no slashes) in `home`.
    package init(home: HomeDirectory, fileName: String, lockTimeout: Duration = KeystoreLimits.defaultLockTimeout) {
        precondition(!fileName.isEmpty && !fileName.utf8.contains(UInt8(ascii: "/")) && fileName != "." && fileName != "..",
            "a store file name is a plain name inside the home")
        self.home = home
        self.fileName = fileName
        self.lockTimeout = lockTimeout
    }

    /// The file's path.
    package var path: String { home.appending(fileName) }

    /// The document; the empty document if the home or the file does not exist yet. Creates nothing.
    package func read() throws(KeystoreError) -> Document {
        guard try home.exists() else { return Document() }
        try home.checkSecure()
        return try load() ?? Document()
    }

    /// Changes the document: creates the home if needed, takes the exclusive lock, re-reads the
    /// file, runs `body` on it, and writes the result atomically, only if it changed. If `body`
    /// throws, nothing is written and its error is rethrown as it is.
    ///
    /// Throws ``KeystoreError/locked(lockFile:)`` if another process holds the lock for longer than
    /// ``lockTimeout``. Blocks the calling thread while it waits. (The `async` overload is the same
    /// three steps, ``open()``, `body`, ``commit(_:)``, under the same lock: Swift cannot make one
    /// function both.)
    @discardableResult
    package func update<Result>(_ body: (inout Document) throws -> Result) throws -> Result {
        try home.ensureExists()
        return try FileLock.withExclusiveLock(at: lockPath, timeout: lockTimeout) {
            var edit = try open()
            let result = try body(&edit.document)
            try commit(edit)
            return result
        }
    }

    /// ``update(_:)`` for a body that awaits: the lock is held across the whole body, so another
    /// process waits, then re-reads what this one wrote. Nothing is written if `body` throws.
    @discardableResult
    package func update<Result>(_ body: (inout Document) async throws -> Result) async throws -> Result {
        try home.ensureExists()
        return try await FileLock.withExclusiveLock(at: lockPath, timeout: lockTimeout) {
            var edit = try open()
            let result = try await body(&edit.document)
            try commit(edit)
            return result
        }
    }

    /// Writes `document` atomically (fsync, rename, fsync of the home) without taking the lock:
    /// the caller holds it, inside an ``update(_:)`` of another file of the same home.
    package func replaceWhileLocked(_ document: Document) throws {
        try home.ensureExists()
        try SecureFile.replace(fileName, in: home, with: try encode(document))
    }

    // MARK: One locked change

    /// A document being changed under the lock, with the bytes it was read as.
    struct Edit {
        var document: Document
        let before: [UInt8]
    }

    /// Under the lock: the file's document (the empty one when there is no file).
    func open() throws(KeystoreError) -> Edit {
        let document = try load() ?? Document()
        return Edit(document: document, before: try encode(document))
    }

    /// Under the lock: the changed document written atomically, only if its bytes differ.
    func commit(_ edit: Edit) throws(KeystoreError) {
        let after = try encode(edit.document)
        if after != edit.before { try SecureFile.replace(fileName, in: home, with: after) }
    }

    private var lockPath: String { home.appending(HomeDirectory.lockFileName) }

    // MARK: Coding

    private func load() throws(KeystoreError) -> Document? {
        guard let bytes = try SecureFile.read(path, limit: KeystoreLimits.maximumFileBytes) else { return nil }
        return try decode(bytes)
    }

    /// The codec that turns this file's bytes into the document and back.
    var codec: VersionedDocumentCodec<Document> { VersionedDocumentCodec(path: path) }

    /// Parses `bytes` strictly, checks the version, then decodes (``VersionedDocumentCodec``).
    func decode(_ bytes: [UInt8]) throws(KeystoreError) -> Document { try codec.decode(bytes) }

    /// The file's bytes for `document` (``VersionedDocumentCodec``).
    func encode(_ document: Document) throws(KeystoreError) -> [UInt8] { try codec.encode(document) }
}
