import AuthPlatform

/// Another storage's documents with their long-lived secrets in the keyring, per the storage
/// policy (Decisions/0024): a layer over any ``DocumentStorage``, as ``NamespacedDocumentStorage``
/// is. Each document type names its secrets (``VersionedDocument/sealedMembers``); the base keeps
/// the members as they are written, references and all, and knows nothing of the keyring.
package struct SealedDocumentStorage<Base: DocumentStorage>: DocumentStorage {
    package let base: Base
    package let sealer: SecretSealer

    package init(_ base: Base, sealer: SecretSealer) {
        self.base = base
        self.sealer = sealer
    }

    /// A document without secrets is the base's own store: the layer costs it nothing.
    package func store<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) -> any DocumentStore<Document> {
        guard !Document.sealedMembers.isEmpty else { return base.store(fileName, of: type) }
        return SealedDocumentStore<Base, Document>(name: fileName, base: base, sealer: sealer)
    }

    package func read<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) throws -> Document {
        guard !Document.sealedMembers.isEmpty else { return try base.read(fileName, of: type) }
        return try store(fileName, of: type).read()
    }

    package func documentNames() throws -> [String] { try base.documentNames() }

    /// The base's: sealing changes what a document holds, not when it was written.
    package func changeStamp(of fileName: String) -> String? { base.changeStamp(of: fileName) }
}

/// One document of a ``SealedDocumentStorage``: its stored members (``StoredMembers``) in the
/// base, the document with its secrets in place above.
struct SealedDocumentStore<Base: DocumentStorage, Document: VersionedDocument>: DocumentStore {
    let name: String
    let base: Base
    let sealer: SecretSealer

    var location: String { stored.location }
    private var stored: any DocumentStore<StoredMembers<Document>> { base.store(name, of: StoredMembers<Document>.self) }
    private var codec: VersionedDocumentCodec<Document> { VersionedDocumentCodec(path: location) }

    /// A document that leaves its references on read (the keystore, on the hot path) is read
    /// straight from the base, exactly as an unsealed one: no keyring, nothing more decoded.
    func read() throws -> Document {
        guard Document.resolvesSecretsOnRead else { return try base.read(name, of: Document.self) }
        let members = try stored.read().members
        guard !members.isEmpty else { return Document() }
        var session = session()
        return try codec.document(from: session.open(members))
    }

    @discardableResult
    func update<Result>(_ body: (inout Document) throws -> Result) throws -> Result {
        var session = session()
        var written: [String: JSONValue] = [:]
        let result = try stored.update { members in
            var document = try open(members, &session)
            let result = try body(&document)
            written = try close(document, into: &members, &session)
            return result
        }
        session.finish(written)
        return result
    }

    @discardableResult
    func update<Result>(_ body: (inout Document) async throws -> Result) async throws -> Result {
        var session = session()
        var written: [String: JSONValue] = [:]
        let result = try await stored.update { members in
            var document = try open(members, &session)
            let result = try await body(&document)
            written = try close(document, into: &members, &session)
            return result
        }
        session.finish(written)
        return result
    }

    func replaceWhileLocked(_ document: Document) throws {
        var session = session()
        let current = try stored.read()
        _ = try open(current, &session)
        var replaced = current
        let written = try close(document, into: &replaced, &session)
        try stored.replaceWhileLocked(replaced)
        session.finish(written)
    }

    /// Rewrites the document where the policy now keeps its secrets; whether it changed. Items no
    /// member names are removed even when the vault was not needed (a crashed earlier move).
    func migrate() throws -> Bool {
        var session = session()
        var written: [String: JSONValue] = [:]
        let changed = try stored.update { members in
            guard !members.members.isEmpty else { return false }
            let before = members.members
            written = try session.close(try session.open(before))
            members.members = written
            return written != before
        }
        session.finish(written, always: true)
        return changed
    }

    // MARK: Steps

    private func session() -> SealingSession {
        SealingSession(
            sealer, table: Document.sealedMembers, document: name, path: location,
            choice: base.store(StorageChoice.fileName, of: StorageChoice.self))
    }

    /// The document with its secrets in place; the empty one when nothing is stored.
    private func open(_ stored: StoredMembers<Document>, _ session: inout SealingSession) throws -> Document {
        guard !stored.members.isEmpty else { return Document() }
        return try codec.document(from: session.open(stored.members))
    }

    /// `document`'s members, sealed, into `stored` when they differ from what it holds (a document
    /// still empty where nothing was stored stays unstored). Returns the members as written.
    private func close(
        _ document: Document, into stored: inout StoredMembers<Document>, _ session: inout SealingSession
    ) throws -> [String: JSONValue] {
        var members = try codec.members(of: document)
        members[VersionedDocumentCodec<Document>.versionKey] = nil
        let sealed = try session.close(members)
        if stored.members.isEmpty, sealed == (try StoredMembers<Document>.members(of: Document())) { return stored.members }
        if sealed != stored.members { stored.members = sealed }
        return sealed
    }
}

/// A document's members as stored, secrets sealed or not, under its type's schema version: what
/// the sealing layer keeps in the base storage. Empty when nothing is stored.
struct StoredMembers<Document: VersionedDocument>: VersionedDocument {
    static var schemaVersion: Int { Document.schemaVersion }
    /// The top-level members, without `"version"` (the codec adds it).
    var members: [String: JSONValue]

    init() { members = [:] }

    init(reading object: JSONObjectReader) throws {
        members = object.members
        members[VersionedDocumentCodec<Document>.versionKey] = nil
    }

    init(from decoder: any Decoder) throws {
        guard case .object(let members) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a JSON object"))
        }
        self.members = members
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(JSONValue.object(members))
    }

    /// `document`'s members without `"version"`, unsealed.
    static func members(of document: Document) throws -> [String: JSONValue] {
        var members = try VersionedDocumentCodec<Document>(path: "").members(of: document)
        members[VersionedDocumentCodec<Document>.versionKey] = nil
        return members
    }
}
