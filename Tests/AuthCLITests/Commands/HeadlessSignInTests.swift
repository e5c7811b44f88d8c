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

    /// (flags, stderr a terminal, QR code expected)
    @Test(arguments: [
        ([String](), true, true), (["--no-qr"], true, false), (["--json"], true, false),
        ([], false, false), (["--qr"], false, true), (["--json", "--qr"], true, true),
    ])
    func theURLIsDrawnForAnotherDevice(flags: [String], terminal: Bool, drawn: Bool) async throws {
        cli.interactive = terminal
        pasteTheRedirect()
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10", "--no-browser", "--paste"] + flags) == .success)
        let stderr = cli.stderr.withLock { $0 }
        let url = try #require(stderr.split(separator: "\n").first { $0.hasPrefix("  http") }).dropFirst(2)
        // The test provider's authorization URL (PKCE, state, nonce) is longer than a QR code
        // that fits 80 columns holds: what is drawn then is the line that says so.
        if let expected = QRCodeText.lines(for: String(url)) {
            #expect(stderr.contains(expected.joined(separator: "\n")) == drawn)
        } else {
            #expect(stderr.contains("No QR code: the URL is \(url.utf8.count) bytes") == drawn)
        }
    }

    @Test func aBrowserThatOpensGetsNoQRCode() async {
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10"]) == .success)
        #expect(!cli.stderr.withLock { $0 }.contains("█"))
    }

    @Test func aURLTooLongForEightyColumnsIsSaidNotDrawn() async {
        pasteTheRedirect()
        let long = String(repeating: "x", count: 400)
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10", "--no-browser", "--param", "login_hint=\(long)"]) == .success)
        let stderr = cli.stderr.withLock { $0 }
        #expect(stderr.contains("No QR code: the URL is "))
        #expect(stderr.contains("one that fits 80 columns holds 331"))
        #expect(!stderr.contains("█"))
    }

    /// What is drawn is the drawing of the URL, exactly (the drawing itself: QRCodeTextTests).
    @Test func theDrawingOnStderrIsTheURLs() {
        let written = LockedValue("")
        CommandEnvironment.drawQRCode("https://example.com/device?user_code=WDJB-MJHT") { text in written.withLock { $0 += text } }
        let expected = QRCodeText.lines(for: "https://example.com/device?user_code=WDJB-MJHT")
        #expect(expected != nil && written.withLock { $0 } == expected!.joined(separator: "\n") + "\n\n")
    }
}
