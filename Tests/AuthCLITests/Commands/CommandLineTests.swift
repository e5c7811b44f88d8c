import Foundation
import Testing
@testable import AuthCLI
import AuthCore
import AuthOAuth
import AuthPlatform
import AuthStorage
import AuthTestSupport

@Suite struct ExitStatusTests {
    @Test(arguments: [
        (ErrorCode.internalError, ExitStatus.unexpectedFailure), (.invalidArgument, .usage),
        (.noCurrentUser, .notSignedIn), (.userTokenExpired, .notSignedIn), (.interactiveSignInRequired, .notSignedIn),
        (.cancelled, .cancelled), (.timeout, .timedOut), (.accountExistsWithDifferentCredential, .accountExists),
        (.credentialAlreadyInUse, .credentialConflict), (.providerAlreadyLinked, .credentialConflict),
        (.noSuchProvider, .credentialConflict), (.requiresRecentLogin, .reauthenticationNeeded),
        (.userMismatch, .reauthenticationNeeded), (.providerError, .providerError), (.invalidCredential, .invalidCredential),
        (.keystoreError, .keystoreError), (.configurationError, .configurationError),
    ])
    func mapsEveryCode(code: ErrorCode, status: ExitStatus) {
        #expect(ExitStatus(code) == status)
    }

    @Test func statusesAreTheDocumentedNumbers() {
        #expect(ExitStatus.allCases.map(\.rawValue) == Array(0...12) + [126, 127])
    }
}

@Suite struct ErrorFunnelTests {
    @Test func jsonErrorShape() throws {
        let report = ErrorFunnel.report(for: OAuthError.stateMismatch, json: true)
        #expect(report.status == .invalidCredential)
        let json = try JSONValue.parse(report.standardError)
        #expect(json["error"]?["code"] == "invalid-credential")
        #expect(json["error"]?["message"]?.stringValue?.contains("state") == true)
    }

    @Test func textErrorHasPrefix() {
        let report = ErrorFunnel.report(for: AccountError.notSignedIn, json: false)
        #expect(report == .init(standardError: "error: not signed in; run 'authctl signin --provider <id>'\n", status: .notSignedIn))
    }

    @Test func detailsJoinTheJSON() throws {
        let report = ErrorFunnel.report(for: KeystoreError.locked(lockFile: "/h/.lock"), json: true)
        let json = try JSONValue.parse(report.standardError)
        #expect(json["error"]?["code"] == "keystore-error")
        #expect(report.status == .keystoreError)
    }

    @Test func cancellationAndUnknownErrors() {
        #expect(ErrorFunnel.report(for: CancellationError(), json: false).status == .cancelled)
        struct Odd: Error {}
        #expect(ErrorFunnel.report(for: Odd(), json: false).status == .unexpectedFailure)
    }

    @Test func usageErrorsGoThroughTheSameFunnel() {
        let error = UsageError.unknownCommand("whoam", command: [], suggestion: "whoami")
        let report = ErrorFunnel.report(for: error, json: false)
        #expect(report.status == .usage)
        #expect(report.standardError == UsageErrorRenderer.render(error))
    }
}

@Suite struct CommandLineTests {
    @Test func versionAndHelpGoToStdout() async {
        let cli = TestCommandLine()
        #expect(await cli.run(["--version"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "authctl \(AuthCommandLine.version)\n")
        #expect(await cli.run(["help", "whoami"]) == .success)
        #expect(cli.stdout.withLock { $0 } == HelpGenerator.help(for: ["whoami"]))
    }

    @Test func unknownCommandSuggests() async {
        let cli = TestCommandLine()
        #expect(await cli.run(["whoam"]) == .usage)
        #expect(cli.stderr.withLock { $0 }.contains("Did you mean 'whoami'?"))
        #expect(cli.stdout.withLock { $0 }.isEmpty)
    }

    @Test func notSignedIn() async {
        let cli = TestCommandLine()
        #expect(await cli.run(["whoami", "--check"]) == .notSignedIn)
        #expect(cli.stdout.withLock { $0 }.isEmpty)
        #expect(cli.stderr.withLock { $0 }.isEmpty)
        #expect(await cli.run(["token"]) == .notSignedIn)
        #expect(await cli.run(["whoami"]) == .notSignedIn)
        #expect(await cli.run(["--json", "whoami"]) == .notSignedIn)
        #expect((try? JSONValue.parse(cli.stderr.withLock { $0 }))?["error"]?["code"] == "no-current-user")
    }

