import AuthPlatform

/// What a terminal shows for a URL meant for another device (Decisions/0029): the QR code, only
/// when all of it fits the window together with the text that follows it (the URL, the reason
/// no browser opened, the prompt), then that text; otherwise the text and a line saying how to
/// get a code. A code cut by the window's edge, or scrolled half away, cannot be scanned.
enum AnotherDeviceScreen {
    /// The text to write. `window` is the terminal's (nil off a terminal: no limit); `then` is the
    /// prompt that comes after the text, and the line it is typed on (nil: one status line);
    /// `forced` is `--qr`, which draws a code that fits the columns however many rows it takes.
    static func text(url: String, following: String, then: String?, window: TerminalSize?, forced: Bool) -> TerminalText {
        let promptRows = then.map { rows(of: $0, columns: window?.columns) + 1 } ?? 1
        let followingRows = rows(of: following, columns: window?.columns)
        // One blank line between the code and the text.
        let freeLines = window.map { $0.rows - followingRows - promptRows - 1 }
        switch QRCodeText.fit(url, columns: window?.columns, lines: forced ? nil : freeLines) {
        case .drawn(let lines, _):
            // The code's blocks are authctl's; the text below it carries the provider's words.
            return TerminalText(trusted: lines.joined(separator: "\n")) + "\n\n\(following)\n"
        case .tooLarge(let columns, let lines):
            let window = window ?? TerminalSize(columns: columns, rows: lines)
            let neededRows = lines + 1 + followingRows + promptRows
            let wide = window.columns >= columns
            let fix = wide && !forced
                ? "make the window at least \(neededRows) rows high and run again, or add --qr to draw it anyway"
                : "make the window at least \(columns) columns wide\(forced ? "" : " and \(neededRows) rows high") and run again"
            return "\(following)\n(No QR code: this URL's code is \(columns)×\(lines) characters and would not fit "
                + "this \(window.columns)×\(window.rows) window with the text; \(fix).)\n"
        case .tooLong:
            return "\(following)\n(No QR code: the URL is \(url.utf8.count) bytes, more than a QR code holds.)\n"
        }
    }

    /// The rows `text` takes on a terminal `columns` wide (long lines wrap); nil: one per line.
    static func rows(of text: String, columns: Int?) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { total, line in
            guard let columns, columns > 0 else { return total + 1 }
            return total + max(1, (line.count + columns - 1) / columns)
        }
    }
}
