import Foundation
import Testing
@testable import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport

/// A GitHub OAuth App's token never expires: under `storage keyring` it is kept in the keyring,
/// as a refresh token is, and `token` still hands it out; a token with an expiry stays in the
/// file, and `token` reads it without asking the keyring (Decisions/0024).
@Suite struct SealedAccessTokenTests {
    let base = InMemoryDocumentStorage()
    let vault = InMemorySecretVault()
    let now = TestTokenFactory.now

    var storage: SealedDocumentStorage<InMemoryDocumentStorage> {
        SealedDocumentStorage(base, sealer: SecretSealer(vault: vault, policy: { .keyring }, notice: { _ in }))
    }

    func signIn(_ credential: ProviderCredential) async throws -> TokenRefresher {
        let clock = Clock { [now] in now }
        let backend = LocalAccountBackend(storage: storage, clock: clock, random: SeededRandomSource(seed: 1))
        _ = try await backend.signIn(with: credential, profile: FederatedProfile(providerID: credential.providerID, subject: "42"))
        let services = ProviderServices(
            transport: FakeTransport { _ in .json([:]) }, clock: clock, cacheDirectory: "/nonexistent", log: { _ in },
            interrupts: NoInterruptShield(), afterRefreshAnswer: {})
        return TokenRefresher(
            store: storage.store(KeystoreDocument.fileName, of: KeystoreDocument.self),
            journal: storage.store(RefreshJournal.fileName, of: RefreshJournal.self),
            providers: ProviderRegistry(storage: storage), services: services)
    }

    /// The stored access token as the file holds it (references not resolved).
    var storedAccessToken: String? {
        get throws { try base.store(KeystoreDocument.fileName, of: KeystoreDocument.self).read().accounts.first?.sessions.first?.accessToken }
    }

    @Test func aTokenThatNeverExpiresIsSealedAndStillHandedOut() async throws {
        let refresher = try await signIn(ProviderCredential(providerID: "github", accessToken: "gho_SECRET", tokenType: "bearer", obtainedAt: now))
        #expect(SecretSealer.isReference(try storedAccessToken))
        #expect(vault.items.values.map(\.label) == ["authctl: github access token"])
        let writes = base.writes(to: KeystoreDocument.fileName)
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "gho_SECRET")
        #expect(base.writes(to: KeystoreDocument.fileName) == writes, "reading it back writes nothing")
    }

    @Test(arguments: [
        ProviderCredential(providerID: "oidc.corp", accessToken: "at-1", expiresAt: TestTokenFactory.now.addingTimeInterval(3600)),
        ProviderCredential(providerID: "oidc.corp", accessToken: "at-1", refreshToken: "rt-1"),
    ])
    func aTokenThatEndsOrIsRenewedStaysInTheFileAndTheHotPathAsksNoKeyring(_ credential: ProviderCredential) async throws {
        let refresher = try await signIn(credential)
        #expect(try storedAccessToken == "at-1")
        let calls = vault.calls
        if credential.expiresAt != nil {
            #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "at-1")
            #expect(vault.calls == calls)
        }
    }

    @Test func theRuleReadsTheStoredSession() {
        #expect(KeystoreDocument.holdsLongLivedAccessToken(["accessToken": "a"]))
        #expect(KeystoreDocument.holdsLongLivedAccessToken(["accessToken": "a", "expiresAt": .null]))
        #expect(!KeystoreDocument.holdsLongLivedAccessToken(["accessToken": "a", "expiresAt": 1]))
        #expect(!KeystoreDocument.holdsLongLivedAccessToken(["accessToken": "a", "refreshToken": "r"]))
        #expect(!KeystoreDocument.holdsLongLivedAccessToken(["accessToken": "a", "ciSource": ["kind": "gitlab"]]))
    }
}
