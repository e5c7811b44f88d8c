import Testing
@testable import AuthPlatform

/// The QR encoder against the numbers of ISO/IEC 18004:2015; that what it draws decodes to the
/// exact text is proven end to end with zbarimg (Tests/e2e/test_qr_code.py).
@Suite struct QRCodeTests {
    /// Annex C, Table C.1: the format information bit strings of level M, masks 0 to 7.
    @Test(arguments: zip(0..<8, [
        "101010000010010", "101000100100101", "101111001111100", "101101101001011",
        "100010111111001", "100000011001110", "100111110010111", "100101010100000",
    ]))
    func formatInformationMatchesTheSpecTable(mask: Int, bits: String) {
        #expect(String(QRCodeSpec.formatBits(mask: mask), radix: 2).leftPadded(to: 15) == bits)
    }

    /// Annex D, Table D.1: version information bit strings.
    @Test(arguments: [(7, 0x07C94), (8, 0x085BC), (9, 0x09A99), (10, 0x0A4D3), (17, 0x1145D), (27, 0x1B08E), (40, 0x28C69)])
    func versionInformationMatchesTheSpecTable(version: Int, bits: Int) {
        #expect(QRCodeSpec.versionBits(version: version) == bits)
    }

    /// Annex E, Table E.1: row/column coordinates of the alignment pattern centres.
    @Test(arguments: [
        (1, []), (2, [6, 18]), (6, [6, 34]), (7, [6, 22, 38]), (14, [6, 26, 46, 66]), (15, [6, 26, 48, 70]),
        (32, [6, 34, 60, 86, 112, 138]), (36, [6, 24, 50, 76, 102, 128, 154]), (40, [6, 30, 58, 86, 114, 142, 170]),
    ])
    func alignmentPatternCentersMatchTheSpecTable(version: Int, centers: [Int]) {
        #expect(QRCodeSpec.alignmentPatternCenters(version: version) == centers)
    }

    /// Table 7: 8-bit byte capacity at level M; Table 1: total codewords.
    @Test(arguments: [
        (1, 14, 26), (2, 26, 44), (3, 42, 70), (4, 62, 100), (5, 84, 134), (6, 106, 172), (7, 122, 196),
        (9, 180, 292), (10, 213, 346), (13, 331, 532), (14, 362, 581), (25, 997, 1_588), (40, 2_331, 3_706),
    ])
    func capacitiesMatchTheSpecTables(version: Int, bytes: Int, codewords: Int) {
        #expect(QRCodeSpec.byteCapacity(version: version) == bytes)
        #expect(QRCodeSpec.totalCodewords(version: version) == codewords)
    }

    @Test(arguments: [(1, 1), (14, 1), (15, 2), (62, 4), (63, 5), (331, 13), (332, 14), (2_331, 40)])
    func theSmallestVersionThatHoldsTheBytesIsChosen(byteCount: Int, version: Int) throws {
        #expect(QRCodeSpec.smallestVersion(for: byteCount) == version)
        let code = try #require(QRCode(bytes: Array(repeating: 0x61, count: byteCount)))
        #expect(code.version == version)
        #expect(code.size == 17 + 4 * version)
    }

    @Test func pastVersionFortyThereIsNoCode() {
        #expect(QRCodeSpec.smallestVersion(for: 2_332) == nil)
        #expect(QRCode(bytes: Array(repeating: 0x61, count: 2_332)) == nil)
        #expect(QRCode(bytes: Array(repeating: 0x61, count: 15), maximumVersion: 1) == nil)
    }

    /// Error correction codewords of two published 1-M examples: ISO/IEC 18004 Annex I ("01234567",
    /// numeric) and the widely used "HELLO WORLD" (alphanumeric); Reed-Solomon sees only codewords.
    @Test(arguments: [
        ([16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17] as [UInt8],
         [165, 36, 212, 193, 237, 54, 199, 135, 44, 85] as [UInt8]),
        ([32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17],
         [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]),
    ])
    func reedSolomonMatchesPublishedExamples(data: [UInt8], correction: [UInt8]) {
        #expect(QRReedSolomon.remainder(of: data, count: 10) == correction)
    }

