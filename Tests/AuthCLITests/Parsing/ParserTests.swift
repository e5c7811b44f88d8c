import Testing
@testable import AuthCLI

/// One command line and what it must parse to.
struct ParseCase: Sendable, CustomTestStringConvertible {
    let argv: [String]
    let expected: Result<ParsedCommandLine, UsageError>

    init(_ argv: [String], _ expected: ParsedCommandLine) {
        self.argv = argv
        self.expected = .success(expected)
    }

    init(_ argv: [String], throws error: UsageError) {
        self.argv = argv
        self.expected = .failure(error)
    }

    var testDescription: String { argv.isEmpty ? "(no arguments)" : argv.joined(separator: " ") }
}

/// A `.run` result; global options are derived from `options` and `flags` as the parser does.
private func run(
    _ path: [String], options: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = [],
    arguments: [String: [String]] = [:]
) -> ParsedCommandLine {
    .run(
        ParsedInvocation(
            commandPath: path, options: options, flags: flags, positionals: positionals, arguments: arguments,
            globals: GlobalOptions(values: options, flags: flags)))
}

private func parse(_ argv: [String]) -> Result<ParsedCommandLine, UsageError> {
    Result { () throws(UsageError) in try CommandLineParser.parse(argv) }
}

@Suite struct ParserTests {
    static let syntax: [ParseCase] = [
        ParseCase(["whoami"], run(["whoami"])),
        ParseCase(["whoami", "--check"], run(["whoami"], flags: ["check"])),
        ParseCase(["signin", "--provider", "github.com"], run(["signin"], options: ["provider": ["github.com"]])),
        ParseCase(["signin", "--provider=github.com"], run(["signin"], options: ["provider": ["github.com"]])),
        ParseCase(["signin", "--provider="], run(["signin"], options: ["provider": [""]])),
        ParseCase(["signin", "--provider", ""], run(["signin"], options: ["provider": [""]])),
        // Repeated options keep their order, whatever the syntax.
        ParseCase(
            ["signin", "--provider", "x", "--scope", "a", "--scope=b", "--scope", "c"],
            run(["signin"], options: ["provider": ["x"], "scope": ["a", "b", "c"]])),
        // Only the first `=` splits `--opt=value`; a value may contain `=`.
        ParseCase(
            ["signin", "--provider", "x", "--param", "prompt=login", "--param=login_hint=a=b"],
            run(["signin"], options: ["provider": ["x"], "param": ["prompt=login", "login_hint=a=b"]])),
        ParseCase(
            ["signin", "--provider", "x", "--no-browser", "--timeout", "60"],
            run(["signin"], options: ["provider": ["x"], "timeout": ["60"]], flags: ["no-browser"])),
        // A lone `-` is a word, so it can be a value.
        ParseCase(
            ["signin", "--browser", "-", "--provider", "x"],
            run(["signin"], options: ["browser": ["-"], "provider": ["x"]])),
        ParseCase(
            ["signin", "--param=--weird", "--provider", "x"],
            run(["signin"], options: ["param": ["--weird"], "provider": ["x"]])),
        ParseCase(
            ["providers", "add", "oidc.corp", "--issuer", "https://id.example", "--client-id", "cli"],
            run(
                ["providers", "add"], options: ["issuer": ["https://id.example"], "client-id": ["cli"]],
                positionals: ["oidc.corp"], arguments: ["id": ["oidc.corp"]])),
        ParseCase(
            ["providers", "add", "--issuer", "https://id.example", "oidc.corp", "--client-id=cli", "--client-secret-stdin"],
            run(
                ["providers", "add"], options: ["issuer": ["https://id.example"], "client-id": ["cli"]],
                flags: ["client-secret-stdin"], positionals: ["oidc.corp"], arguments: ["id": ["oidc.corp"]])),
        // `--` ends options; a lone `-` is positional.
        ParseCase(
            ["providers", "show", "--", "--help"],
            run(["providers", "show"], positionals: ["--help"], arguments: ["id": ["--help"]])),
        ParseCase(["providers", "show", "-"], run(["providers", "show"], positionals: ["-"], arguments: ["id": ["-"]])),
        ParseCase(
            ["providers", "remove", "--json", "--", "-x"],
            run(["providers", "remove"], flags: ["json"], positionals: ["-x"], arguments: ["id": ["-x"]])),
    ]

    static let globals: [ParseCase] = [
        ParseCase(["--json", "whoami"], run(["whoami"], flags: ["json"])),
        ParseCase(["whoami", "--json"], run(["whoami"], flags: ["json"])),
        ParseCase(["--json", "whoami", "--json"], run(["whoami"], flags: ["json"])),
        ParseCase(["--home", "/h", "whoami"], run(["whoami"], options: ["home": ["/h"]])),
        ParseCase(["whoami", "--home=/h"], run(["whoami"], options: ["home": ["/h"]])),
        ParseCase(
            ["--verbose", "providers", "--no-color", "list"], run(["providers", "list"], flags: ["verbose", "no-color"])),
        ParseCase(
            ["--home", "/h", "--json", "token", "--provider", "github.com", "--id-token", "--verbose"],
            run(["token"], options: ["home": ["/h"], "provider": ["github.com"]], flags: ["json", "id-token", "verbose"])),
    ]

