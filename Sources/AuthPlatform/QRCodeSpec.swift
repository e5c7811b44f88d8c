/// The numbers of ISO/IEC 18004:2015 (QR Code Model 2) that the encoder needs for error
/// correction level M, byte mode: capacities, block structure, alignment pattern positions,
/// format and version information, and Reed-Solomon over GF(256).
package enum QRCodeSpec {
    package static let versions = 1...40

    /// §6.5.1, Table 9: error correction codewords per block at level M, by version (index 0 unused).
    static let errorCorrectionCodewordsPerBlock: [Int] = [
        0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]
    /// §6.5.1, Table 9: error correction blocks at level M, by version (index 0 unused).
    static let blockCount: [Int] = [
        0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]

    /// §6.4.1, Table 2: the mode indicator of the 8-bit byte mode.
    static let byteModeIndicator = 0b0100
    /// §6.9.1: level M's two bits in the format information.
    static let levelMFormatBits = 0b00
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

    /// Data codewords at level M (Table 7).
    static func dataCodewords(version: Int) -> Int {
        totalCodewords(version: version) - errorCorrectionCodewordsPerBlock[version] * blockCount[version]
    }

    /// Bytes that byte mode holds in `version` at level M (Table 7's "8-bit byte" column).
    package static func byteCapacity(version: Int) -> Int {
        (dataCodewords(version: version) * 8 - 4 - countBits(version: version)) / 8
    }

    /// The smallest version that holds `byteCount` bytes, or nil past version 40.
    package static func smallestVersion(for byteCount: Int) -> Int? {
        versions.first { byteCapacity(version: $0) >= byteCount }
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

    /// §7.9.1: the 15 format information bits for level M and `mask`: five data bits, the
    /// BCH(15,5) remainder by G(x) = 0x537, XORed with 0x5412 so no code is all zeros.
    package static func formatBits(mask: Int) -> Int {
        let data = levelMFormatBits << 3 | mask
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
