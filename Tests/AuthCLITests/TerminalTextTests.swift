import AuthCore
import AuthOAuth
import AuthPlatform
import Foundation
import Testing

@testable import AuthCLI

/// Text for a person passes one rule (Decisions/0041): a provider's or a project's words never
/// reach the terminal with their control characters; authctl's own words and colours do.
@Suite struct TerminalTextTests {
    static let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}admin"
    static let shown = "\\x1b]0;PWNED\\x07\\x1b[2J\\x9b31m\\u{202E}admin"

    /// Whether `text` carries a byte a terminal acts on, but newline and tab.
    static func hasControl(_ text: String) -> Bool { text.unicodeScalars.contains { TerminalSafety.isNeutralised($0) } }

    @Test func interpolatedTextIsNeutralisedAndLiteralsAreKept() {
        let name = Self.hostile
        let text: TerminalText = "Signed in as \(name) with \(3) tabs\there.\n"
        #expect(text.text == "Signed in as \(Self.shown) with 3 tabs\there.\n")
        #expect(TerminalText(untrusted: name).text == Self.shown)
        // authctl's own colours go through the trusted door only.
        #expect(("\(trusted: "\u{1B}[1m")bold\(trusted: "\u{1B}[0m")" as TerminalText).text == "\u{1B}[1mbold\u{1B}[0m")
        let joined = [TerminalText(untrusted: name), "b"].joined(separator: ", ") + "."
        #expect(joined.text == Self.shown + ", b.")
    }

    /// The funnel's text form neutralises an error's message (here a provider's
    /// `error_description`), keeps its own colour, and `--json` keeps the message exactly.
    @Test func funnelNeutralisesMessagesAndJSONKeepsThem() throws {
        for error in [
            OAuthError.accessDenied(description: Self.hostile) as any Error,
            OAuthError.tokenEndpointError(error: "invalid_grant", description: Self.hostile, status: 400),
            OAuthError.authorizationFailed(error: "server_error\u{1B}[31m", description: Self.hostile),
        ] {
            let text = ErrorFunnel.report(for: error, json: false).standardError
            #expect(!Self.hasControl(text), "\(text)")
            #expect(text.contains(Self.shown))
            let colored = ErrorFunnel.report(for: error, json: false, color: true).standardError
            #expect(colored.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m "))
            #expect(!Self.hasControl(String(colored.dropFirst(ErrorFunnel.prefix(color: true).count))))
            let json = ErrorFunnel.report(for: error, json: true).standardError
            #expect(!Self.hasControl(json))
            #expect(try JSONValue.parse(json)["error"]?["message"]?.stringValue?.contains(Self.hostile) == true)
        }
    }

    @Test func usageErrorsQuoteArgumentsNeutralised() {
        let text = UsageErrorRenderer.render(.invalidValue(option: "--provider", value: Self.hostile, reason: "no such provider"), color: true)
        #expect(text.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m "))
        #expect(!Self.hasControl(String(text.dropFirst(ErrorFunnel.prefix(color: true).count))))
    }

    @Test func whoamiLinesNeutraliseEveryValue() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let user = AccountRecord(
            uid: "u1", email: "a\u{7}@example.com", displayName: Self.hostile, createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now,
            providerData: [LinkedIdentity(providerID: "github.com", uid: "1", username: "octo\u{1B}]52;c;cHduZWQ=\u{7}")])
        let text = Render.text(user).text
        #expect(text.contains("name:       \(Self.shown)\n"))
        #expect(!Self.hasControl(text))
        #expect(Render.json(user)["displayName"] == .string(Self.hostile))
    }

    @Test func theQRCaptionIsNeutralised() {
        let text = AnotherDeviceScreen.text(
            url: "https://example.com/device", following: "Enter \(Self.hostile)", then: nil, window: nil, forced: false).text
        #expect(text.contains("Enter \(Self.shown)"))
        #expect(!Self.hasControl(text))
    }
}

/// The type system keeps raw strings from the text writers; this keeps the writers themselves
/// from taking `String` again, and the raw stream writes inside the few files that apply the rule.
@Suite struct TextWritersTakeTerminalTextTests {
    static let cli = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AuthCLI")

    static func swiftFiles() -> [(path: String, source: String)] {
        let paths = FileManager.default.enumerator(atPath: cli.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            (try? String(contentsOf: cli.appendingPathComponent(path), encoding: .utf8)).map { (path, $0) }
        }
    }

    /// Only these write the streams directly: the context's own writer, the environment's
    /// writers, the live streams, and the command line's help, version and funnel report.
    static let rawWriters: Set<String> = ["CommandContext.swift", "CommandEnvironment.swift", "LiveContext.swift", "AuthCommandLine.swift"]

    /// Data for programs, exactly: tokens, credential helpers' protocols, completion and manual.
    static let dataWriters: Set<String> = [
        "Commands/Account/TokenCommand.swift", "Commands/Credentials/GitCredentialCommand.swift",
        "Commands/Credentials/DockerCredentialCommand.swift", "Commands/Shell/CompletionCommand.swift",
        "Commands/Shell/CompletionValuesCommand.swift", "Commands/Shell/ManualCommand.swift",
    ]

    @Test func theTextWritersTakeOnlyTerminalText() throws {
        let files = Self.swiftFiles()
        #expect(files.count > 50, "only \(files.count) files under \(Self.cli.path)")
        let environment = try #require(files.first { $0.path == "CommandEnvironment.swift" }).source
        for writer in ["func output(_ text: TerminalText)", "func notice(_ text: TerminalText)", "func log(_ text: TerminalText)",
                       "func prompt(_ text: TerminalText)"] {
            #expect(environment.contains(writer), "CommandEnvironment lost \(writer)")
        }
        var found: [String] = []
        for (path, source) in files {
            for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("///") || code.hasPrefix("//") { continue }
                if line.contains(/func (output|notice|log|prompt|showError)\(_ \w+: String\b/) {
                    found.append("\(path):\(number + 1): a text writer takes String: \(code)")
                }
                if (line.contains("writeStandardOutput(") || line.contains("writeStandardError(")) && !Self.rawWriters.contains(path) {
                    found.append("\(path):\(number + 1): writes a stream without TerminalText: \(code)")
                }
                if line.contains("output(data:") && !Self.dataWriters.contains(path) && path != "CommandEnvironment.swift" {
                    found.append("\(path):\(number + 1): data output outside the data commands: \(code)")
                }
            }
        }
        #expect(found.isEmpty, "text that can skip the rule (Decisions/0041):\n\(found.joined(separator: "\n"))")
    }
}
