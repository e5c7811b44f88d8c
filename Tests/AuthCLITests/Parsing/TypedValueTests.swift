import AuthPlatform
import Testing
import AuthProviders
@testable import AuthCLI

private func invocation(_ argv: [String]) throws -> ParsedInvocation {
    guard case .run(let invocation) = try CommandLineParser.parse(argv) else {
        throw UsageError.invalidUsage("not a run: \(argv)", command: [])
    }
    return invocation
}

@Suite struct TypedValueTests {
    static let seconds: [(String, Int?)] = [
        ("300", 300), ("90s", 90), ("5m", 300), ("1h", 3600), ("86400", 86400),
        ("0", nil), ("86401", nil), ("", nil), ("s", nil), ("5x", nil), ("1.5", nil), ("-5", nil), ("+5", nil),
        ("٣", nil), ("99999999999999999999h", nil), ("9999999999999999h", nil),
    ]

    @Test(arguments: seconds)
    func timeout(_ text: String, _ expected: Int?) throws {
        let parsed = try invocation(["signin", "--provider", "x", "--timeout=\(text)"])
        if let expected {
            #expect(try parsed.seconds("timeout", in: 1...86400) == expected)
        } else {
            #expect(
                throws: UsageError.invalidValue(
                    option: "--timeout", value: text,
                    reason: "expected a number of seconds from 1 to 86400 (such as 300, 90s or 5m)", command: ["signin"])
            ) { try parsed.seconds("timeout", in: 1...86400) }
        }
    }

    @Test func timeoutDefaultsFromTheSpec() throws {
        let parsed = try invocation(["signin", "--provider", "x"])
        #expect(try parsed.seconds("timeout", in: 1...86400) == 300)
        #expect(parsed.options["timeout"] == nil)
    }

    static let ports: [(String, Int?)] = [("8400", 8400), ("1", 1), ("65535", 65535), ("0", nil), ("65536", nil), ("http", nil)]

    @Test(arguments: ports)
    func redirectPort(_ text: String, _ expected: Int?) throws {
        let parsed = try invocation(["signin", "--provider", "x", "--redirect-port", text])
        if let expected {
            #expect(try parsed.int("redirect-port", in: 1...65535) == expected)
        } else {
            #expect(
                throws: UsageError.invalidValue(
                    option: "--redirect-port", value: text, reason: "expected a whole number from 1 to 65535", command: ["signin"])
            ) { try parsed.int("redirect-port", in: 1...65535) }
        }
    }

    /// `--redirect-port` takes one port or a list, in order, each once; anything else is a usage error.
    @Test(arguments: [
        ("8400", [8400]), ("8000,18000", [8000, 18000]), ("18000,8000,18000", [18000, 8000]), ("65535,1", [65535, 1]),
        ("8000,", nil), (",8000", nil), ("8000,,18000", nil), ("8000 18000", nil), ("0,8000", nil), ("8000,65536", nil), ("", nil),
    ] as [(String, [UInt16]?)])
    func redirectPortLists(_ text: String, _ expected: [UInt16]?) throws {
        let parsed = try invocation(["signin", "--provider", "x", "--redirect-port", text])
        if let expected {
            #expect(try parsed[BrowserFlowOptions.redirectPort] == expected)
        } else {
            #expect(
                throws: UsageError.invalidValue(
                    option: "--redirect-port", value: text, reason: "expected ports from 1 to 65535, separated by commas (8000,18000)",
                    command: ["signin"])
            ) { try parsed[BrowserFlowOptions.redirectPort] }
        }
    }

    @Test func absentIntIsNil() throws {
        #expect(try invocation(["signin", "--provider", "x"]).int("redirect-port", in: 1...65535) == nil)
    }

    @Test func theHomeFallsBetweenTheCommandLineAndTheEnvironment() throws {
        let environment: EnvironmentVariables = ["AUTHCTL_HOME": "/env/home"]
        let plain = try invocation(["signin", "--provider", "x"])
        #expect(plain.value("browser") == nil)
        #expect(plain.value("timeout") == "300")
        #expect(plain.globals.home(environment: environment) == "/env/home")
        #expect(plain.globals.home(environment: [:]) == nil)
        let explicit = try invocation(["signin", "--provider", "x", "--browser", "lynx", "--home", "/cli"])
        #expect(explicit.value("browser") == "lynx")
        #expect(explicit.globals.home(environment: environment) == "/cli")
    }

    /// Typed options read the same values, converted, with the defaults of their declarations.
    @Test func typedOptionsReadTheirDeclaredValues() throws {
        let parsed = try invocation(["signin", "--provider", "oidc.x", "--timeout", "5m", "--scope", "a", "--scope", "b", "--no-browser"])
        #expect(try parsed[SignInCommand.provider] == "oidc.x")
        #expect(try parsed[BrowserFlowOptions.timeout] == .seconds(300))
        #expect(try parsed[BrowserFlowOptions.scope] == ["a", "b"])
        #expect(try parsed[BrowserFlowOptions.noBrowser] && !parsed[BrowserFlowOptions.device])
        #expect(try parsed[BrowserFlowOptions.redirectPort] == [] && parsed[BrowserFlowOptions.browser] == nil)
        let defaults = try invocation(["signin", "--provider", "oidc.x"])
        #expect(try defaults[BrowserFlowOptions.timeout] == SignInOptions.defaultTimeout)
        #expect(BrowserFlowOptions.timeout.spec.defaultValue == "300")
        let token = try invocation(["token"])
        #expect(try token[TokenCommand.minValid] == .seconds(300))
    }

    @Test func argumentsAreBoundByName() throws {
        let parsed = try invocation(["providers", "show", "oidc.corp"])
        #expect(parsed.argument("id") == "oidc.corp")
        #expect(try parsed[ProvidersShowCommand.id] == "oidc.corp")
        #expect(parsed.values("home") == [])
    }
}
