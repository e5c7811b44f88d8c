/// Hex for embedded test constants; whitespace is ignored, anything else malformed traps.
enum TestSigningHex {
    static func decode(_ hex: String) -> [UInt8] {
        let digits = hex.unicodeScalars.filter { !$0.properties.isWhitespace }.map { scalar -> UInt8 in
            guard let value = UInt8(String(scalar), radix: 16) else { preconditionFailure("bad hex digit \(scalar)") }
            return value
        }
        precondition(digits.count % 2 == 0, "odd number of hex digits")
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }
}
