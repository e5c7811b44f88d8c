/// Strict base64url without padding (RFC 4648 §5, as JOSE uses it: RFC 7515 §2).
///
/// Decoding accepts exactly the text ``encode(_:)`` produces: only `A-Z a-z 0-9 - _`, no `=`, no
/// white space, a length that is not 1 mod 4, and zero unused trailing bits (RFC 4648 §3.5), so
/// that every byte string has exactly one accepted spelling.
package enum Base64URL {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// 0xFF marks bytes outside the alphabet.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, symbol) in alphabet.enumerated() { table[Int(symbol)] = UInt8(value) }
        return table
    }()

    /// The unpadded base64url text of `bytes`.
    package static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= input.count {
            let word = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            out += [alphabet[Int(word >> 18 & 63)], alphabet[Int(word >> 12 & 63)], alphabet[Int(word >> 6 & 63)], alphabet[Int(word & 63)]]
            index += 3
        }
        switch input.count - index {
        case 1:
            let word = UInt32(input[index]) << 16
            out += [alphabet[Int(word >> 18 & 63)], alphabet[Int(word >> 12 & 63)]]
        case 2:
            let word = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            out += [alphabet[Int(word >> 18 & 63)], alphabet[Int(word >> 12 & 63)], alphabet[Int(word >> 6 & 63)]]
        default:
            break
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil if it is not canonical unpadded base64url.
    package static func decode<Text: StringProtocol>(_ text: Text) -> [UInt8]? {
        decode(bytes: Array(text.utf8))
    }

    /// The bytes that the base64url `symbols` encode, or nil (see ``decode(_:)``).
    package static func decode(bytes symbols: [UInt8]) -> [UInt8]? {
        let remainder = symbols.count % 4
        guard remainder != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(symbols.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for symbol in symbols {
            let value = decodeTable[Int(symbol)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // RFC 4648 §3.5: the unused trailing bits of the last symbol must be zero (canonical).
        guard accumulator == 0 else { return nil }
        return out
    }
}