    /// §7.4: mode 0100, an 8-bit count, the bytes, the terminator, then 0xEC/0x11 padding.
    @Test func theDataBitStreamIsByteModeWithPadding() {
        let codewords = QRCode.dataCodewords(for: Array("AB".utf8), version: 1)
        #expect(codewords == [0x40, 0x24, 0x14, 0x20, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
    }

    @Test(arguments: ["https://idp.example.com/device?user_code=ABCD-EFGH", String(repeating: "x", count: 300)])
    func functionPatternsAreWhereTheSpecPutsThem(text: String) throws {
        let code = try #require(QRCode(bytes: Array(text.utf8)))
        let last = code.size - 1
        for (x, y) in [(0, 0), (last - 6, 0), (0, last - 6)] {
            #expect(code[x, y] && code[x + 6, y + 6] && code[x + 3, y + 3], "finder corners and centre are dark")
            #expect(!code[x + 1, y + 1] && !code[x + 5, y + 5], "the finder's inner ring is light")
        }
        #expect(!code[7, 7] && !code[last - 7, 7] && !code[7, last - 7], "separators are light")
        for index in 8...(last - 8) {
            #expect(code[index, 6] == (index % 2 == 0) && code[6, index] == (index % 2 == 0), "timing patterns alternate")
        }
        #expect(code[8, code.size - 8], "the dark module")
    }

    /// Both copies of the format information say level M and the mask the encoder chose.
    @Test(arguments: ["a", "https://example.com/", String(repeating: "é", count: 100)])
    func theFormatInformationNamesTheChosenMask(text: String) throws {
        let code = try #require(QRCode(bytes: Array(text.utf8)))
        let expected = QRCodeSpec.formatBits(mask: code.mask)
        let aroundTopLeft = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8)]
        let split = (0..<8).map { (code.size - 1 - $0, 8) } + (8..<15).map { (8, code.size - 15 + $0) }
        for positions in [aroundTopLeft, split] {
            let read = positions.enumerated().reduce(0) { $0 | (code[$1.element.0, $1.element.1] ? 1 << $1.offset : 0) }
            #expect(read == expected)
        }
    }

    @Test func thePenaltyRulesScoreTheirFeatures() {
        #expect(QRPenalty.runs([true, true, true, true, false]) == 0)
        #expect(QRPenalty.runs([true, true, true, true, true, false]) == 3)
        #expect(QRPenalty.runs([false, false, false, false, false, false, false]) == 5)
        let finder: [Bool] = [false, false, false, false, true, false, true, true, true, false, true, true]
        #expect(QRPenalty.finderLikePatterns(finder) == 40)
        #expect(QRPenalty.finderLikePatterns([true, false, true, true, true, false, true]) == 80, "light beyond both edges")
        #expect(QRPenalty.finderLikePatterns([true, false, true, true, false, false, true]) == 0)
    }
}

@Suite struct QRCodeTextTests {
    @Test(arguments: [20, 100, 331])
    func theDrawingIsSquareHalfBlocksWithAQuietZone(length: Int) throws {
        let text = String(repeating: "u", count: length)
        let code = try #require(QRCode(bytes: Array(text.utf8)))
        let lines = QRCodeText.lines(for: code)
        let side = code.size + 8
        #expect(lines.count == (side + 1) / 2)
        #expect(lines.allSatisfy { $0.count == side && $0.count <= 80 })
        #expect(lines.allSatisfy { $0.allSatisfy { "▀▄█ ".contains($0) } })
        #expect(lines[0] == String(repeating: "█", count: side) && lines[1] == lines[0], "four light rows on top")
        #expect(lines[2].hasPrefix("████ ▄▄▄▄▄ "), "the finder's top edge under the quiet zone")
    }
}

