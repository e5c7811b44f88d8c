/// The few string operations authctl needs that the standard library lacks, written here so that
/// no module needs Foundation's string extensions (and the binary need not link Foundation at
/// all: Docs/Decisions/0017-start-up.md).
extension String {
    /// `bytes` as hexadecimal, two digits a byte, lower-case unless `uppercase`.
    package init(hexadecimal bytes: some Sequence<UInt8>, uppercase: Bool = false) {
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        self = String(decoding: text, as: UTF8.self)
    }

    /// `value` in decimal, zeros after any sign up to `width` characters (`printf("%0*d")`).
    package init(_ value: Int, zeroPaddedTo width: Int) {
        let sign = value < 0 ? "-" : "", digits = "\(value.magnitude)"
        self = sign + Swift.String(repeating: "0", count: Swift.max(0, width - sign.count - digits.count)) + digits
    }
}

extension StringProtocol {
    /// Without the leading and trailing characters that satisfy `predicate`.
    package func trimming(while predicate: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !predicate($0) }) else { return "" }
        let last = lastIndex(where: { !predicate($0) }) ?? first
        return String(self[first...last])
    }

    /// Without leading and trailing spaces and tabs (Unicode white space that is not a line break).
    package func trimmingSpaces() -> String {
        trimming { $0.isWhitespace && !$0.isNewline }
    }

    /// Without leading and trailing white space, line breaks included.
    package func trimmingWhitespace() -> String {
        trimming(while: \.isWhitespace)
    }
}

/// `%XX` decoding (RFC 3986 §2.1), shared by the loopback listener's query and pasted codes.
package enum PercentDecoding {
    /// The bytes `encoded` stands for: each `%XX` is one byte, `+` is a space only when
    /// `plusIsSpace` (form encoding, WHATWG URL §5.1). Nil when a `%` is not followed by two hex digits.
    package static func decode(_ encoded: some Collection<UInt8>, plusIsSpace: Bool) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(encoded.count)
        var iterator = encoded.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                decoded.append(high << 4 | low)
            default:
                decoded.append(byte)
            }
        }
        return decoded
    }

    /// The value of one hexadecimal digit, either case.
    package static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
