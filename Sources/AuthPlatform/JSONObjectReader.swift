/// A value that reads itself from a JSON object by hand, member by member.
///
/// authctl's own files are written through `Encodable` (``JSONValueEncoder``). Reading them back
/// through `Decodable` costs the runtime a generic container class, a box and their metadata for
/// every type on the way, which was a fifth of `authctl token`'s instructions; the documents the
/// hot path reads adopt this instead (Docs/Decisions/0017). The rules are ``JSONValueDecoder``'s,
/// and so are the errors: tests read the same files both ways and compare.
package protocol JSONObjectDecodable {
    init(reading object: JSONObjectReader) throws
}

/// One JSON object being read by a ``JSONObjectDecodable`` value: a required member that is
/// missing or of the wrong type throws the `DecodingError` `Decodable` would; an optional member
/// that is missing or null is nil; members nobody asks for are ignored. Dates are seconds since
/// 1970, as ``JSONValueEncoder`` writes them.
package struct JSONObjectReader {
    package let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    /// The object `value` is, at `codingPath` (for errors).
    package init(_ value: JSONValue, codingPath: [any CodingKey] = []) throws {
        guard case .object(let members) = value else {
            throw JSONValueDecoding(value, codingPath: codingPath).mismatch([String: JSONValue].self)
        }
        self.members = members
        self.codingPath = codingPath
    }

    package func string(_ key: String) throws -> String { try member(key).decode(String.self) }
    package func string(ifPresent key: String) throws -> String? { try optional(key) { try $0.decode(String.self) } }
    package func bool(_ key: String) throws -> Bool { try member(key).decode(Bool.self) }

    package func date(_ key: String) throws -> Date { Date(timeIntervalSince1970: try member(key).decode(Double.self)) }
    package func date(ifPresent key: String) throws -> Date? {
        try optional(key) { Date(timeIntervalSince1970: try $0.decode(Double.self)) }
    }

    package func strings(_ key: String) throws -> [String] {
        try elements(of: key).map { try $0.decode(String.self) }
    }

    package func object<Value: JSONObjectDecodable>(_ key: String, as type: Value.Type = Value.self) throws -> Value {
        let decoding = try member(key)
        return try Value(reading: JSONObjectReader(decoding.value, codingPath: decoding.codingPath))
    }

    package func object<Value: JSONObjectDecodable>(ifPresent key: String, as type: Value.Type = Value.self) throws -> Value? {
        try optional(key) { try Value(reading: JSONObjectReader($0.value, codingPath: $0.codingPath)) }
    }

    package func objects<Value: JSONObjectDecodable>(_ key: String, as type: Value.Type = Value.self) throws -> [Value] {
        try elements(of: key).map { try Value(reading: JSONObjectReader($0.value, codingPath: $0.codingPath)) }
    }

    /// An optional array member: nil when it is missing or null, as `decodeIfPresent` reads it.
    package func objects<Value: JSONObjectDecodable>(ifPresent key: String, as type: Value.Type = Value.self) throws -> [Value]? {
        guard let value = members[key], value != .null else { return nil }
        return try objects(key, as: type)
    }

    // MARK: Members

    private func member(_ key: String) throws -> JSONValueDecoding {
        guard let value = members[key] else {
            throw DecodingError.keyNotFound(JSONMemberKey(key), .init(codingPath: codingPath, debugDescription: "no member \"\(key)\""))
        }
        return JSONValueDecoding(value, codingPath: codingPath + [JSONMemberKey(key)])
    }

    private func optional<Value>(_ key: String, _ read: (JSONValueDecoding) throws -> Value) throws -> Value? {
        guard let value = members[key], value != .null else { return nil }
        return try read(JSONValueDecoding(value, codingPath: codingPath + [JSONMemberKey(key)]))
    }

    /// The elements of the array member `key`, each with its path.
    private func elements(of key: String) throws -> [JSONValueDecoding] {
        let array = try member(key)
        guard case .array(let elements) = array.value else { throw array.mismatch([JSONValue].self) }
        return elements.indices.map { JSONValueDecoding(elements[$0], codingPath: array.codingPath + [JSONIndexKey($0)]) }
    }
}
