import Foundation
import Testing
@testable import AuthCLI
import AuthCore
import AuthPlatform
import AuthTestSupport

/// The credential helpers: git's key=value protocol, kubectl's ExecCredential, docker's helper protocol.
@Suite struct CredentialHelperCommandTests {
    let cli = TestCommandLine()

    init() async {
        #expect(await cli.addProvider() == .success)
    }

    func signIn() async -> ExitStatus {
        await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10"])
    }

    func gitRequest(_ lines: String...) -> [UInt8] { gitRequest(lines) }
    func gitRequest(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n\n").utf8) }

    var output: String { cli.stdout.withLock { $0 } }

    // MARK: git

    @Test func gitGetsTheTokenForTheNamedProvider() async {
        #expect(await signIn() == .success)
        cli.stdin = gitRequest("protocol=https", "host=git.corp.example", "path=team/repo.git")
        #expect(await cli.run(["git-credential", "--provider", "oidc.test", "get"]) == .success)
        let expiry = Int(TestTokenFactory.now.timeIntervalSince1970) + cli.expiresIn
        #expect(output == "username=x-access-token\npassword=\(TestTokenFactory.accessToken)\npassword_expiry_utc=\(expiry)\n")
    }

    @Test func gitRefreshesATokenAboutToExpire() async {
        cli.expiresIn = 100
        #expect(await signIn() == .success)
        cli.advance(50)
        cli.stdin = gitRequest("protocol=https", "host=git.corp.example")
        #expect(await cli.run(["git-credential", "get", "--provider", "oidc.test"]) == .success)
        #expect(output.contains("password=refreshed-1\n"))
    }

    @Test(arguments: [
        ["protocol=https", "host=unknown.example"],  // no provider for this host, none named
        ["protocol=ftp", "host=git.corp.example"],
    ])
    func gitGetsNoAnswerForOtherHosts(request: [String]) async {
        #expect(await signIn() == .success)
        cli.stdin = Array((request.joined(separator: "\n") + "\n\n").utf8)
        let named = request.contains("protocol=ftp") ? ["--provider", "oidc.test"] : []
        #expect(await cli.run(["git-credential", "get"] + named) == .success)
        #expect(output.isEmpty)
    }

    @Test func gitStoreChangesNothing() async {
        #expect(await signIn() == .success)
        let before = cli.keystoreBytes
        cli.stdin = gitRequest("protocol=https", "host=github.com", "username=x-access-token", "password=\(TestTokenFactory.accessToken)")
        #expect(await cli.run(["git-credential", "store", "--provider", "oidc.test"]) == .success)
        #expect(output.isEmpty && cli.keystoreBytes == before)
    }

    /// erase with the token git was refused with expires it; the refresh token stays (the next get
    /// refreshes with it). Any other erase changes nothing.
    @Test(arguments: [
        (["password=\(TestTokenFactory.accessToken)"], true),
        (["capability[]=authtype", "authtype=Bearer", "credential=\(TestTokenFactory.accessToken)", "ephemeral=1"], true),
        (["password=some-other-token"], false),
        (["credential=", "password="], false),
        ([], false),
    ] as [([String], Bool)])
    func gitEraseExpiresOnlyTheTokenItGave(presented: [String], expires: Bool) async {
        #expect(await signIn() == .success)
        let before = cli.keystoreBytes
        cli.stdin = gitRequest(["protocol=https", "host=git.corp.example", "username=x-access-token"] + presented)
        #expect(await cli.run(["git-credential", "erase", "--provider", "oidc.test"]) == .success)
        #expect(output.isEmpty)
        #expect((cli.keystoreBytes != before) == expires)
        cli.stdin = gitRequest("protocol=https", "host=git.corp.example")
        #expect(await cli.run(["git-credential", "get", "--provider", "oidc.test"]) == .success)
        #expect(output.contains(expires ? "password=refreshed-1\n" : "password=\(TestTokenFactory.accessToken)\n"))
        #expect(cli.refreshes.withLock { $0 } == (expires ? 1 : 0))
    }

    /// A git that announces the authtype capability (2.46 and later) gets a Bearer credential, the
    /// capability first; the same request without it gets the classic answer.
    @Test(arguments: [true, false])
    func gitWithTheAuthTypeCapabilityGetsABearerCredential(announced: Bool) async {
        #expect(await signIn() == .success)
        let capability = announced ? ["capability[]=authtype"] : []
        cli.stdin = gitRequest(capability + ["protocol=https", "host=git.corp.example", "wwwauth[]=Bearer realm=\"git\""])
        #expect(await cli.run(["git-credential", "get", "--provider", "oidc.test"]) == .success)
        let expiry = Int(TestTokenFactory.now.timeIntervalSince1970) + cli.expiresIn
        let token = TestTokenFactory.accessToken
        #expect(output == (announced
            ? "capability[]=authtype\nauthtype=Bearer\ncredential=\(token)\nephemeral=1\npassword_expiry_utc=\(expiry)\n"
            : "username=x-access-token\npassword=\(token)\npassword_expiry_utc=\(expiry)\n"))
    }

    @Test func gitCapabilityAdvertisesAuthType() async {
        #expect(await cli.run(["git-credential", "capability"]) == .success)
        #expect(output == "version 0\ncapability authtype\n")
    }

    /// gitcredentials(7): "If a helper receives any other operation, it should silently ignore the request."
    @Test(arguments: ["fetch", "approve", "list", ""])
    func gitIgnoresAnOperationItDoesNotKnow(operation: String) async {
        #expect(await signIn() == .success)
        let before = cli.keystoreBytes
        cli.stdin = gitRequest("protocol=https", "host=git.corp.example")
        #expect(await cli.run(["git-credential", operation, "--provider", "oidc.test"]) == .success)
        #expect(output.isEmpty && cli.keystoreBytes == before)
    }

    @Test func gitWithoutASessionExitsThreeAndPrintsNothing() async {
        cli.stdin = gitRequest("protocol=https", "host=git.corp.example")
        #expect(await cli.run(["git-credential", "get", "--provider", "oidc.test"]) == .notSignedIn)
        #expect(output.isEmpty)
        cli.stdin = gitRequest("protocol=https", "host=git.corp.example", "password=old")
        #expect(await cli.run(["git-credential", "erase", "--provider", "oidc.test"]) == .success, "nothing to erase")
    }

    /// A helper configured with --provider names that provider in its fix, not `<id>`.
    @Test(arguments: [["git-credential", "get", "--provider", "oidc.test"], ["kube-credential", "--provider", "oidc.test"]])
    func aHelperWithoutASessionNamesItsProviderInTheFix(arguments: [String]) async {
        cli.stdin = gitRequest("protocol=https", "host=git.corp.example")
        #expect(await cli.run(arguments) == .notSignedIn)
        let stderr = cli.stderr.withLock { $0 }
        #expect(stderr.contains("run 'authctl signin --provider oidc.test'") && !stderr.contains("<id>"), "\(stderr)")
    }

    @Test func dockerCallsAnUnknownOperationAUsageError() async {
        #expect(await cli.run(["docker-credential", "fetch"]) == .usage)
    }

    @Test(arguments: [
        ("protocol=https\nhost=a.example\n\nhost=b.example\n", ["protocol": "https", "host": "a.example"], [:]),
        ("host=a\r\nhost=b\r\npath=x=y\r\n", ["host": "a", "path": "x=y"], [:]),
        ("garbage\nwwwauth[]=Basic realm=\"x\"\n", [:], ["wwwauth": ["Basic realm=\"x\""]]),
        ("capability[]=authtype\ncapability[]=state\nstate[]=a:1\nstate[]=\nstate[]=b:2\n",
         [:], ["capability": ["authtype", "state"], "state": ["b:2"]]),
        ("", [:], [:]),
    ] as [(String, [String: String], [String: [String]])])
    func gitRequestsAreReadUpToTheBlankLine(text: String, attributes: [String: String], lists: [String: [String]]) {
        #expect(GitCredentialRequest(parsing: text) == GitCredentialRequest(attributes: attributes, lists: lists))
    }

    @Test(arguments: [
        ("https", "github.com", true), ("HTTPS", "ghe.example:8443", true), ("http", "127.0.0.1:8080", true),
        ("http", "localhost", true), ("http", "[::1]:80", true), ("http", "github.com", false), ("ssh", "github.com", false),
        (nil, "github.com", false),
    ] as [(String?, String, Bool)])
    func tokensTravelOnlyOverHTTPSOrToThisMachine(scheme: String?, host: String, safe: Bool) {
        #expect(GitCredentialCommand.isSafe(protocol: scheme, host: host) == safe)
    }

    // MARK: kubectl

    @Test func kubeGetsAnExecCredentialWithTheExpiry() async throws {
        #expect(await signIn() == .success)
        #expect(await cli.run(["kube-credential"]) == .success)
        let credential = try JSONValue.parse(output)
        #expect(credential["apiVersion"] == "client.authentication.k8s.io/v1" && credential["kind"] == "ExecCredential")
        #expect(credential["status"]?["token"]?.stringValue == TestTokenFactory.accessToken)
        #expect(credential["schema"] == nil, "kubectl's document, not one of authctl's --json documents")
        let expiry = TestTokenFactory.now.addingTimeInterval(TimeInterval(cli.expiresIn))
        #expect(credential["status"]?["expirationTimestamp"]?.stringValue == expiry.formatted(.iso8601))
    }

    @Test func kubeAnswersInTheVersionKubectlAsksFor() async throws {
        #expect(await signIn() == .success)
        cli.extraEnvironment["KUBERNETES_EXEC_INFO"] =
            #"{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1beta1","spec":{"interactive":false}}"#
        #expect(await cli.run(["kube-credential", "--id-token"]) == .success)
        let credential = try JSONValue.parse(output)
        #expect(credential["apiVersion"] == "client.authentication.k8s.io/v1beta1")
        let idToken = try #require(credential["status"]?["token"]?.stringValue)
        #expect(AccountService.expiry(ofJWT: idToken) == TestTokenFactory.now.addingTimeInterval(3600))
    }

    @Test(arguments: [#"{"apiVersion":"client.authentication.k8s.io/v2"}"#, "not json", "[1]"])
    func kubeRefusesWhatItCannotAnswer(execInfo: String) async {
        #expect(await signIn() == .success)
        cli.extraEnvironment["KUBERNETES_EXEC_INFO"] = execInfo
        #expect(await cli.run(["kube-credential"]) == .configurationError)
        #expect(output.isEmpty)
    }

    @Test func anExpiredIDTokenThatNoRefreshRenewedIsRefused() async {
        #expect(await signIn() == .success)
        cli.advance(4000)  // the refresh answer carries no new ID token
        #expect(await cli.run(["kube-credential", "--id-token"]) == .notSignedIn)
        #expect(cli.refreshes.withLock { $0 } == 1)
        #expect(output.isEmpty && cli.stderr.withLock { $0 }.contains("ID token for oidc.test has expired"))
        #expect(await cli.run(["token", "--id-token"]) == .notSignedIn)
    }

    @Test func aRefreshThatBringsANewIDTokenIsHandedOut() async throws {
        #expect(await signIn() == .success)
        cli.advance(4000)
        let renewed = TestTokenFactory.idToken(claims: [
            "exp": .number(TestTokenFactory.now.timeIntervalSince1970 + 8000), "iat": .number(TestTokenFactory.now.timeIntervalSince1970 + 4000),
            "nonce": nil, "at_hash": nil,
        ])
        cli.refreshResponse = .json([
            "access_token": "refreshed", "token_type": "Bearer", "expires_in": 3600, "id_token": .string(renewed), "refresh_token": "rt-2",
        ])
        #expect(await cli.run(["token", "--id-token"]) == .success)
        #expect(output == renewed + "\n")
    }

    // MARK: docker

    @Test func dockerAnswersNotFoundForARegistryNoProviderServes() async {
        #expect(await signIn() == .success)
        cli.stdin = Array("https://registry.example.com\n".utf8)
        #expect(await cli.run(["docker-credential", "get"]) == .unexpectedFailure)
        #expect(output == "credentials not found in native keychain\n")
    }

    @Test func dockerListsNothingWithoutRegistryProviders() async throws {
        #expect(await signIn() == .success)
        #expect(await cli.run(["docker-credential", "list"]) == .success)
        #expect(try JSONValue.parse(output) == [:])
    }

    @Test(arguments: [
        ("/usr/local/bin/docker-credential-authctl", ["get"], ["docker-credential", "get"]),
        ("docker-credential-authctl", [], ["docker-credential"]),
        ("/usr/bin/authctl", ["get"], ["get"]),
        ("docker-credential-authctl-old", ["get"], ["get"]),
    ] as [(String, [String], [String])])
    func runAsDockersHelperNameItIsDockerCredential(program: String, arguments: [String], expected: [String]) {
        #expect(AuthCommandLine.arguments(invokedAs: program, arguments) == expected)
    }

    @Test(arguments: [
        ("ghcr.io", "ghcr.io"), ("https://ghcr.io", "ghcr.io"), ("https://GHCR.io/v2/", "ghcr.io"), ("localhost:5000", "localhost:5000"),
        ("", nil),
    ] as [(String, String?)])
    func registryAddressesComeInMoreThanOneForm(text: String, host: String?) {
        #expect(CredentialHelper.hostAndPort(of: text) == host)
    }
}

/// `signin --client-credentials`: the client's own session, asked for again when it expires.
@Suite struct ClientCredentialsCommandTests {
    let cli = TestCommandLine()

    @Test func aMachineSessionIsReacquiredWhenItExpires() async throws {
        cli.extraEnvironment["SECRET"] = "s3cr3t"
        #expect(await cli.addProvider(["--client-secret-env", "SECRET"]) == .success)
        cli.expiresIn = 600
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--client-credentials", "--scope", "reports.read"]) == .success)
        #expect(cli.stderr.withLock { $0 }.contains("Signed in as \(TestTokenFactory.clientID) with oidc.test"))
        #expect(await cli.run(["token"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "machine-1\n")
        cli.advance(500)  // 100 s left: under --min-valid
        #expect(await cli.run(["token"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "machine-2\n")
        #expect(cli.clientCredentialGrants.withLock { $0 } == 2 && cli.refreshes.withLock { $0 } == 0)
        #expect(await cli.run(["status", "--check"]) == .success)
    }

    @Test func aPublicClientCannotUseTheGrant() async {
        #expect(await cli.addProvider() == .success)
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--client-credentials"]) == .configurationError)
        #expect(cli.keystoreBytes == nil && cli.clientCredentialGrants.withLock { $0 } == 0)
    }

    @Test(arguments: [["--audience", "x"], ["--resource", "https://api.example"]])
    func audienceAndResourceNeedTheGrant(option: [String]) async {
        #expect(await cli.addProvider() == .success)
        #expect(await cli.run(["signin", "--provider", "oidc.test"] + option) == .usage)
    }
}
