import Foundation
import Testing
import AuthPlatform

/// Our replacements for Foundation's string extensions give Foundation's answers.
@Suite struct TextFormattingTests {
    @Test(arguments: [[], [0x00], [0x0F, 0xA0], [0xDE, 0xAD, 0xBE, 0xEF], Array(0...255)] as [[UInt8]])
    func hexadecimalIsPrintfsTwoDigitsAByte(bytes: [UInt8]) {
        #expect(String(hexadecimal: bytes) == bytes.map { String(format: "%02x", $0) }.joined())
        #expect(String(hexadecimal: bytes, uppercase: true) == bytes.map { String(format: "%02X", $0) }.joined())
    }

    @Test(arguments: [(0, 2), (7, 2), (42, 2), (123, 2), (5, 0), (-3, 3), (59, 4)])
    func zeroPaddingIsPrintfs(value: Int, width: Int) {
        #expect(String(value, zeroPaddedTo: width) == String(format: "%0\(width)d", value))
    }

    static let untrimmed = [
        "", " ", "  \t ", "plain", " a b ", "\tvalue\t", "\n line \r\n", "\u{00A0}nbsp\u{2003}",
        "\u{2028}sep\u{85}", "[::1]", "[[x]]", " \n\t ", "é ", "\u{0B}vt\u{0C}",
    ]

    @Test(arguments: untrimmed)
    func trimmingSpacesIsFoundationsWhitespaces(text: String) {
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
        #expect(Substring(text).trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: untrimmed)
    func trimmingWhitespaceIsFoundationsWhitespacesAndNewlines(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: untrimmed)
    func trimmingWhileIsFoundationsTrimmingOfASet(text: String) {
        #expect(text.trimming(while: { "[]".contains($0) }) == text.trimmingCharacters(in: CharacterSet(charactersIn: "[]")))
    }

    @Test(arguments: [
        ("", true, ""), ("abc", true, "abc"), ("a+b", true, "a b"), ("a+b", false, "a+b"),
        ("%41%62", false, "Ab"), ("%e2%82%ac", true, "€"), ("4%2F0A", false, "4/0A"), ("100%25", true, "100%"),
    ])
    func percentDecoding(encoded: String, plusIsSpace: Bool, expected: String) throws {
        let decoded = try #require(PercentDecoding.decode(encoded.utf8, plusIsSpace: plusIsSpace))
        #expect(String(decoding: decoded, as: UTF8.self) == expected)
        if !plusIsSpace { #expect(encoded.removingPercentEncoding == expected) }
    }

    @Test(arguments: ["%", "%4", "%G1", "%1G", "a%", "%%41"])
    func brokenPercentEncodingIsNil(encoded: String) {
        #expect(PercentDecoding.decode(encoded.utf8, plusIsSpace: true) == nil)
        #expect(encoded.removingPercentEncoding == nil)
    }
}
