import Foundation
import Testing
@testable import AuthCLI
import AuthPlatform
import AuthTestSupport

/// `status` (expiry, refreshability, `--check`) and `exec` (a fresh token in the child's environment).
@Suite struct StatusExecCommandTests {
    let cli = TestCommandLine()

    init() async {
        #expect(await cli.addProvider() == .success)
    }

    func signIn() async -> ExitStatus {
        await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10"])
    }

    @Test func statusShowsTheAccountExpiryAndRefreshability() async throws {
        cli.expiresIn = 3000
        #expect(await signIn() == .success)
        #expect(await cli.run(["status"]) == .success)
        let text = cli.stdout.withLock { $0 }
        #expect(text.contains("* alice@example.com"))
        #expect(text.contains("oidc.test: alice@example.com, expires in 50m, refreshable"))
        cli.advance(3600)
        #expect(await cli.run(["status", "--json"]) == .success)
        let json = try JSONValue.parse(cli.stdout.withLock { $0 })
        #expect(json["schema"] == 1)
        let provider = try #require(json["users"]?.arrayValue?.first?["providers"]?.arrayValue?.first)
        #expect(provider["expiresInSeconds"] == -600 && provider["refreshable"] == true)
        #expect(json["users"]?.arrayValue?.first?["canGetToken"] == true)
    }

    @Test func statusCheckIsZeroOnlyWhenATokenCanBeHadWithoutAPerson() async {
        #expect(await cli.run(["status", "--check"]) == .notSignedIn)
        cli.expiresIn = 60
        #expect(await signIn() == .success)
        #expect(await cli.run(["status", "--check"]) == .success)
        cli.advance(120)
        #expect(await cli.run(["status", "--check"]) == .success)  // expired, but refreshable
        #expect(cli.stdout.withLock { $0 }.isEmpty)
    }

    @Test(arguments: [
        (0, "0s"), (45, "45s"), (60, "1m"), (2520, "42m"), (3600, "1h"), (11_100, "3h 5m"), (86_400, "1d"), (187_200, "2d 4h"),
    ])
    func durationsReadAsAPersonSaysThem(seconds: Int, text: String) {
        #expect(Render.duration(seconds) == text)
    }

    /// --min-valid is capped by the provider's lifetime (a refresh cannot outlast it), and a cap
    /// of an asked-for validity is said, not silent.
    @Test(arguments: [(["--min-valid", "600"], true), (["--min-valid", "240"], false), ([], false)])
    func aMinValidTheProviderCannotGiveIsSaid(options: [String], warned: Bool) async {
        cli.expiresIn = 300
        #expect(await signIn() == .success)
        cli.stderr.withLock { $0 = "" }
        #expect(await cli.run(["token"] + options) == .success)
        #expect(cli.refreshes.withLock { $0 } == 0, "a token with its whole lifetime left is not refreshed")
        let stderr = cli.stderr.withLock { $0 }
        #expect(stderr.contains("less than --min-valid 600s") == warned, "\(stderr)")
        #expect(cli.stdout.withLock { $0 }.contains(TestTokenFactory.accessToken))
    }

    @Test func execPutsAFreshTokenInTheChildsEnvironment() async throws {
        cli.expiresIn = 100
        #expect(await signIn() == .success)
        cli.advance(20)  // 80 s left: under the default --min-valid and under 90% of the lifetime
        cli.execFailure = ENOENT
        #expect(await cli.run(["exec", "--env", "API_TOKEN", "--", "my-tool", "--flag", "x"]) == .commandNotFound)
        let exec = try #require(cli.execs.withLock { $0 }.first)
        #expect(exec.arguments == ["my-tool", "--flag", "x"])
        #expect(exec.environment["API_TOKEN"] == "refreshed-1")
        #expect(exec.environment["PATH"] == cli.environment["PATH"])
        #expect(cli.stderr.withLock { $0 }.contains("could not run 'my-tool': not found on PATH"))
    }

    @Test(arguments: [(ENOENT, ExitStatus.commandNotFound), (EACCES, .commandNotExecutable)])
    func aCommandThatCannotStartExitsAsEnvDoes(errno: Int32, status: ExitStatus) async {
        #expect(await signIn() == .success)
        cli.execFailure = errno
        #expect(await cli.run(["exec", "--", "/opt/tool"]) == status)
        #expect(cli.execs.withLock { $0 }.first?.environment["AUTHCTL_TOKEN"] == TestTokenFactory.accessToken)
    }

    @Test(arguments: [["exec"], ["exec", "--env", "1BAD", "--", "true"], ["exec", "--env", "A-B", "--", "true"]])
    func execUsageErrors(arguments: [String]) async {
        #expect(await signIn() == .success)
        #expect(await cli.run(arguments) == .usage)
        #expect(cli.execs.withLock { $0 }.isEmpty)
    }

    @Test func execWithoutASessionRunsNothing() async {
        #expect(await cli.run(["exec", "--", "true"]) == .notSignedIn)
        #expect(cli.execs.withLock { $0 }.isEmpty)
    }
}
