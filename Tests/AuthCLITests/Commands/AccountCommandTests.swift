import Foundation
import Testing
@testable import AuthCLI
import AuthCrypto
import AuthPlatform
import AuthTestSupport

/// The account stories through the command line, in-process. Two provider ids share the fake
/// issuer, so the same person has two identities (one per provider id) with the same email.
@Suite struct AccountCommandTests {
    let cli = TestCommandLine()

    init() async {
        #expect(await cli.addProvider() == .success)
        #expect(await cli.run(["providers", "add", "oidc.other", "--issuer", TestTokenFactory.issuer, "--client-id", TestTokenFactory.clientID]) == .success)
    }

    func signIn(_ provider: String, _ extra: [String] = []) async -> ExitStatus {
        await cli.run(["signin", "--provider", provider, "--timeout", "10"] + extra)
    }

    func json(_ text: String) -> JSONValue { (try? JSONValue.parse(text)) ?? .null }

    @Test func accountExistsThenLinkPending() async {
        #expect(await signIn("oidc.test") == .success)
        #expect(await cli.run(["signout"]) == .success)
        let before = cli.keystoreBytes
        #expect(await signIn("oidc.other", ["--json"]) == .accountExists)
        #expect(cli.keystoreBytes == before)
        let error = cli.jsonError
        #expect(error?["code"] == "account-exists-with-different-credential")
        #expect(error?["email"] == "alice@example.com")
        #expect(error?["providers"] == ["oidc.test"])
        #expect(!cli.stderr.withLock { $0 }.contains(TestTokenFactory.accessToken))
        #expect(await cli.run(["link", "--pending"]) == .notSignedIn)
        #expect(await signIn("oidc.test") == .success)
        #expect(await cli.run(["link", "--pending"]) == .success)
        #expect(await cli.run(["whoami", "--json"]) == .success)
        let user = json(cli.stdout.withLock { $0 })
        #expect(user["providerData"]?.arrayValue?.compactMap { $0["providerId"]?.stringValue } == ["oidc.test", "oidc.other"])
        #expect(await cli.run(["methods", "alice@example.com"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "oidc.other\noidc.test\n")
        #expect(await cli.run(["methods", "nobody@example.com"]) == .success)
        #expect(cli.stdout.withLock { $0 }.isEmpty)
    }

    @Test func linkRefusesAnAlreadyLinkedProviderWithoutABrowser() async {
        #expect(await cli.run(["link", "--provider", "oidc.test"]) == .notSignedIn)
        #expect(await signIn("oidc.test") == .success)
        cli.lastAuthorization.withLock { $0 = [:] }
        let before = cli.keystoreBytes
        #expect(await cli.run(["link", "--provider", "oidc.test", "--json"]) == .credentialConflict)
        #expect(cli.jsonError?["code"] == "provider-already-linked")
        #expect(cli.lastAuthorization.withLock { $0 }.isEmpty)
        #expect(cli.keystoreBytes == before)
    }

    @Test func reauthSendsPromptLoginAndUnlinkNeedsItWithinTheWindow() async {
        #expect(await cli.run(["config", "set", "one-account-per-email", "false"]) == .success)
        #expect(await signIn("oidc.test") == .success)
        #expect(await cli.run(["config", "set", "recent-login-seconds", "0"]) == .success)
        // The fixed clock says the sign-in was 0 s ago: still recent. A negative window is refused.
        #expect(await cli.run(["config", "set", "recent-login-seconds", "-5"]) == .usage)
        #expect(await cli.run(["unlink", "--provider", "oidc.test"]) == .credentialConflict)  // the last provider
        #expect(await cli.run(["unlink", "--provider", "oidc.nope"]) == .credentialConflict)
        #expect(await cli.run(["reauth"]) == .success)
        #expect(cli.lastAuthorization.withLock { $0 }["prompt"] == "login")
        #expect(await cli.run(["reauth", "--param", "prompt=consent"]) == .success)
        #expect(cli.lastAuthorization.withLock { $0 }["prompt"] == "consent")
        #expect(await cli.run(["reauth", "--provider", "oidc.other"]) == .credentialConflict)
        #expect(await cli.run(["config", "get", "recent-login-seconds"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "0\n")
    }

