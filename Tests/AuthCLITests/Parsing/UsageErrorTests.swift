import Testing
@testable import AuthCLI

/// The full stderr text of usage errors, pinned.
@Suite struct UsageErrorTests {
    static let renderings: [(UsageError, String)] = [
        (
            .unknownCommand("whoam", command: [], suggestion: "whoami"),
            """
            error: unknown command 'whoam'
            Did you mean 'whoami'?
            Usage: authctl <command> [options]
            See 'authctl --help'.

            """
        ),
        (
            .unknownCommand("frob", command: [], suggestion: nil),
            """
            error: unknown command 'frob'
            Usage: authctl <command> [options]
            See 'authctl --help'.

            """
        ),
        (
            .unknownCommand("ad", command: ["providers"], suggestion: "add"),
            """
            error: unknown command 'ad' for 'authctl providers'
            Did you mean 'add'?
            Usage: authctl providers <command> [options]
            See 'authctl providers --help'.

            """
        ),
        (
            .unknownOption("--scop", command: ["signin"], suggestion: "--scope", owner: nil),
            """
            error: unknown option '--scop'
            Did you mean '--scope'?
            Usage: authctl signin --provider ID [options]
            See 'authctl signin --help'.

            """
        ),
        (
            .unknownOption("--check", command: [], suggestion: nil, owner: ["whoami"]),
            """
            error: unknown option '--check'
            '--check' is an option of 'authctl whoami'; put it after the command name.
            Usage: authctl <command> [options]
            See 'authctl --help'.

            """
        ),
        (
            .missingValue(option: "--param", command: ["signin"], nextArgument: "-x"),
            """
            error: missing value for '--param'
            To pass a value that starts with '-', write '--param=-x'.
            Usage: authctl signin --provider ID [options]
            See 'authctl signin --help'.

            """
        ),
        (
            .missingValue(option: "--provider", command: ["token"], nextArgument: nil),
            """
            error: missing value for '--provider'
            Usage: authctl token [options]
            See 'authctl token --help'.

            """
        ),
        (
            .flagWithValue(option: "--no-browser", value: "1", command: ["signin"]),
            """
            error: '--no-browser' takes no value
            Write '--no-browser' alone.
            Usage: authctl signin --provider ID [options]
            See 'authctl signin --help'.

            """
        ),
        (
            .missingArgument("id", command: ["providers", "add"]),
            """
            error: missing required argument '<id>'
            Usage: authctl providers add <id> --client-id ID [options]
            See 'authctl providers add --help'.

            """
        ),
        (
            .missingOption("--provider", command: ["verify"]),
            """
            error: missing required option '--provider'
            Usage: authctl verify --provider ID [options]
            See 'authctl verify --help'.

            """
        ),
        (
            .unexpectedArgument("b", command: ["providers", "show"]),
            """
            error: unexpected argument 'b'
            Usage: authctl providers show <id>
            See 'authctl providers show --help'.

            """
        ),
        (
            .missingSubcommand(command: ["providers"], available: ["add", "list", "show", "remove"]),
            """
            error: 'authctl providers' needs a command
            Commands: add, list, show, remove.
            Usage: authctl providers <command> [options]
            See 'authctl providers --help'.

            """
        ),
        (
            .duplicateOption("--provider", command: ["signin"]),
            """
            error: '--provider' may be given only once
            Usage: authctl signin --provider ID [options]
            See 'authctl signin --help'.

            """
        ),
        (
            .conflictingOptions("--browser", "--no-browser", command: ["link"]),
            """
            error: '--browser' and '--no-browser' cannot be used together
            Usage: authctl link [options]
            See 'authctl link --help'.

            """
        ),
        (
            .invalidValue(option: "--timeout", value: "soon", reason: "expected a number of seconds", command: ["signin"]),
            """
            error: invalid value 'soon' for '--timeout': expected a number of seconds
            Usage: authctl signin --provider ID [options]
            See 'authctl signin --help'.

            """
        ),
        (
            .invalidValue(option: "--client-secret-stdin", value: "", reason: "standard input is too large for a secret"),
            """
            error: '--client-secret-stdin': standard input is too large for a secret
            Usage: authctl <command> [options]
            See 'authctl --help'.

            """
        ),
        (
            .invalidUsage("a client secret on stdin needs stdin to be a file or a pipe", command: ["providers", "add"]),
            """
            error: a client secret on stdin needs stdin to be a file or a pipe
            Usage: authctl providers add <id> --client-id ID [options]
            See 'authctl providers add --help'.

            """
        ),
        (
            // A path the table does not know falls back to its known prefix.
            .invalidUsage("odd", command: ["providers", "nope"]),
            """
            error: odd
            Usage: authctl providers <command> [options]
            See 'authctl providers --help'.

            """
        ),
    ]

    @Test(arguments: renderings)
    func rendered(_ error: UsageError, _ expected: String) {
        #expect(UsageErrorRenderer.render(error) == expected)
    }

    @Test func colorOnlyTouchesThePrefix() {
        let error = UsageError.unknownCommand("whoam", command: [], suggestion: "whoami")
        let colored = UsageErrorRenderer.render(error, color: true)
        #expect(colored.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m unknown command 'whoam'\n"))
        #expect(colored.hasSuffix(UsageErrorRenderer.render(error).dropFirst("error:".count)))
    }

    /// Every error the parser can produce for a real command line renders with that command's
    /// usage, so the funnel never needs to know the table.
    @Test(arguments: [
        (["signin", "--scop"], "Usage: authctl signin --provider ID [options]"),
        (["providers", "add", "x"], "Usage: authctl providers add <id> --client-id ID [options]"),
        (["whoam"], "Usage: authctl <command> [options]"),
    ])
    func parserErrorsCarryTheirCommand(_ argv: [String], _ usage: String) {
        do {
            _ = try CommandLineParser.parse(argv)
            Issue.record("expected an error")
        } catch {
            #expect(UsageErrorRenderer.render(error).contains("\n" + usage + "\n"))
        }
    }
}
