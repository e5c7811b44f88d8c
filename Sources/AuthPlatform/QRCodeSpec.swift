/// The error correction levels of §6.5.1: a level recovers about 7 % (L), 15 % (M), 25 % (Q) or
/// 30 % (H) of the codewords, at the price of capacity.
package enum QRErrorCorrection: Int, Sendable, CaseIterable, Comparable {
    case low, medium, quartile, high

    package static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }

    /// §7.9.1, Table 12: the level's two bits in the format information.
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }
}

/// The numbers of ISO/IEC 18004:2015 (QR Code Model 2) that the encoder needs for byte mode at
/// every error correction level: capacities, block structure, alignment pattern positions,
/// format and version information, and Reed-Solomon over GF(256).
package enum QRCodeSpec {
    package static let versions = 1...40

    /// §6.5.1, Table 9: error correction codewords per block, by level (L, M, Q, H) and version (index 0 unused).
    static let errorCorrectionCodewordsPerBlockByLevel: [[Int]] = [
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]
    /// §6.5.1, Table 9: error correction blocks, by level (L, M, Q, H) and version (index 0 unused).
    static let blockCountByLevel: [[Int]] = [
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    static func errorCorrectionCodewordsPerBlock(version: Int, level: QRErrorCorrection) -> Int {
        errorCorrectionCodewordsPerBlockByLevel[level.rawValue][version]
    }

    static func blockCount(version: Int, level: QRErrorCorrection) -> Int {
        blockCountByLevel[level.rawValue][version]
    }

    /// §6.4.1, Table 2: the mode indicator of the 8-bit byte mode.
    static let byteModeIndicator = 0b0100
    /// §7.1: the pad codewords, alternately, after the terminator.
    static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// The symbol's side in modules (§6.3.1): 21 for version 1, four more per version.
    package static func size(version: Int) -> Int { 17 + 4 * version }

    /// §6.4.10, Table 3: bits of the character count indicator in byte mode.
    static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// Modules left for data and error correction once the function patterns are placed
    /// (Table 1, "data modules except", including the remainder bits).
    static func rawDataModules(version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { modules -= 36 }
        }
        return modules
    }

    /// All codewords, data and error correction (Table 1, "number of codewords").
    static func totalCodewords(version: Int) -> Int { rawDataModules(version: version) / 8 }

    /// Data codewords at `level` (Table 7).
    static func dataCodewords(version: Int, level: QRErrorCorrection = .medium) -> Int {
        totalCodewords(version: version)
            - errorCorrectionCodewordsPerBlock(version: version, level: level) * blockCount(version: version, level: level)
    }

    /// Bytes that byte mode holds in `version` at `level` (Table 7's "8-bit byte" column).
    package static func byteCapacity(version: Int, level: QRErrorCorrection = .medium) -> Int {
        (dataCodewords(version: version, level: level) * 8 - 4 - countBits(version: version)) / 8
    }

    /// The smallest version that holds `byteCount` bytes at `level`, or nil past version 40.
    package static func smallestVersion(for byteCount: Int, level: QRErrorCorrection = .medium) -> Int? {
        versions.first { byteCapacity(version: $0, level: level) >= byteCount }
    }

    /// Annex E, Table E.1: the row and column coordinates of alignment pattern centres: 6, then
    /// evenly spaced (by an even step) down from `size - 7`; version 32 is the exception.
    package static func alignmentPatternCenters(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        let last = size(version: version) - 7
        return [6] + (0..<(count - 1)).reversed().map { last - $0 * step }
    }

    /// §7.9.1: the 15 format information bits for `level` and `mask`: five data bits, the
    /// BCH(15,5) remainder by G(x) = 0x537, XORed with 0x5412 so no code is all zeros.
    package static func formatBits(mask: Int, level: QRErrorCorrection = .medium) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// §7.10, Annex D: the 18 version information bits (versions 7 and up): six bits of version,
    /// then the BCH(18,6) remainder by G(x) = 0x1F25.
    package static func versionBits(version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }
}

/// Reed-Solomon error correction over GF(2^8) with the QR code's field polynomial
/// x^8 + x^4 + x^3 + x^2 + 1 (0x11D) and generator roots α^0 … α^(n-1) (§7.5.2, Annex A).
package enum QRReedSolomon {
    /// Product in GF(256), by shift and add (no tables: the encoder runs once per sign-in).
    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        var product = 0
        for bit in (0..<8).reversed() {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            if (right >> bit) & 1 == 1 { product ^= Int(left) }
        }
        return UInt8(product & 0xFF)
    }

    /// The generator polynomial of degree `degree`, highest coefficient (always 1) omitted.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return coefficients
    }

    /// The `count` error correction codewords of `data`: the remainder of data·x^count divided
    /// by the generator.
    package static func remainder(of data: [UInt8], count: Int) -> [UInt8] {
        let generator = generator(degree: count)
        var result = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for index in 0..<count { result[index] ^= multiply(generator[index], factor) }
        }
        return result
    }
}
