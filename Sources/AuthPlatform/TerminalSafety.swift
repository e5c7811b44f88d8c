/// The rule for text authctl did not write (a provider's `error_description`, a user's name from
/// an ID token, a project's message, a value read back from the keystore or the environment) on
/// its way to a person's terminal (Decisions/0041): control characters are made visible instead
/// of acted on, and very long text is cut. Both doors apply it: the command line's writers and
/// error funnel (`TerminalText`), and the library's `AuthError.localizedDescription`.
///
/// Neutralised: C0 controls but newline and tab (ESC starts CSI and OSC sequences: colours,
/// clearing the screen, the window title, OSC 52's clipboard; CR overwrites a line; BEL), DEL,
/// C1 controls U+0080–U+009F (U+009B is the 8-bit CSI, U+009D the 8-bit OSC), and the
/// bidirectional embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069, which reorder
/// what is shown ("Trojan Source", CVE-2021-42574). Each is shown as `\x1b` (below U+00A0) or
/// `\u{202E}`. JSON output keeps the text exactly: this is for people only.
package enum TerminalSafety {
    /// The most Unicode scalars of one line of untrusted text shown; the rest of the line is cut
    /// with a note. Generous enough for any URL authctl prints, short enough that a provider
    /// cannot flood the terminal with one line.
    package static let maximumLineScalars = 4096

    /// Whether `scalar` is acted on by a terminal or reorders text, and so is shown escaped.
    package static func isNeutralised(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` safe to write to a terminal: every neutralised scalar made visible, and each line
    /// cut after `limit` scalars, saying how much was left out.
    package static func neutralised(_ text: some StringProtocol, limit: Int = maximumLineScalars) -> String {
        let scalars = text.unicodeScalars
        // The common case: nothing to change, nothing to copy.
        if !scalars.contains(where: isNeutralised), !hasLine(longerThan: limit, scalars) { return String(text) }
        var shown = String.UnicodeScalarView()
        var column = 0, cut = 0
        for scalar in scalars {
            if scalar == "\n" {
                if cut > 0 { shown.append(contentsOf: note(cut).unicodeScalars) }
                shown.append(scalar)
                (column, cut) = (0, 0)
                continue
            }
            guard column < limit else {
                cut += 1
                continue
            }
            column += 1
            if isNeutralised(scalar) { shown.append(contentsOf: visible(scalar).unicodeScalars) } else { shown.append(scalar) }
        }
        if cut > 0 { shown.append(contentsOf: note(cut).unicodeScalars) }
        return String(shown)
    }

    static func hasLine(longerThan limit: Int, _ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        var column = 0
        for scalar in scalars {
            column = scalar == "\n" ? 0 : column + 1
            if column > limit { return true }
        }
        return false
    }

    static func note(_ cut: Int) -> String { "… (\(cut) more characters cut)" }

    /// How a neutralised scalar is shown: `\x1b` below U+00A0, else `\u{202E}`.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0xA0
            ? "\\x" + String(hexadecimal: [UInt8(scalar.value)])
            : "\\u{" + String(hexadecimal: [UInt8(scalar.value >> 8), UInt8(scalar.value & 0xFF)], uppercase: true) + "}"
    }
}
