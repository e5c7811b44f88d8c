import Foundation
import Testing
@testable import AuthCLI
import AuthPlatform
import AuthTestSupport

/// Token refresh, revocation, paste mode and the non-interactive rule, in-process.
@Suite struct SessionCommandTests {
    let cli = TestCommandLine()

    init() async {
        #expect(await cli.addProvider() == .success)
    }

    func signIn(_ extra: [String] = []) async -> ExitStatus {
        await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10"] + extra)
    }

    @Test func tokenRefreshesWhenItWouldExpireWithinMinValid() async {
        cli.expiresIn = 600
        #expect(await signIn() == .success)
        cli.advance(200)
        #expect(await cli.run(["token"]) == .success)  // 400 s left >= the default 300
        #expect(cli.stdout.withLock { $0 } == TestTokenFactory.accessToken + "\n")
        #expect(cli.refreshes.withLock { $0 } == 0)
        cli.advance(200)
        #expect(await cli.run(["token"]) == .success)  // 200 s left < 300: refresh
        #expect(cli.stdout.withLock { $0 } == "refreshed-1\n")
        // The new token lasts an hour: asking again does not refresh again.
        #expect(await cli.run(["token", "--min-valid", "1800"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "refreshed-1\n")
        // Nor does asking for more than the provider ever gives (3600 s): a fresh token is as good
        // as a refresh gets.
        #expect(await cli.run(["token", "--min-valid", "7200"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "refreshed-1\n")
        #expect(cli.refreshes.withLock { $0 } == 1)
        // Later, the rotated refresh token is the one used next.
        cli.advance(1000)
        #expect(await cli.run(["token", "--min-valid", "7200"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "refreshed-2\n")
    }

    @Test func refusedRefreshEndsTheSessionButKeepsTheUser() async {
        cli.expiresIn = 60
        #expect(await signIn() == .success)
        cli.advance(30)
        cli.refreshResponse = .json(["error": "invalid_grant", "error_description": "token reused"], status: 400)
        #expect(await cli.run(["token"]) == .notSignedIn)
        #expect(cli.stderr.withLock { $0 }.contains("sign in again"))
        #expect(await cli.run(["users", "--json"]) == .success)
        #expect((try? JSONValue.parse(cli.stdout.withLock { $0 }))?.arrayValue?.count == 1)
        #expect(await cli.run(["token"]) == .notSignedIn)
    }

    @Test func signoutRevokeReportsEachStep() async throws {
        #expect(await signIn() == .success)
        #expect(await cli.run(["signout", "--revoke", "--json"]) == .success)
        let result = try JSONValue.parse(cli.stdout.withLock { $0 })
        #expect(result["revocation"]?.arrayValue?.compactMap { $0["outcome"]?.stringValue } == ["revoked", "revoked"])
        #expect(cli.revocations.withLock { $0 }.map { $0.contains("token_type_hint=refresh_token") } == [true, false])
        #expect(await cli.run(["whoami", "--check"]) == .notSignedIn)
    }

    @Test func failedRevocationStillSignsOut() async throws {
        #expect(await signIn() == .success)
        cli.revocationStatus = 503
        #expect(await cli.run(["signout", "--revoke", "--json"]) == .providerError)
        #expect(try JSONValue.parse(cli.stdout.withLock { $0 })["revocation"]?.arrayValue?.first?["outcome"] == "failed")
        #expect(await cli.run(["whoami", "--check"]) == .notSignedIn)
    }

    @Test func failedRevocationNeverSaysTryAgain() async throws {
        #expect(await signIn() == .success)
        cli.revocationStatus = 503
        #expect(await cli.run(["signout", "--revoke"]) == .providerError)
        let stderr = cli.stderr.withLock { $0 }
        #expect(stderr.contains("stay valid at the provider until they expire") && !stderr.contains("try again"))
    }

    @Test func anUnreadableProviderConfigurationIsAConfigurationErrorAfterSigningOut() async throws {
        #expect(await signIn() == .success)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: cli.home + "/providers.json"))
        #expect(await cli.run(["signout", "--revoke"]) == .configurationError)
        let stderr = cli.stderr.withLock { $0 }
        #expect(stderr.contains("provider configuration could not be used") && stderr.contains("providers.json"))
        #expect(!stderr.contains("try again"))
        #expect(await cli.run(["whoami", "--check"]) == .notSignedIn)
    }

    @Test(arguments: [(false, [String: String]()), (true, ["CI": "true"])])
    func nonInteractiveCallersGetNoBrowser(interactive: Bool, environment: [String: String]) async {
        cli.interactive = interactive
        cli.extraEnvironment = environment
        #expect(await signIn() == .notSignedIn)
        #expect(cli.stderr.withLock { $0 }.contains("interactive sign-in required"))
        #expect(cli.lastAuthorization.withLock { $0 }.isEmpty)
        #expect(cli.keystoreBytes == nil)
        // An explicit --browser is a decision, not an accident.
        #expect(await signIn(["--browser", "test-browser"]) == .success)
    }

    @Test(arguments: ["url", "query", "tampered"])
    func pasteMode(kind: String) async {
        cli.interactive = false
        cli.callback = { _ in nil }  // the browser is elsewhere: nothing reaches the listener
        let issuer = TestTokenFactory.issuer
        // The fake browser records the request; the paste is built from it once the URL is shown.
        cli.pastedLineProvider = { request in
            let state = kind == "tampered" ? "forged" : request["state"] ?? ""
            let query = "code=abc&state=\(state)&iss=\(issuer.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            return kind == "query" ? query : "http://127.0.0.1:1/callback?" + query
        }
        let status = await signIn(["--no-browser", "--paste"])
        #expect(status == (kind == "tampered" ? .invalidCredential : .success))
        #expect((cli.keystoreBytes == nil) == (kind == "tampered"))
    }
}
