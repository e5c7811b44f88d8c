/// The module grid of a QR code while it is built: function patterns (§6.3), codeword placement
/// (§7.7.3), masking (§7.8) and format and version information (§7.9, §7.10).
struct QRMatrix: Sendable {
    let version: Int
    let size: Int
    private(set) var dark: [Bool]
    /// Modules of function patterns, which data and masks never touch.
    private(set) var reserved: [Bool]

    init(version: Int) {
        self.version = version
        size = QRCodeSpec.size(version: version)
        dark = Array(repeating: false, count: size * size)
        reserved = Array(repeating: false, count: size * size)
    }

    subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

    func isReserved(x: Int, y: Int) -> Bool { reserved[y * size + x] }

    private mutating func setFunction(_ x: Int, _ y: Int, _ isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    /// Finder patterns with their separators, timing patterns, alignment patterns, the dark
    /// module, and the areas of format and version information (drawn for real later).
    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        drawFinder(centerX: 3, centerY: 3)
        drawFinder(centerX: size - 4, centerY: 3)
        drawFinder(centerX: 3, centerY: size - 4)
        let centers = QRCodeSpec.alignmentPatternCenters(version: version)
        for (row, y) in centers.enumerated() {
            for (column, x) in centers.enumerated() {
                let last = centers.count - 1
                let overlapsFinder = (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0)
                if !overlapsFinder { drawAlignment(centerX: x, centerY: y) }
            }
        }
        drawFormatBits(mask: 0)
        drawVersionBits()
    }

    /// §6.3.3: 7×7 rings dark, light, 3×3 dark, inside a light separator (clipped at the edges).
    private mutating func drawFinder(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centerX + dx, y = centerY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunction(x, y, ring != 2 && ring != 4)
            }
        }
    }

    /// §6.3.6: a 5×5 dark ring, light ring, dark centre.
    private mutating func drawAlignment(centerX: Int, centerY: Int) {
        for dy in -2...2 {
            for dx in -2...2 { setFunction(centerX + dx, centerY + dy, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// §7.9.1, Figure 25: the 15 bits twice, around the top-left finder and split between the
    /// other two, with the dark module at (8, size - 8).
    mutating func drawFormatBits(mask: Int, level: QRErrorCorrection = .medium) {
        let bits = QRCodeSpec.formatBits(mask: mask, level: level)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)
    }

    /// §7.10, Figure 27: two 6×3 blocks beside the top-right and bottom-left finders (version 7 up).
    private mutating func drawVersionBits() {
        guard version >= 7 else { return }
        let bits = QRCodeSpec.versionBits(version: version)
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let near = index / 3, far = size - 11 + index % 3
            setFunction(far, near, isDark)
            setFunction(near, far, isDark)
        }
    }

    /// §7.7.3: codewords most significant bit first, up and down two-module columns from the
    /// bottom right, skipping the vertical timing pattern and every function module; modules
    /// left over (the remainder bits) stay light.
    mutating func placeCodewords(_ codewords: [UInt8]) {
        var bitIndex = 0
        let bitCount = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = ((right + 1) & 2) == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y * size + x] && bitIndex < bitCount {
                    dark[y * size + x] = (codewords[bitIndex >> 3] >> (7 - (bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// §7.8.2, Table 10: flips every data module where the mask's condition holds.
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] && Self.maskCondition(mask, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }

    /// Table 10's conditions, i the row and j the column.
    static func maskCondition(_ mask: Int, x j: Int, y i: Int) -> Bool {
        switch mask {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}
