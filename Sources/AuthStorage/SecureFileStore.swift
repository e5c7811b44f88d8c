#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AuthPlatform

/// A document kept in a file of the authctl home, under a schema version.
///
/// On disk it is one JSON object: the document's own members plus `"version"` (so the document
/// must be a keyed type and must not have a member of that name). Dates are stored as seconds
/// since 1970 (a JSON number); ``JSONValueEncoder`` and ``JSONValueDecoder`` do the coding.
public protocol VersionedDocument: Codable, Sendable {
    /// The schema version this build writes and understands. Bump it when the schema changes.
    static var schemaVersion: Int { get }
    /// The empty document: what a missing file holds.
    init()
    /// The document from its file's top-level object (which also holds `"version"`). By default
    /// through `Decodable`; a document the hot path reads reads itself by hand (``JSONObjectReader``).
    init(reading object: JSONObjectReader) throws
}

extension VersionedDocument {
    public init(reading object: JSONObjectReader) throws {
        self = try JSONValueDecoder().decode(Self.self, from: .object(object.members))
    }
}

/// The size limits of files in the home.
public enum KeystoreLimits {
    /// A larger file is refused as corrupt: far more than any real keystore or configuration.
    public static let maximumFileBytes = 4 * 1024 * 1024
    /// How long ``SecureFileStore/update(_:)`` waits for another process before giving up.
    public static let defaultLockTimeout: Duration = .seconds(10)
}

/// One versioned JSON document in the home, read safely and changed under an exclusive lock.
///
/// - Reads take no lock: every write is an atomic rename, so a reader sees the old file or the new
///   one, never a mixture, and a stuck writer can never block `whoami`.
/// - ``update(_:)`` holds an exclusive `flock` on the home's lock file for its whole duration:
///   re-read, mutate, write. Concurrent updates from any process or thread never lose each other.
/// - A file that is corrupt, empty, or from a newer schema is refused and never overwritten.
public struct SecureFileStore<Document: VersionedDocument>: Sendable {
    public let home: HomeDirectory
    public let fileName: String
    public let lockTimeout: Duration

    /// The store for `fileName` (a plain name, no slashes) in `home`.
    public init(home: HomeDirectory, fileName: String, lockTimeout: Duration = KeystoreLimits.defaultLockTimeout) {
        precondition(!fileName.isEmpty && !fileName.utf8.contains(UInt8(ascii: "/")) && fileName != "." && fileName != "..",
            "a store file name is a plain name inside the home")
        self.home = home
        self.fileName = fileName
        self.lockTimeout = lockTimeout
    }

    /// The file's path.
    public var path: String { home.appending(fileName) }

    /// The document; the empty document if the home or the file does not exist yet. Creates nothing.
    public func read() throws(KeystoreError) -> Document {
        guard try home.exists() else { return Document() }
        try home.checkSecure()
        return try load() ?? Document()
    }

    /// Changes the document: creates the home if needed, takes the exclusive lock, re-reads the
    /// file, runs `body` on it, and writes the result atomically, only if it changed. If `body`
    /// throws, nothing is written and its error is rethrown as it is.
    ///
    /// Throws ``KeystoreError/locked(lockFile:)`` if another process holds the lock for longer than
    /// ``lockTimeout``. Blocks the calling thread while it waits.
    @discardableResult
    public func update<Result>(_ body: (inout Document) throws -> Result) throws -> Result {
        try home.ensureExists()
        return try FileLock.withExclusiveLock(at: home.appending(HomeDirectory.lockFileName), timeout: lockTimeout) {
            var document = try load() ?? Document()
            let before = try encode(document)
            let result = try body(&document)
            let after = try encode(document)
            if after != before {
                try SecureFile.replace(fileName, in: home, with: after)
            }
            return result
        }
    }

    /// ``update(_:)`` for a body that awaits: the lock is held across the whole body, so another
    /// process waits, then re-reads what this one wrote. Nothing is written if `body` throws.
    @discardableResult
    public func update<Result>(_ body: (inout Document) async throws -> Result) async throws -> Result {
        try home.ensureExists()
        return try await FileLock.withExclusiveLock(at: home.appending(HomeDirectory.lockFileName), timeout: lockTimeout) {
            var document = try load() ?? Document()
            let before = try encode(document)
            let result = try await body(&document)
            let after = try encode(document)
            if after != before {
                try SecureFile.replace(fileName, in: home, with: after)
            }
            return result
        }
    }