/// Every error correction level, and the code that fits a window (issue 27 finding 8, Decisions/0029).
@Suite struct QRCodeFitTests {
    /// Annex C, Table C.1: mask 0's format information at each level.
    @Test(arguments: [
        (QRErrorCorrection.low, "111011111000100"), (.medium, "101010000010010"), (.quartile, "011010101011111"), (.high, "001011010001001"),
    ])
    func formatInformationOfEachLevel(level: QRErrorCorrection, bits: String) {
        #expect(String(QRCodeSpec.formatBits(mask: 0, level: level), radix: 2).leftPadded(to: 15) == bits)
    }

    /// Table 7: 8-bit byte capacities at L, Q and H.
    @Test(arguments: [
        (QRErrorCorrection.low, 1, 17), (.low, 2, 32), (.low, 5, 106), (.low, 10, 271), (.low, 12, 367), (.low, 13, 425), (.low, 40, 2_953),
        (.quartile, 1, 11), (.quartile, 10, 151), (.quartile, 40, 1_663),
        (.high, 1, 7), (.high, 10, 119), (.high, 40, 1_273),
    ])
    func capacitiesAtEveryLevel(level: QRErrorCorrection, version: Int, bytes: Int) {
        #expect(QRCodeSpec.byteCapacity(version: version, level: level) == bytes)
    }

    /// The window → the drawing: the smallest version at level L; the highest level that version
    /// still holds; nothing when the drawing would not fit the columns or the lines.
    struct Case: Sendable, CustomTestStringConvertible {
        var bytes: Int
        var columns: Int?
        var lines: Int?
        /// The version and level drawn, or nil for "not drawn".
        var drawn: (version: Int, level: QRErrorCorrection)?
        var testDescription: String { "\(bytes) bytes in \(columns.map(String.init) ?? "-")x\(lines.map(String.init) ?? "-")" }
    }

    static let cases: [Case] = [
        Case(bytes: 17, columns: 80, lines: 24, drawn: (1, .low)),
        Case(bytes: 7, columns: 80, lines: 24, drawn: (1, .high)),
        Case(bytes: 31, columns: 80, lines: 24, drawn: (2, .low)),
        // A device flow's verification_uri_complete (about 60 bytes): version 4 needs 41 columns, 21 lines.
        Case(bytes: 60, columns: 80, lines: 21, drawn: (4, .medium)),
        Case(bytes: 60, columns: 80, lines: 20, drawn: nil),
        Case(bytes: 60, columns: 40, lines: 40, drawn: nil),
        // The issue's 374-byte local-flow URL: version 13 at L (77 columns, 39 lines).
        Case(bytes: 374, columns: 80, lines: 24, drawn: nil),
        Case(bytes: 374, columns: 100, lines: 30, drawn: nil),
        Case(bytes: 374, columns: 77, lines: 39, drawn: (13, .low)),
        Case(bytes: 374, columns: nil, lines: nil, drawn: (13, .low)),
        Case(bytes: 374, columns: 80, lines: nil, drawn: (13, .low)),
        Case(bytes: 2_953, columns: nil, lines: nil, drawn: (40, .low)),
    ]

    @Test(arguments: cases)
    func theSmallestCodeThatFitsIsDrawn(_ testCase: Case) throws {
        let text = String(repeating: "u", count: testCase.bytes)
        switch QRCodeText.fit(text, columns: testCase.columns, lines: testCase.lines) {
        case .drawn(let lines, let code):
            let expected = try #require(testCase.drawn, "drew version \(code.version)")
            #expect(code.version == expected.version && code.level == expected.level)
            #expect(lines.count <= (testCase.lines ?? .max) && lines.allSatisfy { $0.count <= (testCase.columns ?? .max) })
            #expect(lines.count == QRCodeText.drawingSize(version: code.version).lines)
        case .tooLarge(let columns, let lines):
            #expect(testCase.drawn == nil)
            #expect(columns > (testCase.columns ?? .max) || lines > (testCase.lines ?? .max))
        case .tooLong:
            Issue.record("too long")
        }
    }

    @Test func pastEveryCapacityThereIsNoCode() {
        #expect(QRCodeText.fit(String(repeating: "u", count: 2_954), columns: nil, lines: nil) == .tooLong)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
