import Foundation
import Testing
@testable import AuthCLI
import AuthPlatform

/// The URL for another device laid out for the window (issue 27 finding 8).
@Suite struct AnotherDeviceScreenTests {
    static let url = "https://idp.example/device?user_code=WDJB-MJHT"
    static let following = "To sign in, open this URL in a browser on any device:\n\n  \(url)\n"

    @Test(arguments: [
        // Version 3 (37x19 characters), a blank line, four lines of text, the prompt and its input line: 26 rows.
        (TerminalSize(columns: 80, rows: 26), true), (TerminalSize(columns: 80, rows: 25), false), (TerminalSize(columns: 30, rows: 60), false),
    ])
    func theCodeComesFirstWhenAllOfItFits(window: TerminalSize, drawn: Bool) {
        let text = AnotherDeviceScreen.text(url: Self.url, following: Self.following, then: "Paste:", window: window, forced: false).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("████") == drawn)
        #expect(text.contains(Self.following))
        #expect(text.contains("(No QR code:") == !drawn)
        // Everything written, and the prompt after it, fits the window.
        if drawn { #expect(AnotherDeviceScreen.rows(of: text, columns: window.columns) + 1 <= window.rows) }
    }

    @Test func qrForcesACodeTallerThanTheWindowButNotWiderThanIt() {
        let tall = AnotherDeviceScreen.text(url: Self.url, following: Self.following, then: nil, window: TerminalSize(columns: 80, rows: 10), forced: true).text
        #expect(tall.hasPrefix("████"))
        let narrow = AnotherDeviceScreen.text(url: Self.url, following: Self.following, then: nil, window: TerminalSize(columns: 30, rows: 60), forced: true).text
        #expect(narrow.contains("make the window at least 37 columns wide and run again"))
    }

    @Test(arguments: [("", nil as Int?, 1), ("a\nb", nil, 2), (String(repeating: "x", count: 81), 80, 2), ("x\n", 80, 2)])
    func rowsCountWrappedLines(text: String, columns: Int?, rows: Int) {
        #expect(AnotherDeviceScreen.rows(of: text, columns: columns) == rows)
    }
}