    static let routing: [ParseCase] = [
        ParseCase([], .help(commandPath: [])),
        ParseCase(["--json"], .help(commandPath: [])),
        ParseCase(["--help"], .help(commandPath: [])),
        ParseCase(["-h"], .help(commandPath: [])),
        ParseCase(["help"], .help(commandPath: [])),
        ParseCase(["help", "signin"], .help(commandPath: ["signin"])),
        ParseCase(["help", "providers"], .help(commandPath: ["providers"])),
        ParseCase(["help", "providers", "add"], .help(commandPath: ["providers", "add"])),
        ParseCase(["help", "help"], .help(commandPath: ["help"])),
        ParseCase(["signin", "--help"], .help(commandPath: ["signin"])),
        ParseCase(["--help", "signin"], .help(commandPath: ["signin"])),
        ParseCase(["providers", "add", "-h"], .help(commandPath: ["providers", "add"])),
        ParseCase(["providers", "--help"], .help(commandPath: ["providers"])),
        // --help wins over errors in the options around it...
        ParseCase(["signin", "--bogus", "--help"], .help(commandPath: ["signin"])),
        ParseCase(["signin", "--provider", "--help"], .help(commandPath: ["signin"])),
        ParseCase(["--help", "whoam"], .help(commandPath: [])),
        ParseCase(["whoami", "--home", "-h"], .help(commandPath: ["whoami"])),
        ParseCase(["--version"], .version),
        ParseCase(["whoami", "--version"], .version),
        ParseCase(["--version", "--help"], .help(commandPath: [])),
    ]

    static let errors: [ParseCase] = [
        ParseCase(["whoam"], throws: .unknownCommand("whoam", command: [], suggestion: "whoami")),
        ParseCase(["sigin"], throws: .unknownCommand("sigin", command: [], suggestion: "signin")),
        ParseCase(["singin"], throws: .unknownCommand("singin", command: [], suggestion: "signin")),
        ParseCase(["prov"], throws: .unknownCommand("prov", command: [], suggestion: "providers")),
        ParseCase(["WHOAMI"], throws: .unknownCommand("WHOAMI", command: [], suggestion: "whoami")),
        ParseCase(["frobnicate"], throws: .unknownCommand("frobnicate", command: [], suggestion: nil)),
        ParseCase(["whoam", "--help"], throws: .unknownCommand("whoam", command: [], suggestion: "whoami")),
        ParseCase(["providers", "ad"], throws: .unknownCommand("ad", command: ["providers"], suggestion: "add")),
        ParseCase(["help", "whoam"], throws: .unknownCommand("whoam", command: [], suggestion: "whoami")),
        ParseCase(["help", "providers", "lst"], throws: .unknownCommand("lst", command: ["providers"], suggestion: "list")),
        ParseCase(["help", "whoami", "extra"], throws: .unexpectedArgument("extra", command: ["help"])),
        ParseCase(
            ["signin", "--provider", "x", "--scop", "s"],
            throws: .unknownOption("--scop", command: ["signin"], suggestion: "--scope", owner: nil)),
        ParseCase(
            ["whoami", "--jsno"], throws: .unknownOption("--jsno", command: ["whoami"], suggestion: "--json", owner: nil)),
        ParseCase(["whoami", "--bogus"], throws: .unknownOption("--bogus", command: ["whoami"], suggestion: nil, owner: nil)),
        ParseCase(["whoami", "-x"], throws: .unknownOption("-x", command: ["whoami"], suggestion: nil, owner: nil)),
        ParseCase(["whoami", "-hv"], throws: .unknownOption("-hv", command: ["whoami"], suggestion: nil, owner: nil)),
        ParseCase(["--check", "whoami"], throws: .unknownOption("--check", command: [], suggestion: nil, owner: ["whoami"])),
        ParseCase(
            ["--provider", "github.com", "signin"],
            throws: .unknownOption("--provider", command: [], suggestion: nil, owner: ["signin"])),
        ParseCase(
            ["providers", "--issuer", "u", "add"],
            throws: .unknownOption("--issuer", command: ["providers"], suggestion: nil, owner: ["providers", "add"])),
        // The first error in argv order is the one reported.
        ParseCase(["--bogus", "whoam"], throws: .unknownOption("--bogus", command: [], suggestion: nil, owner: nil)),
        ParseCase(
            ["signin", "--bogus", "--provider"],
            throws: .unknownOption("--bogus", command: ["signin"], suggestion: nil, owner: nil)),
        ParseCase(["signin", "--provider"], throws: .missingValue(option: "--provider", command: ["signin"], nextArgument: nil)),
        ParseCase(
            ["signin", "--provider", "--scope", "x"],
            throws: .missingValue(option: "--provider", command: ["signin"], nextArgument: "--scope")),
        ParseCase(
            ["signin", "--provider", "--", "x"],
            throws: .missingValue(option: "--provider", command: ["signin"], nextArgument: "--")),
        ParseCase(["--home"], throws: .missingValue(option: "--home", command: [], nextArgument: nil)),
        ParseCase(
            ["signin", "--provider", "x", "--no-browser=yes"],
            throws: .flagWithValue(option: "--no-browser", value: "yes", command: ["signin"])),
        ParseCase(["whoami", "--json="], throws: .flagWithValue(option: "--json", value: "", command: ["whoami"])),
        ParseCase(["signin"], throws: .missingOption("--provider", command: ["signin"])),
        ParseCase(["signin", "--scope", "s"], throws: .missingOption("--provider", command: ["signin"])),
        ParseCase(
            ["signin", "--provider", "a", "--provider=b"], throws: .duplicateOption("--provider", command: ["signin"])),
        ParseCase(["--home", "a", "whoami", "--home", "b"], throws: .duplicateOption("--home", command: ["whoami"])),
        ParseCase(
            ["signin", "--provider", "x", "--browser", "firefox", "--no-browser"],
            throws: .conflictingOptions("--browser", "--no-browser", command: ["signin"])),
        ParseCase(
            ["providers", "add", "oidc.x", "--issuer", "u", "--client-id", "c", "--client-secret-env", "S", "--client-secret-stdin"],
            throws: .conflictingOptions("--client-secret-stdin", "--client-secret-env", command: ["providers", "add"])),
        ParseCase(
            ["providers", "add", "--issuer", "u", "--client-id", "c"],
            throws: .missingArgument("id", command: ["providers", "add"])),
        ParseCase(["providers", "add", "oidc.x"], throws: .missingOption("--client-id", command: ["providers", "add"])),
        ParseCase(["providers", "show"], throws: .missingArgument("id", command: ["providers", "show"])),
        ParseCase(["providers", "show", "a", "b"], throws: .unexpectedArgument("b", command: ["providers", "show"])),
        ParseCase(["whoami", "extra"], throws: .unexpectedArgument("extra", command: ["whoami"])),
        ParseCase(["signin", "--provider", "x", "-"], throws: .unexpectedArgument("-", command: ["signin"])),
        ParseCase(["--", "whoami"], throws: .unexpectedArgument("whoami", command: [])),
        ParseCase(["whoami", "--", "--help"], throws: .unexpectedArgument("--help", command: ["whoami"])),
        ParseCase(
            ["providers"], throws: .missingSubcommand(command: ["providers"], available: ["add", "list", "show", "remove"])),
        ParseCase(
            ["--json", "providers"],
            throws: .missingSubcommand(command: ["providers"], available: ["add", "list", "show", "remove"])),
        ParseCase(["whoami", "--help=1"], throws: .flagWithValue(option: "--help", value: "1", command: ["whoami"])),
    ]