    @Test func providersAddReadsTheSecretFromStdinAndNeverShowsIt() async throws {
        let cli = TestCommandLine()
        cli.stdin = Array("s3cret-value\n".utf8)
        #expect(await cli.addProvider(["--client-secret-stdin", "--scope", "groups", "--param", "prompt=login"]) == .success)
        #expect(await cli.run(["providers", "show", "oidc.test", "--json"]) == .success)
        let shown = cli.stdout.withLock { $0 }
        #expect(!shown.contains("s3cret-value"))
        let json = try JSONValue.parse(shown)
        #expect(json["hasClientSecret"] == true)
        #expect(json["scopes"] == ["groups"])
        #expect(await cli.run(["providers", "list"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "oidc.test  \(TestTokenFactory.issuer)\n")
        #expect(await cli.run(["providers", "remove", "oidc.test"]) == .success)
        #expect(await cli.run(["providers", "show", "oidc.test"]) == .configurationError)
    }

    @Test(arguments: [
        (["--issuer", "http://idp.example.com"], ExitStatus.configurationError),
        (["--issuer", "https://idp.example.com", "--param", "state=x"], .usage),
        (["--issuer", "https://idp.example.com", "--client-secret-env", "MISSING_SECRET_VARIABLE"], .configurationError),
        (["--issuer", "https://idp.example.com", "--hs256-id-tokens"], .configurationError),
        (["--issuer", "https://idp.example.com", "--issuer", "https://other.example.com"], .usage),
    ])
    func providersAddRefuses(extra: [String], status: ExitStatus) async {
        let cli = TestCommandLine()
        #expect(await cli.run(["providers", "add", "oidc.bad", "--client-id", "c"] + extra) == status)
        #expect(await cli.run(["providers", "list", "--json"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "[]\n")
    }
}

@Suite struct SignInCommandTests {
    @Test func signInWhoamiTokenSignOut() async throws {
        let cli = TestCommandLine()
        #expect(await cli.addProvider() == .success)
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--json", "--timeout", "10"]) == .success)
        let result = try JSONValue.parse(cli.stdout.withLock { $0 })
        #expect(result["user"]?["email"] == "alice@example.com")
        #expect(result["additionalUserInfo"]?["isNewUser"] == true)
        #expect(!cli.stdout.withLock { $0 }.contains(TestTokenFactory.accessToken))
        #expect(cli.stderr.withLock { $0 }.contains("code_challenge_method=S256"))
        let request = cli.lastAuthorization.withLock { $0 }
        #expect(request["client_id"] == TestTokenFactory.clientID)
        #expect(request["scope"] == "openid profile email")

        #expect(await cli.run(["token"]) == .success)
        #expect(cli.stdout.withLock { $0 } == TestTokenFactory.accessToken + "\n")
        #expect(await cli.run(["whoami", "--json"]) == .success)
        let user = try JSONValue.parse(cli.stdout.withLock { $0 })
        #expect(user["providerData"]?.arrayValue?.first?["uid"] == .string(TestTokenFactory.subject))
        #expect(await cli.run(["signout"]) == .success)
        #expect(await cli.run(["whoami", "--check"]) == .notSignedIn)
    }

