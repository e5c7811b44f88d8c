import AuthPlatform

/// The coding of a ``VersionedDocument``, apart from where its bytes live (Decisions/0024).
///
/// On disk a document is one JSON object: its own members plus `"version"`. Decoding parses
/// strictly (RFC 8259, no duplicate members, size cap), checks the version, then decodes; encoding
/// writes the members and the version pretty-printed with sorted keys and a final newline. The
/// steps are separate so that a store can work on the members in between (``SecretSealer`` moves
/// secrets to the keyring there). Error messages name `path`, never a value.
package struct VersionedDocumentCodec<Document: VersionedDocument>: Sendable {
    /// The file the bytes belong to, for error messages.
    package let path: String

    package init(path: String) { self.path = path }

    /// The member of the file's top-level object that holds the schema version.
    package static var versionKey: String { "version" }

    /// Parses `bytes` strictly, checks the version, then decodes.
    package func decode(_ bytes: [UInt8]) throws(KeystoreError) -> Document {
        try document(from: members(parsing: bytes))
    }

    /// The file's bytes for `document`.
    package func encode(_ document: Document) throws(KeystoreError) -> [UInt8] {
        bytes(of: try members(of: document))
    }

    /// The top-level members of `bytes` (including `"version"`), parsed strictly, version checked.
    package func members(parsing bytes: [UInt8]) throws(KeystoreError) -> [String: JSONValue] {
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
        return members
    }

    /// The document from its checked top-level members.
    package func document(from members: [String: JSONValue]) throws(KeystoreError) -> Document {
        do {
            return try Document(reading: JSONObjectReader(.object(members)))
        } catch let error as DecodingError {
            throw .corrupt(path: path, reason: Self.describe(error))
        } catch {
            throw .corrupt(path: path, reason: "it does not match the expected structure")
        }
    }

    /// The document's members plus `"version"`.
    package func members(of document: Document) throws(KeystoreError) -> [String: JSONValue] {
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
        return members
    }

    /// The file's bytes for `members`: pretty-printed with sorted keys, ending in a newline.
    package func bytes(of members: [String: JSONValue]) -> [UInt8] {
        Array(JSONValue.object(members).serialized(pretty: true).utf8) + [UInt8(ascii: "\n")]
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