    /// Writes `document` atomically (fsync, rename, fsync of the home) without taking the lock:
    /// the caller holds it, inside an ``update(_:)`` of another file of the same home.
    public func replaceWhileLocked(_ document: Document) throws {
        try home.ensureExists()
        try SecureFile.replace(fileName, in: home, with: try encode(document))
    }

    // MARK: Coding

    /// The member of the file's top-level object that holds the schema version.
    static var versionKey: String { "version" }

    private func load() throws(KeystoreError) -> Document? {
        guard let bytes = try SecureFile.read(path, limit: KeystoreLimits.maximumFileBytes) else { return nil }
        return try decode(bytes)
    }

    /// Parses `bytes` strictly (RFC 8259, no duplicate members), checks the version, then decodes.
    func decode(_ bytes: [UInt8]) throws(KeystoreError) -> Document {
        guard !bytes.isEmpty else {
            throw .corrupt(path: path, reason: "the file is empty")
        }
        guard bytes.count <= KeystoreLimits.maximumFileBytes else {
            throw .corrupt(path: path, reason: "the file is larger than \(KeystoreLimits.maximumFileBytes) bytes")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .corrupt(path: path, reason: Self.describe(error))
        }
        guard case .object(let members) = value else {
            throw .corrupt(path: path, reason: "the top level is not a JSON object")
        }
        guard let version = members[Self.versionKey]?.intValue else {
            throw .corrupt(path: path, reason: "it has no integer \"\(Self.versionKey)\" member")
        }
        guard version <= Document.schemaVersion else {
            throw .newerVersion(path: path, found: version, supported: Document.schemaVersion)
        }
        guard version == Document.schemaVersion else {
            throw .corrupt(path: path, reason: "schema version \(version) is not one this build reads (\(Document.schemaVersion))")
        }
        do {
            return try Document(reading: JSONObjectReader(value))
        } catch let error as DecodingError {
            throw .corrupt(path: path, reason: Self.describe(error))
        } catch {
            throw .corrupt(path: path, reason: "it does not match the expected structure")
        }
    }

    /// The file's bytes for `document`: its members and `"version"` in one object, pretty-printed
    /// with sorted keys, ending in a newline.
    func encode(_ document: Document) throws(KeystoreError) -> [UInt8] {
        let encoded: JSONValue
        do {
            encoded = try JSONValueEncoder().encode(document)
        } catch {
            throw .unencodable(path: path, reason: "\(type(of: error))")
        }
        guard case .object(var members) = encoded else {
            throw .unencodable(path: path, reason: "the document is not a JSON object")
        }
        guard members[Self.versionKey] == nil else {
            throw .unencodable(path: path, reason: "the document has its own \"\(Self.versionKey)\" member")
        }
        members[Self.versionKey] = .number(Double(Document.schemaVersion))
        return Array(JSONValue.object(members).serialized(pretty: true).utf8) + [UInt8(ascii: "\n")]
    }

    private static func describe(_ error: JSONValue.ParseError) -> String {
        switch error {
        case .notJSON(let offset): "not valid JSON at byte \(offset)"
        case .tooDeep: "nested deeper than \(JSONValue.maximumDepth) levels"
        case .duplicateKey(let key): "the member \"\(key)\" appears twice"
        }
    }

    /// Where and what, never the value itself (it may be a token).
    private static func describe(_ error: DecodingError) -> String {
        func location(_ path: [any CodingKey]) -> String {
            guard !path.isEmpty else { return "the top level" }
            return path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        }
        switch error {
        case .typeMismatch(let type, let context): return "expected \(type) at \(location(context.codingPath))"
        case .valueNotFound(let type, let context): return "missing \(type) at \(location(context.codingPath))"
        case .keyNotFound(let key, let context): return "missing member \"\(key.stringValue)\" at \(location(context.codingPath))"
        case .dataCorrupted(let context): return "invalid value at \(location(context.codingPath))"
        @unknown default: return "it does not match the expected structure"
        }
    }
}
