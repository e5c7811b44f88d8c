

/// A JSON document as a Sendable value: what providers send us (discovery, token responses, claims)
/// and what `--json` prints. Parsing is strict (RFC 8259), depth-limited, and refuses duplicate keys.
package enum JSONValue: Sendable, Equatable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Deeper nesting than any provider document needs; refuses stack-exhausting input.
    package static let maximumDepth = 64

    package enum ParseError: Error, Equatable, Sendable {
        /// Not RFC 8259 JSON; `offset` is the byte where parsing stopped.
        case notJSON(offset: Int)
        /// Nested deeper than ``maximumDepth``.
        case tooDeep
        /// An object names the same member twice (RFC 7515 §5.2 asks JOSE parsers to reject this).
        case duplicateKey(String)
    }

    /// Parses `bytes` as exactly one JSON value (surrounding white space allowed).
    package static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(ParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        return try parser.parseDocument()
    }

    /// Parses `text` as exactly one JSON value.
    package static func parse(_ text: String) throws(ParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    // MARK: Access

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an integer, if it is one exactly.
    package var intValue: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    // MARK: Output

    /// Compact (or pretty) JSON text with keys sorted, so output is stable.
    package func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        let newline = pretty ? "\n" : ""
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let closePad = pretty ? String(repeating: "  ", count: indent) : ""
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.0e15 { out += String(Int64(value)) } else { out += "\(value)" }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let values):
            if values.isEmpty { out += "[]"; return }
            out += "[" + newline
            for (index, value) in values.enumerated() {
                out += pad
                value.write(to: &out, pretty: pretty, indent: indent + 1)
                out += (index < values.count - 1 ? "," : "") + newline
            }
            out += closePad + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{" + newline
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                out += pad
                JSONValue.writeString(key, to: &out)
                out += pretty ? ": " : ":"
                members[key]!.write(to: &out, pretty: pretty, indent: indent + 1)
                out += (index < keys.count - 1 ? "," : "") + newline
            }
            out += closePad + "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Below 0x20 as JSON requires; DEL, C1 and the bidirectional controls too, so that a
            // document on a terminal carries no control it did not write (Decisions/0041), and
            // still reads back exactly.
            case _ where scalar.value < 0x20 || TerminalSafety.isNeutralised(scalar):
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    package init(nilLiteral: ()) { self = .null }
}


extension JSONValue: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