    @Test func reauthWithAnotherPersonIsAUserMismatch() async {
        #expect(await signIn("oidc.test") == .success)
        cli.idTokenClaims = ["sub": "someone-else"]
        let before = cli.keystoreBytes
        #expect(await cli.run(["reauth", "--json"]) == .reauthenticationNeeded)
        #expect(cli.jsonError?["code"] == "user-mismatch")
        #expect(cli.keystoreBytes == before)
    }

    @Test func usersSwitchAndSignOutAll() async {
        #expect(await cli.run(["config", "set", "one-account-per-email", "false"]) == .success)
        #expect(await signIn("oidc.test") == .success)
        #expect(await signIn("oidc.other") == .success)
        #expect(await cli.run(["users", "--json"]) == .success)
        let users = json(cli.stdout.withLock { $0 }).arrayValue ?? []
        #expect(users.count == 2)
        #expect(users.map { $0["current"] } == [false, true])
        let first = users.first?["uid"]?.stringValue ?? ""
        #expect(await cli.run(["switch", first]) == .success)
        #expect(await cli.run(["whoami", "--json"]) == .success)
        #expect(json(cli.stdout.withLock { $0 })["uid"] == .string(first))
        #expect(await cli.run(["switch", "nobody"]) == .usage)
        #expect(await cli.run(["signout", "--all"]) == .success)
        #expect(await cli.run(["whoami", "--check"]) == .notSignedIn)
    }

    @Test func accountDelete() async {
        #expect(await cli.run(["account", "delete"]) == .notSignedIn)
        #expect(await signIn("oidc.test") == .success)
        #expect(await cli.run(["account", "delete"]) == .success)
        #expect(await cli.run(["users"]) == .success)
        #expect(cli.stdout.withLock { $0 }.isEmpty)
    }
}

@Suite struct IDTokenSignInTests {
    static let rawNonce = "raw-nonce-from-ci"
    static var hashedNonce: String { SHA256.hash(Array(rawNonce.utf8)).map { String(format: "%02x", $0) }.joined() }

    func run(_ token: String, _ extra: [String] = []) async -> (ExitStatus, TestCommandLine) {
        let cli = TestCommandLine()
        #expect(await cli.addProvider() == .success)
        cli.stdin = Array(token.utf8)
        let status = await cli.run(["signin", "--provider", "oidc.test", "--id-token-stdin"] + extra)
        return (status, cli)
    }

    @Test func validTokenSignsInWithoutABrowser() async {
        let (status, cli) = await run(TestTokenFactory.idToken(claims: ["nonce": .string(Self.hashedNonce)]), ["--raw-nonce", Self.rawNonce])
        #expect(status == .success)
        #expect(cli.lastAuthorization.withLock { $0 }.isEmpty)
        #expect(await cli.run(["whoami", "--check"]) == .success)
        #expect(await cli.run(["token", "--id-token"]) == .success)
        #expect(cli.stdout.withLock { $0 }.hasPrefix("eyJ"))
        #expect(await cli.run(["token"]) == .notSignedIn)
    }

    @Test(arguments: [
        ("another audience", ["aud": JSONValue.string("someone-else")], [String]()),
        ("expired", ["exp": .number(TestTokenFactory.now.timeIntervalSince1970 - 600)], []),
        ("wrong nonce", ["nonce": .string("0000")], ["--raw-nonce", "raw-nonce-from-ci"]),
    ])
    func hostileTokensStoreNothing(name: String, claims: [String: JSONValue], extra: [String]) async {
        let (status, cli) = await run(TestTokenFactory.idToken(claims: claims.mapValues { $0 }), extra)
        #expect(status == .invalidCredential, "\(name)")
        #expect(cli.keystoreBytes == nil)
    }

    @Test func rawNonceNeedsIDTokenStdin() async {
        let cli = TestCommandLine()
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--raw-nonce", "x"]) == .usage)
    }
}
