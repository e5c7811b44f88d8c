import Foundation
import Testing
@testable import AuthCLI
import AuthPlatform
import AuthProviders
import AuthTestSupport

/// What a new user runs into first: names from other tools, provider ids, the check when a
/// provider is added, and --json documents a script can rely on.
@Suite struct FirstRunTests {
    @Test(arguments: [
        ("login", "signin"), ("LOGIN", "signin"), ("log-in", "signin"), ("logout", "signout"), ("sign-out", "signout"),
        ("sigin", "signin"), ("whoam", "whoami"),
    ])
    func namesFromOtherToolsSuggestOurs(typed: String, suggested: String) async {
        let cli = TestCommandLine()
        #expect(await cli.run([typed]) == .usage)
        #expect(cli.stderr.withLock { $0 }.contains("Did you mean '\(suggested)'?"))
        #expect(cli.stdout.withLock { $0 }.isEmpty)
    }

    @Test(arguments: [
        (["logout", "--json"], "signout", "Did you mean 'signout'?"),
        (["whoami", "--jsn", "--json"], "--json", "Did you mean '--json'?"),
    ])
    func jsonUsageErrorsKeepTheSuggestion(arguments: [String], suggestion: String, hint: String) async throws {
        let cli = TestCommandLine()
        #expect(await cli.run(arguments) == .usage)
        let document = try JSONValue.parse(cli.stderr.withLock { $0 })
        #expect(document["schema"] == 1)
        #expect(document["error"]?["code"] == "invalid-argument")
        #expect(document["error"]?["suggestion"]?.stringValue == suggestion)
        #expect(document["error"]?["hint"]?.stringValue == hint)
    }

    @Test func everyJSONErrorCarriesTheSchema() throws {
        let report = ErrorFunnel.report(for: ProviderError.alreadyConfigured("oidc.a"), json: true)
        #expect(try JSONValue.parse(report.standardError)["schema"] == 1)
    }

    @Test(arguments: [
        ("github", "'github' is not a provider id (did you mean 'github.com'?)"),
        ("GitHub.com", "'GitHub.com' is not a provider id (did you mean 'github.com'?)"),
        ("corp", "'corp' is not a provider id (did you mean 'oidc.corp'?)"),
        ("oidc.Corp", "'oidc.Corp' is not a provider id (did you mean 'oidc.corp'?)"),
        ("oidc.a/b", "'oidc.a/b' is not a provider id: use github.com"),
        ("github.com", "no provider 'github.com' is configured; add it with 'authctl providers add github.com --client-id ID'"),
        ("yahoo.com", "no provider 'yahoo.com' is configured; add it with 'authctl providers add yahoo.com --client-id ID'"),
        ("oidc.corp", "no provider 'oidc.corp' is configured; add it with 'authctl providers add oidc.corp --issuer URL --client-id ID'"),
    ])
    func anUnknownProviderGetsAFixThatWorks(typed: String, message: String) async {
        let cli = TestCommandLine()
        #expect(await cli.run(["signin", "--provider", typed]) == .configurationError)
        let text = cli.stderr.withLock { $0 }
        #expect(text.hasPrefix("error: " + message), "\(text)")
        // Whatever id is suggested, providers add takes it.
        if let quoted = text.firstRange(of: "did you mean '").map({ text[$0.upperBound...].prefix { $0 != "'" } }) {
            #expect(ProviderPresets.builtIn.kind(forID: String(quoted)) != nil)
        }
    }

    @Test func providersAddAsksTheProviderFirst() async throws {
        let cli = TestCommandLine()
        // Discovery answers for another issuer: 9, and nothing stored.
        #expect(await cli.run(["providers", "add", "oidc.other", "--issuer", "https://other.example.com", "--client-id", "c"]) == .providerError)
        #expect(cli.stderr.withLock { $0 }.contains("names issuer 'https://idp.example.com'"))
        // No discovery document there at all: 9.
        #expect(await cli.run(["providers", "add", "oidc.none", "--issuer", "https://idp.example.com/nothing", "--client-id", "c"]) == .providerError)
        #expect(await cli.run(["providers", "list", "--json"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "[]\n")
        // --no-check stores it as typed, for offline set-up.
        #expect(await cli.run(["providers", "add", "oidc.none", "--issuer", "https://idp.example.com/nothing", "--client-id", "c", "--no-check"]) == .success)
        #expect(await cli.run(["providers", "show", "oidc.none", "--json"]) == .success)
        #expect(try JSONValue.parse(cli.stdout.withLock { $0 })["issuer"] == "https://idp.example.com/nothing")
    }

    @Test func aTrailingSlashTakesTheProvidersSpelling() async throws {
        let cli = TestCommandLine()
        #expect(await cli.run(["providers", "add", "oidc.test", "--issuer", TestTokenFactory.issuer + "/", "--client-id", "c", "--json"]) == .success)
        #expect(try JSONValue.parse(cli.stdout.withLock { $0 })["issuer"]?.stringValue == TestTokenFactory.issuer)
        #expect(cli.stderr.withLock { $0 }.contains("Using the issuer as the provider spells it: \(TestTokenFactory.issuer)"))
        // Unchecked, it is kept as typed, with a note.
        #expect(await cli.run(["providers", "add", "oidc.raw", "--issuer", TestTokenFactory.issuer + "/", "--client-id", "c", "--no-check"]) == .success)
        #expect(cli.stderr.withLock { $0 }.contains("the issuer ends with '/'"))
    }

    @Test func jsonDocumentsCarryTheSchemaAndTypedValues() async throws {
        let cli = TestCommandLine()
        #expect(await cli.run(["config", "get", "recent-login-seconds", "--json"]) == .success)
        #expect(try JSONValue.parse(cli.stdout.withLock { $0 }) == ["recent-login-seconds": 300, "schema": 1])
        #expect(await cli.run(["config", "get", "one-account-per-email", "--json"]) == .success)
        #expect(try JSONValue.parse(cli.stdout.withLock { $0 }) == ["one-account-per-email": true, "schema": 1])
        #expect(await cli.addProvider() == .success)
        #expect(await cli.run(["providers", "remove", "oidc.test", "--json"]) == .success)
        #expect(try JSONValue.parse(cli.stdout.withLock { $0 }) == ["removed": "oidc.test", "schema": 1])
        #expect(await cli.run(["--version", "--json"]) == .success)
        #expect(try JSONValue.parse(cli.stdout.withLock { $0 }) == ["version": .string(AuthCommandLine.version), "schema": 1])
        // A top-level array stays an array.
        #expect(await cli.run(["providers", "list", "--json"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "[]\n")
    }
}
