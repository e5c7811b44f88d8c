/// A strict RFC 8259 parser: bytes in, ``JSONValue`` out, with a depth limit and no duplicate keys.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONValue.ParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw .notJSON(offset: index) }
        return value
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ literal: StaticString) throws(JSONValue.ParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw .notJSON(offset: index) }
        let matches = literal.withUTF8Buffer { buffer in
            buffer.elementsEqual(bytes[index..<index + count])
        }
        guard matches else { throw .notJSON(offset: index) }
        index += count
    }

    private mutating func parseValue() throws(JSONValue.ParseError) -> JSONValue {
        guard let byte = current else { throw .notJSON(offset: index) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw .notJSON(offset: index)
        }
    }

    private mutating func enter() throws(JSONValue.ParseError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else { throw .tooDeep }
        index += 1
    }

    private mutating func parseObject() throws(JSONValue.ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw .notJSON(offset: index) }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw .notJSON(offset: index) }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            guard members.updateValue(value, forKey: key) == nil else { throw .duplicateKey(key) }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw .notJSON(offset: index)
            }
        }
    }

    private mutating func parseArray() throws(JSONValue.ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var values: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(values) }
        while true {
            skipWhitespace()
            values.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(values)
            default: throw .notJSON(offset: index)
            }
        }
    }

    private mutating func parseNumber() throws(JSONValue.ParseError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw .notJSON(offset: index) }
        index += 1
        if first != UInt8(ascii: "0") { while let byte = current, isDigit(byte) { index += 1 } }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, isDigit(byte) else { throw .notJSON(offset: index) }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, isDigit(byte) else { throw .notJSON(offset: index) }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw .notJSON(offset: start) }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func parseString() throws(JSONValue.ParseError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ parser: JSONParser, upTo end: Int, into scalars: inout String.UnicodeScalarView) -> Bool {
            guard runStart < end else { return true }
            guard let text = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            return true
        }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                if scalars.isEmpty {  // no escape: the string is its bytes, decoded once
                    guard let text = String(validating: bytes[runStart..<index], as: UTF8.self) else { throw .notJSON(offset: runStart) }
                    index += 1
                    return text
                }
                guard flush(self, upTo: index, into: &scalars) else { throw .notJSON(offset: runStart) }
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                guard flush(self, upTo: index, into: &scalars) else { throw .notJSON(offset: runStart) }
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw .notJSON(offset: index)
            default:
                index += 1
            }
        }
        throw .notJSON(offset: index)
    }

    private mutating func parseEscape() throws(JSONValue.ParseError) -> Unicode.Scalar {
        guard let byte = current else { throw .notJSON(offset: index) }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\") else { throw .notJSON(offset: index) }
                index += 1
                guard current == UInt8(ascii: "u") else { throw .notJSON(offset: index) }
                index += 1
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw .notJSON(offset: index) }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(combined) else { throw .notJSON(offset: index) }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw .notJSON(offset: index) }
            return scalar
        default:
            throw .notJSON(offset: index - 1)
        }
    }

    private mutating func parseHex4() throws(JSONValue.ParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .notJSON(offset: index) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .notJSON(offset: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
