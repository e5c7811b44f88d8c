/// A QR code drawn in a terminal with half blocks: each character is two modules, one above the
/// other, so the symbol stays square (version 13, 69 modules, takes 77 columns with the quiet
/// zone). ``fit(_:columns:lines:)`` draws the code that fits a window, or says why not.
///
/// The characters draw the LIGHT modules (the quiet zone included) in the terminal's foreground
/// colour, as `qrencode -t UTF8` does: on the usual light-on-dark terminal the code then reads
/// dark on light, as scanners expect. No colour or escape sequence is used, so `NO_COLOR` and
/// dumb terminals change nothing.
package enum QRCodeText {
    /// §6.3.7: four light modules around the symbol.
    package static let quietZone = 4
    /// How a text's QR code fits a window (Decisions/0029).
    package enum Fit: Equatable, Sendable {
        /// The drawing, of the smallest code: the smallest version at level L, then at that version
        /// the highest level that still holds the text (more to recover, at no cost in size).
        case drawn(lines: [String], code: QRCode)
        /// The smallest code's drawing needs this many columns and lines, more than there are.
        case tooLarge(columns: Int, lines: Int)
        /// More bytes than any QR code holds (2,953 at level L).
        case tooLong
    }

    /// The columns and lines the drawing of a version takes: the quiet zone on every side, two
    /// module rows per line.
    package static func drawingSize(version: Int) -> (columns: Int, lines: Int) {
        let side = QRCodeSpec.size(version: version) + 2 * quietZone
        return (side, (side + 1) / 2)
    }

    /// `text`'s QR code drawn in at most `columns` columns and `lines` lines (nil: no limit, as off
    /// a terminal), or why not. Nothing that would be cut or wrapped is ever drawn: a part of a
    /// code cannot be scanned.
    package static func fit(_ text: String, columns: Int?, lines: Int?) -> Fit {
        let bytes = Array(text.utf8)
        guard let version = QRCodeSpec.smallestVersion(for: bytes.count, level: .low) else { return .tooLong }
        let size = drawingSize(version: version)
        if let columns, size.columns > columns { return .tooLarge(columns: size.columns, lines: size.lines) }
        if let lines, size.lines > lines { return .tooLarge(columns: size.columns, lines: size.lines) }
        let level = QRErrorCorrection.allCases.last { QRCodeSpec.byteCapacity(version: version, level: $0) >= bytes.count } ?? .low
        let code = QRCode(bytes: bytes, level: level, version: version)
        return .drawn(lines: self.lines(for: code), code: code)
    }

    /// The drawing of `code`: ▀ ▄ █ and space, one line per two module rows.
    package static func lines(for code: QRCode) -> [String] {
        let side = code.size + 2 * quietZone
        func isLight(_ x: Int, _ y: Int) -> Bool {
            let moduleX = x - quietZone, moduleY = y - quietZone
            guard (0..<code.size).contains(moduleX), (0..<code.size).contains(moduleY) else { return true }
            return !code[moduleX, moduleY]
        }
        return stride(from: 0, to: side, by: 2).map { y in
            String((0..<side).map { x -> Character in
                switch (isLight(x, y), isLight(x, y + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            })
        }
    }
}
