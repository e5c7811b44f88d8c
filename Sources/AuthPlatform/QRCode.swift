/// A QR code symbol (ISO/IEC 18004:2015, Model 2) for some bytes: byte mode, an error correction
/// level, the smallest version that holds them, and of the eight masks the one with the lowest
/// penalty (§7.8.3). Pure: bytes in, modules out; drawing is ``QRCodeText``'s business.
package struct QRCode: Sendable, Equatable {
    package let version: Int
    package let level: QRErrorCorrection
    package let mask: Int
    /// Modules per side.
    package let size: Int
    /// Row by row, `true` for a dark module.
    package let modules: [Bool]

    /// Whether the module in column `x`, row `y` is dark.
    package subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// The symbol for `bytes` at `level`, or nil when they exceed version 40's capacity (2,331
    /// bytes at M) or `maximumVersion`'s.
    package init?(bytes: [UInt8], level: QRErrorCorrection = .medium, maximumVersion: Int = 40) {
        guard let version = QRCodeSpec.smallestVersion(for: bytes.count, level: level), version <= maximumVersion else { return nil }
        self.init(bytes: bytes, level: level, version: version)
    }

    /// The symbol for `bytes` in exactly `version` at `level`, which must hold them.
    package init(bytes: [UInt8], level: QRErrorCorrection, version: Int) {
        var matrix = QRMatrix(version: version)
        matrix.drawFunctionPatterns()
        matrix.placeCodewords(Self.codewords(for: bytes, version: version, level: level))
        var best: (mask: Int, penalty: Int, matrix: QRMatrix)?
        for mask in 0..<8 {
            var candidate = matrix
            candidate.applyMask(mask)
            candidate.drawFormatBits(mask: mask, level: level)
            let penalty = QRPenalty.score(candidate)
            if best == nil || penalty < best!.penalty { best = (mask, penalty, candidate) }
        }
        self.version = version
        self.level = level
        self.mask = best!.mask
        self.size = matrix.size
        self.modules = best!.matrix.dark
    }

    /// §7.4: mode indicator, character count, the bytes, terminator, padding to whole codewords
    /// and pad codewords up to the version's data capacity.
    static func dataCodewords(for bytes: [UInt8], version: Int, level: QRErrorCorrection = .medium) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(QRCodeSpec.byteModeIndicator, count: 4)
        bits.append(bytes.count, count: QRCodeSpec.countBits(version: version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = QRCodeSpec.dataCodewords(version: version, level: level) * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad = 0
        while codewords.count < capacity / 8 {
            codewords.append(QRCodeSpec.padCodewords[pad % 2])
            pad += 1
        }
        return codewords
    }

    /// §7.5 and §7.6: the data split into blocks (the shorter ones first), each followed by its
    /// error correction codewords, then interleaved: data codewords column by column, then the
    /// error correction codewords the same way.
    static func codewords(for bytes: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let data = dataCodewords(for: bytes, version: version, level: level)
        let blockCount = QRCodeSpec.blockCount(version: version, level: level)
        let correction = QRCodeSpec.errorCorrectionCodewordsPerBlock(version: version, level: level)
        let total = QRCodeSpec.totalCodewords(version: version)
        let shortBlocks = blockCount - total % blockCount
        let shortLength = total / blockCount - correction
        var blocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength + (index < shortBlocks ? 0 : 1)
            blocks.append(Array(data[start..<start + length]))
            start += length
        }
        let corrections = blocks.map { QRReedSolomon.remainder(of: $0, count: correction) }
        var result: [UInt8] = []
        for column in 0...shortLength {
            for block in blocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<correction {
            for block in corrections { result.append(block[column]) }
        }
        return result
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    /// Whole bytes (the count is a multiple of 8 by then).
    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
