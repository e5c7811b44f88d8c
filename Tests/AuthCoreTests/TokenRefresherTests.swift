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
        afterRefreshAnswer: @escaping @Sendable () async -> Void = {}, log: @escaping @Sendable (String) -> Void = { _ in }
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
            transport: transport, clock: clock, cacheDirectory: "/nonexistent", log: log, interrupts: interrupts,
            afterRefreshAnswer: afterRefreshAnswer)
        return (TokenRefresher(store: keystore, journal: journal, providers: registry, services: services), transport)
    }

    /// Alice signed in with oidc.corp an hour ago; her token lives `lifetime` seconds.
    func signIn(lifetime: TimeInterval, refreshToken: String? = "rt-1", idToken: String? = nil) async throws {
        try ProviderRegistry(storage: storage).add(ProviderConfiguration(id: "oidc.corp", issuer: TestTokenFactory.issuer, clientID: TestTokenFactory.clientID))
        let obtainedAt = now.withLock { $0 }.addingTimeInterval(-60)
        let credential = ProviderCredential(
            providerID: "oidc.corp", accessToken: "at-1", idToken: idToken, refreshToken: refreshToken,
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

    /// A refreshed ID token that fails a hard check (§12.2 sub, iss): the answer's refresh token
    /// is kept (it is the only live one), the previous access and ID tokens stay, nothing is
    /// handed out, and the error and the flag say why. The next refresh sends the kept token.
    @Test(arguments: [
        ("§12.2 sub changed", ["sub": "someone-else", "at_hash": nil], "sub 'someone-else'"),
        ("(2) iss differs", ["iss": "https://evil.example.com", "at_hash": nil], "iss is 'https://evil.example.com'"),
    ] as [(String, [String: JSONValue?], String)])
    func aRefreshedIDTokenFailingAHardCheckKeepsOnlyTheRefreshToken(name: String, claims: [String: JSONValue?], reason: String) async throws {
        var test = self
        let bad = TestTokenFactory.idToken(claims: claims)
        let good = TestTokenFactory.idToken(claims: ["at_hash": nil])
        test.answer = { count in
            .json(["access_token": .string("refreshed-\(count)"), "token_type": "Bearer", "expires_in": 3600,
                   "refresh_token": .string("rt-\(count + 1)"), "id_token": .string(count == 1 ? bad : good)])
        }
        let previous = TestTokenFactory.idToken(claims: ["nonce": "n-previous"])
        try await test.signIn(lifetime: 120, idToken: previous)
        let (refresher, _) = test.refresher()
        do {
            _ = try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300)
            Issue.record("a refused ID token was handed out")
        } catch let AccountError.refreshedIDTokenRefused(provider, message) {
            #expect(provider == "oidc.corp" && message.contains(reason))
            #expect(AccountError.refreshedIDTokenRefused(providerID: provider, reason: message).code == .invalidCredential)
        }
        var session = try test.keystore.read().accounts[0].sessions[0]
        #expect(session.refreshToken == "rt-2", "the rotated refresh token is kept")
        #expect(session.accessToken == "at-1" && session.idToken == previous)
        #expect(session.idTokenFlag?.verdict == .refused && session.idTokenFlag?.reason.contains(reason) == true)
        #expect(try test.journal.read().entries.isEmpty)
        // The session survives: the next refresh sends rt-2 and brings a good ID token.
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "refreshed-2")
        session = try test.keystore.read().accounts[0].sessions[0]
        #expect(session.refreshToken == "rt-3" && session.idToken == good && session.idTokenFlag == nil)
    }

    /// The provider bug of issue 31: a refresh answer whose ID token's at_hash does not match its
    /// access token. On the back channel at_hash is a MAY (§3.1.3.8): stored whole, and flagged.
    @Test func anInconsistentRefreshedIDTokenIsStoredAndFlagged() async throws {
        var test = self
        let inconsistent = TestTokenFactory.idToken(claims: ["at_hash": "AAAAAAAAAAAAAAAAAAAAAA"])
        test.answer = { _ in
            .json(["access_token": "refreshed-1", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt-2", "id_token": .string(inconsistent)])
        }
        try await test.signIn(lifetime: 120)
        let logged = LockedValue<[String]>([])
        let (refresher, _) = test.refresher(log: { line in logged.withLock { $0.append(line) } })
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "refreshed-1")
        let session = try test.keystore.read().accounts[0].sessions[0]
        #expect(session.refreshToken == "rt-2" && session.idToken == inconsistent)
        #expect(session.idTokenFlag?.verdict == .inconsistent && session.idTokenFlag?.reason.contains("at_hash") == true)
        #expect(logged.withLock { $0 }.contains { $0.contains("the provider sent an inconsistent ID token") })
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
        _ = try await backend.signIn(with: ProviderCredential(providerID: "oidc.corp", accessToken: "at"), profile: alice)
        let writes = storage.writes(to: KeystoreDocument.fileName)
        await #expect(throws: AccountError.providerAlreadyLinked(providerID: "oidc.corp")) {
            try await backend.link(with: ProviderCredential(providerID: "oidc.corp", accessToken: "x"), profile: alice)
        }
        #expect(storage.writes(to: KeystoreDocument.fileName) == writes)
        #expect(try await backend.lookUpCurrentUser()?.email == "alice@example.com")
        #expect(try await backend.userToken(minimumValidity: 300) == nil)
    }
}
