import AuthApp
import AuthCore
import AuthOAuth
import AuthPlatform
import AuthStorage
import AuthTestSupport
import Foundation
import Testing

/// The SignOut use case against a keyring in memory (issue 39): who it signed out counts users
/// with any session (a project user has no provider's), and a locked keyring does not stop it:
/// the session leaves the file, and the items it could not remove are listed.
@Suite struct SignOutTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func runtime(directory: String, vault: InMemorySecretVault) throws -> AuthRuntime {
        let effects = AppEffects(
            transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .fixed(now), random: SeededRandomSource(seed: 7),
            secretVault: { _ in vault })
        return try AuthRuntime(
            environment: ["HOME": directory, "AUTHCTL_STORAGE": "keyring"], effects: effects, options: .init(home: directory + "/home"))
    }

    static func account(_ uid: String, session: ProviderCredential?, backend: BackendSession?) -> KeystoreDocument.Account {
        KeystoreDocument.Account(
            user: AccountRecord(uid: uid, email: "\(uid)@example.com", createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now,
                       providerData: session.map { [LinkedIdentity(providerID: $0.providerID, uid: "sub-\(uid)", username: uid)] } ?? []),
            sessions: session.map { [$0] } ?? [], lastProviderID: session?.providerID, backendSession: backend)
    }

    static func signedIn(_ account: KeystoreDocument.Account, in runtime: AuthRuntime) throws {
        try runtime.storage.store(KeystoreDocument.fileName, of: KeystoreDocument.self).update { document in
            document.accounts = [account]
            document.currentUID = account.user.uid
        }
    }

    static let providerSession = ProviderCredential(
        providerID: "oidc.corp", accessToken: "at", refreshToken: "rt-SECRET", expiresAt: now.addingTimeInterval(600), obtainedAt: now)
    static let projectSession = BackendSession(
        issuer: "https://securetoken.google.com/p", idToken: "fit", refreshToken: "frt-SECRET",
        expiresAt: now.addingTimeInterval(1800), obtainedAt: now)

    @Test(arguments: [
        (account("alice", session: providerSession, backend: nil), 1, 1),
        (account("bob", session: nil, backend: projectSession), 1, 0),  // a password or anonymous user
        (account("carol", session: nil, backend: nil), 0, 0),  // signed out already
    ])
    func countsTheUsersItSignedOut(account: KeystoreDocument.Account, users: Int, sessions: Int) throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let vault = InMemorySecretVault()
        let runtime = try Self.runtime(directory: directory, vault: vault)
        try Self.signedIn(account, in: runtime)
        let outcome = try SignOut(runtime: runtime).signOut(all: false)
        #expect((outcome.users, outcome.sessions.count, outcome.keyringItemsLeft) == (users, sessions, []))
        #expect(vault.items.isEmpty, "the items of the sessions signed out are removed")
    }

    @Test func aLockedKeyringLeavesItsItemsListedAndTheSessionGone() throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let vault = InMemorySecretVault()
        let runtime = try Self.runtime(directory: directory, vault: vault)
        try Self.signedIn(Self.account("alice", session: Self.providerSession, backend: Self.projectSession), in: runtime)
        let items = vault.items
        #expect(items.count == 2)
        vault.lock(true)
        let outcome = try SignOut(runtime: runtime).signOut(all: false)
        #expect(outcome.users == 1 && outcome.keyring == "the test keyring")
        #expect(Set(outcome.keyringItemsLeft.map(\.id)) == Set(items.values.map(\.id)))
        #expect(outcome.keyringItemsLeft.allSatisfy { $0.document == KeystoreDocument.fileName && $0.home == runtime.home.path })
        #expect(outcome.sessions.map(\.refreshToken) == [nil], "a refresh token left in the keyring is not handed on (nor revoked)")
        let file = try String(contentsOfFile: runtime.home.appending(KeystoreDocument.fileName), encoding: .utf8)
        #expect(!file.contains(SecretSealer.referencePrefix) && !file.contains("SECRET"))
        let keystore = try runtime.storage.read(KeystoreDocument.fileName, of: KeystoreDocument.self)
        #expect(keystore.currentUID == nil && keystore.accounts.allSatisfy { !$0.isSignedIn })
        #expect(vault.items.count == 2, "the locked items stay, unnamed")
    }

    /// The whole of `signout` as values: without revocation none is reported; with it, a provider
    /// no longer configured is a failed step for each token and a configuration failure (exit 12),
    /// reported after the local sign-out happened.
    @Test(arguments: [false, true])
    func theReportSaysWhatSignOutDid(revoke: Bool) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try Self.runtime(directory: directory, vault: InMemorySecretVault())
        try Self.signedIn(Self.account("alice", session: Self.providerSession, backend: nil), in: runtime)
        let report = try await SignOut(runtime: runtime).run(all: false, revoke: revoke)
        #expect(report.users == 1 && report.keyringItemsLeft.isEmpty && report.keyring == nil)
        #expect(try runtime.storage.read(KeystoreDocument.fileName, of: KeystoreDocument.self).currentUID == nil)
        guard revoke else {
            #expect(report.revocation == nil && report.failure == nil)
            return
        }
        let steps = try #require(report.revocation)
        #expect(steps.map(\.token) == ["refresh_token", "access_token"])
        #expect(steps.allSatisfy { $0.providerID == "oidc.corp" && $0.outcome == "failed" && $0.reason != nil })
        let failure = try #require(report.failure)
        #expect(failure.code == .configurationError && failure.failures.count == 2)
    }

    @Test(arguments: [
        ("/home/alice/.config/authctl", "'/home/alice/.config/authctl'"),
        ("/tmp/it's here", "'/tmp/it'\\''s here'"),
    ])
    func aKeyringItemSaysHowToRemoveIt(home: String, quoted: String) {
        let item = SignOut.KeyringItem(home: home, document: "keystore.json", id: "rt-1")
        #expect(item.removalCommand == "secret-tool clear authctl-home \(quoted) authctl-document keystore.json authctl-id rt-1")
    }
}
