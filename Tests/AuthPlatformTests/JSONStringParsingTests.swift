import Testing
import AuthPlatform

/// JSON strings (RFC 8259 §7): UTF-8 taken as it is when nothing is escaped, escapes decoded, and
/// bytes that are not UTF-8 or are control characters refused with or without escapes.
@Suite struct JSONStringParsingTests {
    @Test(arguments: [
        (#""""#, ""), (#""plain""#, "plain"), (#""é€😀""#, "é€😀"), (#""a\"b""#, "a\"b"),
        (#""\\\/\b\f\n\r\t""#, "\\/\u{08}\u{0C}\n\r\t"), (#""\u00e9 and \ud83d\ude00""#, "é and 😀"),
        (#""before \n after é""#, "before \n after é"),
    ])
    func stringsDecode(json: String, expected: String) throws {
        #expect(try JSONValue.parse(json) == .string(expected))
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x28, 0x22], [0x22, 0x5C, 0x6E, 0xFF, 0x22], [0x22, 0xFF, 0x5C, 0x6E, 0x22],
        [0x22, 0x0A, 0x22], [0x22, 0x61], [0x22, 0x5C, 0x78, 0x22], [0x22, 0x5C, 0x75, 0x64, 0x38, 0x33, 0x64, 0x22],
    ] as [[UInt8]])
    func brokenStringsAreRefused(bytes: [UInt8]) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(bytes) }
    }
}