    @Test(arguments: ["wrong-state", "wrong-iss", "denied", "wrong-nonce", "expired", "other-audience", "token-error"])
    func hostileSignInsStoreNothing(kind: String) async throws {
        let cli = TestCommandLine()
        #expect(await cli.addProvider() == .success)
        let expected: ExitStatus
        var timeout = "10"
        switch kind {
        case "wrong-state":
            // Another sign-in's redirect is ignored (any local process could send one): the wait times out.
            cli.callback = { _ in ["code": "c", "state": "forged", "iss": TestTokenFactory.issuer] }
            timeout = "1"
            expected = .timedOut
        case "wrong-iss":
            cli.callback = { request in ["code": "c", "state": request["state"]!, "iss": "https://evil.example"] }
            expected = .invalidCredential
        case "denied":
            cli.callback = { request in ["error": "access_denied", "state": request["state"]!, "iss": TestTokenFactory.issuer] }
            expected = .cancelled
        case "wrong-nonce":
            cli.idTokenClaims = ["nonce": "not-the-nonce"]
            expected = .invalidCredential
        case "expired":
            cli.idTokenClaims = ["exp": .number(TestTokenFactory.now.timeIntervalSince1970 - 3600)]
            expected = .invalidCredential
        case "other-audience":
            cli.idTokenClaims = ["aud": "someone-else"]
            expected = .invalidCredential
        default:
            cli.tokenEndpointResponse = .json(["error": "invalid_grant", "error_description": "code expired"], status: 400)
            expected = .providerError
        }
        let before = cli.keystoreBytes
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", timeout]) == expected)
        #expect(cli.keystoreBytes == before)
        #expect(await cli.run(["whoami", "--check"]) == .notSignedIn)
    }

    @Test func timesOut() async {
        let cli = TestCommandLine()
        #expect(await cli.addProvider() == .success)
        cli.callback = { _ in nil }
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--timeout", "1"]) == .timedOut)
        #expect(cli.keystoreBytes == nil)
    }

    @Test func reservedParameterIsRefusedBeforeAnythingHappens() async {
        let cli = TestCommandLine()
        #expect(await cli.addProvider() == .success)
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--param", "nonce=x"]) == .usage)
        #expect(cli.stderr.withLock { $0 }.contains("'nonce' is set by the sign-in itself"))
        #expect(cli.lastAuthorization.withLock { $0 }.isEmpty)
    }

    @Test func unknownProvider() async {
        let cli = TestCommandLine()
        #expect(await cli.run(["signin", "--provider", "oidc.nope"]) == .configurationError)
    }
}

@Suite struct VerifyCommandTests {
    func verify(_ token: String, _ extra: [String] = [], addExtra: [String] = [], secret: String? = nil) async -> (ExitStatus, TestCommandLine) {
        let cli = TestCommandLine()
        if let secret { cli.stdin = Array(secret.utf8) }
        #expect(await cli.addProvider(addExtra) == .success)
        cli.stdin = Array((token + "\n").utf8)
        return (await cli.run(["verify", "--provider", "oidc.test"] + extra), cli)
    }

    @Test func printsClaimsOfAValidToken() async throws {
        let (status, cli) = await verify(TestTokenFactory.idToken(claims: ["nonce": nil]))
        #expect(status == .success)
        let claims = try JSONValue.parse(cli.stdout.withLock { $0 })
        #expect(claims["sub"] == .string(TestTokenFactory.subject))
    }

    @Test(arguments: ["RS256", "PS256", "ES256"])
    func acceptsEveryPublicKeyAlgorithm(alg: String) async {
        let (signer, kid) = TestTokenFactory.standardSigner(alg)
        let token = TestTokenFactory.idToken(signer, kid: kid.map { .named($0) } ?? .omitted)
        #expect(await verify(token).0 == .success)
    }

    @Test func refusesTamperedAudienceAndNonce() async {
        let token = TestTokenFactory.idToken()
        var tampered = Array(token)
        tampered[tampered.count - 5] = tampered[tampered.count - 5] == "A" ? "B" : "A"
        let (status, cli) = await verify(String(tampered))
        #expect(status == .invalidCredential)
        #expect(cli.stdout.withLock { $0 }.isEmpty)
        #expect(await verify(token, ["--audience", "another-client"]).0 == .invalidCredential)
        #expect(await verify(token, ["--nonce", "a-different-nonce"]).0 == .invalidCredential)
        #expect(await verify(token, ["--nonce", TestTokenFactory.nonce]).0 == .success)
    }

    @Test func hs256NeedsTheExplicitOptIn() async {
        let token = TestTokenFactory.idToken(.hs256(TestTokenFactory.hmacSecret), kid: .omitted)
        let secret = String(decoding: TestTokenFactory.hmacSecret, as: UTF8.self)
        #expect(await verify(token, addExtra: ["--client-secret-stdin"], secret: secret).0 == .invalidCredential)
        #expect(await verify(token, addExtra: ["--client-secret-stdin", "--hs256-id-tokens"], secret: secret).0 == .success)
    }
}
