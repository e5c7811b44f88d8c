import Testing

@testable import AuthPlatform

/// Text authctl did not write is shown with its controls made visible (Decisions/0041); JSON
/// keeps it exactly, escaping the same controls so that it is safe on a terminal too.
@Suite struct TerminalSafetyTests {
    /// Inputs and the form a person sees.
    @Test(arguments: [
        ("Dana Scully", "Dana Scully"),
        ("line one\nline two\tand a tab", "line one\nline two\tand a tab"),
        ("\u{1B}]0;PWNED\u{07}", "\\x1b]0;PWNED\\x07"),
        ("\u{1B}[2J\u{1B}[H\u{1B}[32mSigned in as admin@corp\u{1B}[0m", "\\x1b[2J\\x1b[H\\x1b[32mSigned in as admin@corp\\x1b[0m"),
        ("\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}", "\\x1b]52;c;ZWNobyBwd25lZA==\\x07"),
        ("over\rwrite", "over\\x0dwrite"),
        ("nul\u{0}del\u{7F}", "nul\\x00del\\x7f"),
        ("\u{9B}31m eight-bit CSI, \u{9D}0;t\u{9C} OSC, \u{85} NEL", "\\x9b31m eight-bit CSI, \\x9d0;t\\x9c OSC, \\x85 NEL"),
        ("admin\u{202E}gnp.exe", "admin\\u{202E}gnp.exe"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}\\u{2066}\\u{2067}\\u{2068}\\u{2069}"),
        // Not controls: letters of any script, emoji, the no-break space, a backslash as typed.
        ("Zoë 李 🙂\u{A0}C:\\Users", "Zoë 李 🙂\u{A0}C:\\Users"),
    ])
    func shownForm(input: String, shown: String) {
        #expect(TerminalSafety.neutralised(input) == shown)
        #expect(!TerminalSafety.neutralised(input).unicodeScalars.contains { TerminalSafety.isNeutralised($0) })
    }

    @Test func longLinesAreCutAndSaySo() {
        let long = String(repeating: "a", count: 10) + "\nshort\n" + String(repeating: "b", count: 12)
        #expect(TerminalSafety.neutralised(long, limit: 8)
            == "aaaaaaaa… (2 more characters cut)\nshort\nbbbbbbbb… (4 more characters cut)")
        let flood = String(repeating: "x", count: TerminalSafety.maximumLineScalars + 100)
        #expect(TerminalSafety.neutralised(flood).hasSuffix("x… (100 more characters cut)"))
    }

    @Test func jsonEscapesTheSameControlsAndReadsBackExactly() throws {
        let hostile = "\u{1B}]0;t\u{07}\u{9B}2J\u{202E}x\u{7F}"
        let text = JSONValue.string(hostile).serialized()
        #expect(text == #""\u001b]0;t\u0007\u009b2J\u202ex\u007f""#)
        #expect(try JSONValue.parse(text) == .string(hostile))
    }
}