    @Test("syntax forms", arguments: syntax)
    func syntaxForms(_ example: ParseCase) {
        #expect(parse(example.argv) == example.expected)
    }

    @Test("global options before or after the command", arguments: globals)
    func globalOptions(_ example: ParseCase) {
        #expect(parse(example.argv) == example.expected)
    }

    @Test("help and version routing", arguments: routing)
    func helpAndVersion(_ example: ParseCase) {
        #expect(parse(example.argv) == example.expected)
    }

    @Test("usage errors", arguments: errors)
    func usageErrors(_ example: ParseCase) {
        #expect(parse(example.argv) == example.expected)
    }

    @Test func globalOptionsAreTyped() throws {
        guard case .run(let invocation) = try CommandLineParser.parse(["--home", "/h", "--json", "whoami", "--verbose", "--no-color"])
        else {
            Issue.record("expected a run")
            return
        }
        #expect(invocation.globals == GlobalOptions(home: "/h", json: true, verbose: true, noColor: true))
        #expect(invocation.flag("json"))
        #expect(invocation.value("home") == "/h")
    }

    @Test func globalsMeanTheSameBeforeAndAfterTheCommand() throws {
        let before = try CommandLineParser.parse(["--json", "--home", "/h", "providers", "show", "oidc.a"])
        let after = try CommandLineParser.parse(["providers", "show", "oidc.a", "--home", "/h", "--json"])
        let between = try CommandLineParser.parse(["providers", "--json", "show", "--home=/h", "oidc.a"])
        #expect(before == after)
        #expect(before == between)
    }

    @Test func hiddenCommandsParseButAreNotSuggested() {
        let root = CommandSpec(
            name: "tool", abstract: "A tool.",
            subcommands: [
                CommandSpec(name: "secret", abstract: "Hidden.", isHidden: true),
                CommandSpec(name: "status", abstract: "Shown."),
            ])
        #expect(throws: Never.self) { try CommandLineParser.parse(["secret"], root: root) }
        #expect(throws: UsageError.unknownCommand("secrt", command: [], suggestion: nil)) {
            try CommandLineParser.parse(["secrt"], root: root)
        }
        #expect(HelpGenerator.help(for: [], root: root)?.contains("secret") == false)
    }
}
