import Foundation
import Testing
@testable import AuthCLI
import AuthPlatform
import AuthStorage
import AuthTestSupport

/// The storage policy through the commands (Decisions/0024), with an in-memory keyring.
@Suite struct KeyringCommandTests {
    let cli = TestCommandLine()
    let vault = InMemorySecretVault()

    init() async {
        cli.secretVault = vault
        cli.stdin = Array("client-secret-1\n".utf8)
        #expect(await cli.addProvider(["--client-secret-stdin"]) == .success)
    }

    var keystoreText: String { cli.keystoreBytes.map { String(decoding: $0, as: UTF8.self) } ?? "" }
    var providersText: String { (try? String(contentsOfFile: cli.home + "/providers.json", encoding: .utf8)) ?? "" }

    func signIn() async -> ExitStatus {
        cli.stdin = []
        return await cli.run(["signin", "--provider", "oidc.test", "--timeout", "10"])
    }

    /// Where the refresh token and the client secret end up, and what `status` says.
    @Test(arguments: [("keyring", "keyring"), ("file", "file"), ("auto", "keyring")])
    func thePolicyPlacesTheSecrets(_ policy: String, _ place: String) async throws {
        #expect(await cli.run(["config", "set", "storage", policy]) == .success)
        #expect(await signIn() == .success)
        let inFile = place == "file"
        #expect(keystoreText.contains(SecretSealer.referencePrefix) != inFile)
        #expect(providersText.contains("client-secret-1") == inFile)
        #expect(vault.items.count == (inFile ? 0 : 2))
        #expect(await cli.run(["status", "--json"]) == .success)
        let status = try JSONValue.parse(cli.stdout.withLock { $0 })
        #expect(status["users"]?.arrayValue?.first?["secretsIn"] == .string(place))
    }

    @Test func aRefreshUsesTheKeyringsTokenAndStoresTheRotatedOneThere() async {
        #expect(await cli.run(["config", "set", "storage", "keyring"]) == .success)
        cli.expiresIn = 100
        #expect(await signIn() == .success)
        let calls = vault.calls
        #expect(await cli.run(["token", "--min-valid", "10"]) == .success)
        #expect(vault.calls == calls, "a valid cached token never asks the keyring")
        cli.advance(95)
        #expect(await cli.run(["token"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "refreshed-1\n")
        #expect(vault.secrets.contains("\"rt-2\""))
        #expect(!keystoreText.contains("rt-2"))
        #expect(await cli.run(["signout"]) == .success)
        #expect(vault.items.count == 1, "signout removes the refresh token's item; the client secret stays")
    }

    @Test func accountDeleteRemovesTheUsersItems() async {
        #expect(await cli.run(["config", "set", "storage", "keyring"]) == .success)
        #expect(await signIn() == .success)
        #expect(vault.items.count == 2)
        #expect(await cli.run(["account", "delete"]) == .success)
        #expect(vault.items.values.map(\.document) == ["providers.json"], "only the client secret is left")
    }

    @Test func aMoveTheKeyringRefusesKeepsTheSecretsAndTheSetting() async {
        #expect(await cli.run(["config", "set", "storage", "file"]) == .success)
        #expect(await signIn() == .success)
        vault.fail(with: "the keyring is locked")
        #expect(await cli.run(["config", "set", "storage", "keyring"]) == .keystoreError)
        #expect(providersText.contains("client-secret-1"))
        #expect(await cli.run(["config", "get", "storage"]) == .success)
        #expect(cli.stdout.withLock { $0 }.hasPrefix("file"))
    }

    @Test func keyringFailsClosedWithStatus11AndStoresNothing() async {
        #expect(await cli.run(["config", "set", "storage", "keyring"]) == .success)
        vault.fail(with: "no D-Bus session")
        #expect(await signIn() == .keystoreError)
        #expect(cli.keystoreBytes == nil)
        #expect(cli.stderr.withLock { $0 }.contains("no D-Bus session"))
    }

    @Test(arguments: ["keyring", "file"])
    func theEnvironmentWinsOverTheSetting(_ policy: String) async {
        cli.extraEnvironment = ["AUTHCTL_STORAGE": policy]
        #expect(await signIn() == .success)
        #expect(keystoreText.contains(SecretSealer.referencePrefix) == (policy == "keyring"))
    }

    @Test func anUnknownPolicyIsAUsageErrorNamingTheVariable() async {
        cli.extraEnvironment = ["AUTHCTL_STORAGE": "vault"]
        #expect(await signIn() == .usage)
        #expect(cli.stderr.withLock { $0 }.contains("AUTHCTL_STORAGE"))
        #expect(await cli.run(["config", "set", "storage", "vault"]) != .success)
    }

    @Test func movingToTheFileAndBackLosesNothing() async {
        #expect(await cli.run(["config", "set", "storage", "keyring"]) == .success)
        #expect(await signIn() == .success)
        #expect(await cli.run(["config", "set", "storage", "file"]) == .success)
        #expect(providersText.contains("client-secret-1") && vault.items.isEmpty)
        #expect(await cli.run(["config", "set", "storage", "keyring"]) == .success)
        #expect(!providersText.contains("client-secret-1") && vault.items.count == 2)
        #expect(await cli.run(["config", "get", "storage"]) == .success)
    }
}
