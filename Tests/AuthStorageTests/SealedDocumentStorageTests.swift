import Testing
import AuthPlatform
import AuthStorage
import AuthTestSupport

/// A document whose token is a secret only when nothing ends or renews it: the rule the keystore
/// applies to a GitHub OAuth App's access token.
struct ConditionalDocument: VersionedDocument, Equatable {
    static let schemaVersion = 2
    struct Session: Codable, Equatable { var providerID: String; var accessToken: String; var expiresAt: Double?; var refreshToken: String? }
    var sessions: [Session] = []
    static let sealedMembers = [
        SealedMember("refreshToken", label: "refresh token"),
        SealedMember("accessToken", label: "access token") { $0["expiresAt"] == nil && $0["refreshToken"] == nil },
    ]
}

/// The sealing layer over a storage that is not the file store: it needs nothing of the files.
@Suite struct SealedDocumentStorageTests {
    let base = InMemoryDocumentStorage()
    let vault = InMemorySecretVault()

    func sealed(_ placement: SecretPlacement = .keyring) -> SealedDocumentStorage<InMemoryDocumentStorage> {
        SealedDocumentStorage(base, sealer: SecretSealer(vault: vault, policy: { placement }, notice: { _ in }))
    }

    @Test func anyDocumentStorageCanBeSealed() throws {
        let store = sealed().store("keystore.json", of: SessionsDocument.self)
        try store.update { $0 = SealerSandbox.alice }
        let raw = try base.store("keystore.json", of: LazySessionsDocument.self).read()
        #expect(SecretSealer.isReference(raw.accounts[0].sessions[0].refreshToken))
        #expect(raw.accounts[0].sessions[0].accessToken == "access-A", "short-lived tokens stay in the base")
        #expect(vault.secrets == ["\"refresh-SECRET-1\"", #"{"accessToken":"pending-SECRET-2","scope":"openid"}"#].sorted())
        #expect(try store.read() == SealerSandbox.alice)
        #expect(try sealed().documentNames() == ["keystore.json"])
    }

    @Test func aDocumentWithoutSealedMembersNeverAsksTheVault() throws {
        vault.fail(with: "no keyring here")
        let store = sealed().store("plain.json", of: ConditionalDocument.self)
        let session = ConditionalDocument.Session(providerID: "oidc.corp", accessToken: "short", expiresAt: 1_900_000_000, refreshToken: nil)
        try store.update { $0.sessions = [session] }
        #expect(try store.read().sessions == [session])
        #expect(base.writes(to: "plain.json") == 1)
    }

    /// The condition decides per object: a token that never expires and cannot be renewed is
    /// sealed; one with an expiry or a refresh token beside it is not.
    @Test(arguments: [
        (expiresAt: nil as Double?, refreshToken: nil as String?, accessTokenSealed: true),
        (expiresAt: 1_900_000_000, refreshToken: nil, accessTokenSealed: false),
        (expiresAt: nil, refreshToken: "refresh-1", accessTokenSealed: false),
    ])
    func aConditionalMemberIsSealedWhereItsConditionHolds(_ expiresAt: Double?, _ refreshToken: String?, _ accessTokenSealed: Bool) throws {
        let store = sealed().store("keystore.json", of: ConditionalDocument.self)
        let session = ConditionalDocument.Session(providerID: "github", accessToken: "gho_SECRET", expiresAt: expiresAt, refreshToken: refreshToken)
        try store.update { $0.sessions = [session] }
        let raw = try base.store("keystore.json", of: ConditionalDocument.self).read()
        #expect(SecretSealer.isReference(raw.sessions[0].accessToken) == accessTokenSealed)
        #expect(vault.items.values.contains { $0.label == "authctl: github access token" } == accessTokenSealed)
        #expect(try store.read() == ConditionalDocument(sessions: [session]))
    }

    @Test func aFileOnlyPolicyKeepsEverySecretInTheBase() throws {
        let store = sealed(.file).store("keystore.json", of: SessionsDocument.self)
        try store.update { $0 = SealerSandbox.alice }
        #expect(try base.store("keystore.json", of: SessionsDocument.self).read() == SealerSandbox.alice)
        #expect(vault.calls == 0)
    }
}
