import Foundation
import Testing
@testable import AuthCLI
import AuthPlatform
import AuthTestSupport

/// signin where no browser can be opened (Decision 0020): no browser is made, the paste is taken
/// on a terminal, and the URL for another device is drawn as a QR code.
@Suite struct HeadlessSignInTests {
    let cli = TestCommandLine()

    init() async {
        #expect(await cli.addProvider() == .success)
    }

    /// The person pastes the redirect built from the URL shown on stderr.
    func pasteTheRedirect() {
        cli.callback = { _ in nil }  // nothing reaches the listener
        let issuer = TestTokenFactory.issuer.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        cli.pastedLineProvider = { request in "http://127.0.0.1:1/callback?code=abc&state=\(request["state"] ?? "")&iss=\(issuer)" }
    }

    struct Machine: Sendable, CustomTestStringConvertible {
        var name: String
        var add: [String: String] = [:]
        var remove: Set<String> = []
        var executables: [String: String] = ["xdg-open": "xdg-open"]
        var testDescription: String { name }
    }

    static let headless: [Machine] = [
        Machine(name: "SSH, no display", add: ["SSH_CONNECTION": "10.0.0.1 50000 10.0.0.2 22"], remove: ["DISPLAY"]),
        Machine(name: "no display", remove: ["DISPLAY"]),
        Machine(name: "only w3m", executables: ["w3m": "w3m", "www-browser": "w3m"]),
    ]

    @Test(arguments: headless)
    func noBrowserIsMadeAndThePasteIsTaken(_ machine: Machine) async {
        cli.extraEnvironment = machine.add
        cli.removedEnvironment = machine.remove
        cli.browserHost = BrowserHost(system: .linux, executables: machine.executables)
        pasteTheRedirect()
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10", "--verbose"]) == .success)
        #expect(cli.browserCommands.withLock { $0 }.isEmpty)
        #expect(cli.keystoreBytes != nil)
        let stderr = cli.stderr.withLock { $0 }
        #expect(stderr.contains("No browser is opened: "))
        #expect(stderr.contains("authctl: browser: none: "))
        #expect(stderr.contains("paste the address"))
    }

    @Test func anExplicitBrowserWinsOverSSH() async {
        cli.extraEnvironment = ["SSH_CONNECTION": "10.0.0.1 50000 10.0.0.2 22"]
        cli.removedEnvironment = ["DISPLAY"]
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10", "--browser", "my-opener --flag"]) == .success)
        #expect(cli.browserCommands.withLock { $0 } == [["my-opener", "--flag"]])
        #expect(!cli.stderr.withLock { $0 }.contains("No browser is opened"))
    }

    @Test func aDesktopOpensXdgOpenAndVerboseSaysWhy() async {
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10", "--verbose"]) == .success)
        #expect(cli.browserCommands.withLock { $0 } == [["xdg-open"]])
        #expect(cli.stderr.withLock { $0 }.contains("authctl: browser: DISPLAY is set: xdg-open: xdg-open"))
    }

    /// (flags, stderr a terminal, QR code expected), in a window large enough for the code.
    @Test(arguments: [
        ([String](), true, true), (["--no-qr"], true, false), (["--json"], true, false),
        ([], false, false), (["--qr"], false, true), (["--json", "--qr"], true, true),
    ])
    func theURLIsDrawnForAnotherDevice(flags: [String], terminal: Bool, drawn: Bool) async throws {
        cli.interactive = terminal
        cli.window = terminal ? TerminalSize(columns: 200, rows: 100) : nil
        pasteTheRedirect()
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10", "--no-browser", "--paste"] + flags) == .success)
        let stderr = cli.stderr.withLock { $0 }
        let url = try #require(stderr.split(separator: "\n").first { $0.hasPrefix("  http") }).dropFirst(2)
        guard case .drawn(let lines, _) = QRCodeText.fit(String(url), columns: nil, lines: nil) else {
            Issue.record("no code for \(url)")
            return
        }
        #expect(stderr.contains(lines.joined(separator: "\n")) == drawn)
        if drawn {
            // The code comes first, then the URL under it, so both stay on screen.
            #expect(stderr.range(of: lines.joined(separator: "\n"))!.upperBound < stderr.range(of: "  " + url)!.lowerBound)
        }
    }

    @Test func aBrowserThatOpensGetsNoQRCode() async {
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10"]) == .success)
        #expect(!cli.stderr.withLock { $0 }.contains("█"))
    }

    /// Issue 27 finding 8: a code is drawn only where all of it fits the window with the text
    /// under it; otherwise the text says how to get one. (window, --qr, drawn, what the line says)
    @Test(arguments: [
        (TerminalSize(columns: 80, rows: 24), false, false, "rows high and run again, or add --qr to draw it anyway"),
        (TerminalSize(columns: 100, rows: 40), false, false, "rows high and run again, or add --qr to draw it anyway"),
        (TerminalSize(columns: 100, rows: 40), true, true, ""),
        (TerminalSize(columns: 80, rows: 24), true, true, ""),
        (TerminalSize(columns: 70, rows: 60), true, false, "make the window at least 77 columns wide and run again"),
        (TerminalSize(columns: 70, rows: 60), false, false, "make the window at least 77 columns wide and"),
        (TerminalSize(columns: 120, rows: 60), false, true, ""),
    ])
    func theCodeFitsTheWindowOrIsNotDrawn(window: TerminalSize, qr: Bool, drawn: Bool, says: String) async throws {
        cli.window = window
        pasteTheRedirect()
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10", "--no-browser"] + (qr ? ["--qr"] : [])) == .success)
        let stderr = cli.stderr.withLock { $0 }
        let drawing = stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty && $0.allSatisfy { "▀▄█ ".contains($0) } }
        #expect(drawing.isEmpty == !drawn, "\(stderr)")
        #expect(drawing.allSatisfy { $0.count <= window.columns })
        if !drawn { #expect(stderr.contains("(No QR code: this URL's code is 77×39 characters") && stderr.contains(says), "\(stderr)") }
        if drawn, !qr {
            let below = stderr.components(separatedBy: drawing.last!).last!
            #expect(drawing.count + AnotherDeviceScreen.rows(of: below, columns: window.columns) + 2 <= window.rows, "\(stderr)")
        }
    }

    /// What is drawn is the drawing of the URL, exactly (the drawing itself: QRCodeTextTests).
    @Test func theDrawingOnStderrIsTheURLs() {
        let url = "https://example.com/device?user_code=WDJB-MJHT"
        let written = AnotherDeviceScreen.text(url: url, following: "  \(url)", then: nil, window: nil, forced: false).text
        guard case .drawn(let lines, let code) = QRCodeText.fit(url, columns: nil, lines: nil) else { return #expect(Bool(false)) }
        #expect(code.size == QRCodeSpec.size(version: 3) && written == lines.joined(separator: "\n") + "\n\n  \(url)\n", "\(written)")
    }
}
