import Foundation
import Testing
@testable import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport

/// Refresh exactly once, in core: a keystore in memory, a fake token endpoint that counts grants.
@Suite struct TokenRefresherTests {
    let storage = InMemoryDocumentStorage()
    let now = LockedValue(TestTokenFactory.now)
    let grants = LockedValue(0)
    /// The token endpoint's answer to the n-th refresh.
    var answer: @Sendable (Int) -> HTTPResponse = { count in
        .json(["access_token": .string("refreshed-\(count)"), "token_type": "Bearer", "expires_in": 3600, "refresh_token": .string("rt-\(count + 1)")])
    }

    var clock: Clock { Clock { [now] in now.withLock { $0 } } }
    var keystore: any DocumentStore<KeystoreDocument> { storage.store(KeystoreDocument.fileName, of: KeystoreDocument.self) }

    var journal: any DocumentStore<RefreshJournal> { storage.store(RefreshJournal.fileName, of: RefreshJournal.self) }

    func refresher(
        transport: FakeTransport? = nil, interrupts: any InterruptShield = NoInterruptShield(),
        afterRefreshAnswer: @escaping @Sendable () async -> Void = {}
    ) -> (TokenRefresher, FakeTransport) {
        let answer = answer
        let grants = grants
        let server = FakeOpenIDServer(authorization: { [:] })
        let transport = transport ?? FakeTransport { request in
            if request.url.path == "/token" { return answer(grants.withLock { $0 += 1; return $0 }) }
            return server.respond(request)
        }
        let registry = ProviderRegistry(storage: storage)
        let services = ProviderServices(
            transport: transport, clock: clock, cacheDirectory: "/nonexistent", interrupts: interrupts, afterRefreshAnswer: afterRefreshAnswer)
        return (TokenRefresher(store: keystore, journal: journal, providers: registry, services: services), transport)
    }

    /// Alice signed in with oidc.corp an hour ago; her token lives `lifetime` seconds.
    func signIn(lifetime: TimeInterval, refreshToken: String? = "rt-1") async throws {
        try ProviderRegistry(storage: storage).add(ProviderConfiguration(id: "oidc.corp", issuer: TestTokenFactory.issuer, clientID: TestTokenFactory.clientID))
        let obtainedAt = now.withLock { $0 }.addingTimeInterval(-60)
        let credential = OAuthCredential(
            providerID: "oidc.corp", accessToken: "at-1", refreshToken: refreshToken,
            expiresAt: obtainedAt.addingTimeInterval(lifetime), obtainedAt: obtainedAt
        )
        let backend = LocalAccountBackend(storage: storage, clock: clock, random: SeededRandomSource(seed: 1))
        _ = try await backend.signIn(with: credential, profile: FederatedProfile(providerID: "oidc.corp", subject: TestTokenFactory.subject))
    }

    @Test func aValidTokenIsHandedOutWithoutTheNetworkOrAWrite() async throws {
        try await signIn(lifetime: 3600)
        let writes = storage.writes(to: KeystoreDocument.fileName)
        let (refresher, transport) = refresher()
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "at-1")
        #expect(transport.requests.isEmpty)
        #expect(storage.writes(to: KeystoreDocument.fileName) == writes)
    }

    @Test func manyCallersRefreshExactlyOnceAndKeepTheRotatedToken() async throws {
        try await signIn(lifetime: 120)  // 60 s left, less than the 300 asked for
        let (refresher, _) = refresher()
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await refresher.freshAccessToken(providerID: "oidc.corp", minimumValidity: 300) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(tokens) == ["refreshed-1"])
        #expect(grants.withLock { $0 } == 1)
        let session = try keystore.read().accounts[0].sessions[0]
        #expect(session.refreshToken == "rt-2" && session.obtainedAt == TestTokenFactory.now)
    }

    @Test func aRefusedRefreshForgetsThatSessionOnly() async throws {
        var test = self
        test.answer = { _ in .json(["error": "invalid_grant"], status: 400) }
        try await test.signIn(lifetime: 120)
        let (refresher, _) = test.refresher()
        await #expect(throws: AccountError.sessionExpired(providerID: "oidc.corp")) {
            try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300)
        }
        let account = try test.keystore.read().accounts[0]
        #expect(account.sessions.isEmpty && account.user.providerData.count == 1)
    }

    @Test func aRefreshedIDTokenForAnotherPersonIsRefusedAndNothingStored() async throws {
        var test = self
        let foreign = TestTokenFactory.idToken(claims: ["sub": "someone-else", "at_hash": nil])
        test.answer = { _ in .json(["access_token": "stolen", "token_type": "Bearer", "expires_in": 3600, "id_token": .string(foreign)]) }
        try await test.signIn(lifetime: 120)
        let before = try test.keystore.read()
        let (refresher, _) = test.refresher()
        await #expect(throws: OAuthError.userinfoSubjectMismatch(expected: TestTokenFactory.subject, received: "someone-else")) {
            try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300)
        }
        #expect(try test.keystore.read() == before)
    }

    @Test func withoutARefreshTokenTheTokenServesUntilItExpires() async throws {
        try await signIn(lifetime: 120, refreshToken: nil)
        let (refresher, transport) = refresher()
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "at-1")
        now.withLock { $0 += 61 }
        await #expect(throws: AccountError.tokenExpired(providerID: "oidc.corp")) {
            try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300)
        }
        #expect(transport.requests.isEmpty)
    }
}

/// The local account rules on the storage seam's fake: a refused operation writes nothing.
@Suite struct LocalAccountBackendTests {
    @Test func aRefusedLinkWritesNothing() async throws {
        let storage = InMemoryDocumentStorage()
        let backend = LocalAccountBackend(storage: storage, clock: TestTokenFactory.clock, random: SeededRandomSource(seed: 5))
        let alice = FederatedProfile(providerID: "oidc.corp", subject: "a1", email: "alice@example.com", emailVerified: true)
        _ = try await backend.signIn(with: OAuthCredential(providerID: "oidc.corp", accessToken: "at"), profile: alice)
        let writes = storage.writes(to: KeystoreDocument.fileName)
        await #expect(throws: AccountError.providerAlreadyLinked(providerID: "oidc.corp")) {
            try await backend.link(with: OAuthCredential(providerID: "oidc.corp", accessToken: "x"), profile: alice)
        }
        #expect(storage.writes(to: KeystoreDocument.fileName) == writes)
        #expect(try await backend.lookUpCurrentUser()?.email == "alice@example.com")
        #expect(try await backend.userToken(minimumValidity: 300) == nil)
    }
}
