import Foundation
import Testing
import AuthOAuth
import AuthPlatform
@testable import AuthProviders
import AuthStorage
import AuthTestSupport

/// Whole sign-ins through ``SignInFlow``, in memory: a preset registered in a test-only registry,
/// a fake OpenID server, a scripted browser and a fake listener.
@Suite struct SignInFlowTests {
    /// A new OpenID preset is one entry: an id, a name, and where discovery starts.
    static let presets = ProviderPresets(
        ProviderPresets.builtIn.presets + [ProviderPreset(id: "example.com", displayName: "Example", kind: .openID(issuer: "https://id.example"))]
    )

    let storage = InMemoryDocumentStorage()
    var registry: ProviderRegistry { ProviderRegistry(storage: storage, presets: Self.presets) }

    func flow(_ id: String, redirect: FakeRedirect, provider: FakeOpenIDServer) throws -> SignInFlow {
        let services = ProviderServices(transport: provider.transport, clock: TestTokenFactory.clock, cacheDirectory: TemporaryDirectory().path)
        let context = GrantContext(
            transport: provider.transport, clock: TestTokenFactory.clock, random: SeededRandomSource(seed: 3), browser: redirect.browser,
            notify: { _ in }, log: { _ in }, makeListener: redirect.makeListener
        )
        return SignInFlow(provider: try registry.provider(id), registry: registry, services: services, context: context)
    }

    @Test func aPresetInATestOnlyRegistrySignsIn() async throws {
        // Configured with a client id only: the issuer comes from the preset entry.
        try registry.add(ProviderConfiguration(id: "example.com", issuer: "", clientID: TestTokenFactory.clientID))
        #expect(try registry.provider("example.com").issuer == "https://id.example")
        #expect(registry.kindName(of: try registry.provider("example.com")) == "oidc")
        #expect(storage.writes(to: ProvidersDocument.fileName) == 1)

        let redirect = FakeRedirect(.code("code-123", iss: "https://id.example"))
        let provider = FakeOpenIDServer(issuer: "https://id.example", authorization: { redirect.lastAuthorization })
        let (credential, profile) = try await flow("example.com", redirect: redirect, provider: provider).run(SignInOptions(extraScopes: ["groups"]))

        #expect(profile.providerID == "example.com" && profile.subject == TestTokenFactory.subject)
        #expect(profile.email == "alice@example.com" && profile.emailVerified)
        #expect(credential.providerID == "example.com" && credential.accessToken == TestTokenFactory.accessToken)
        #expect(credential.refreshToken == "rt-1" && credential.rawNonce.map(Nonce.hashed) == redirect.lastAuthorization["nonce"])
        #expect(redirect.lastAuthorization["scope"] == "openid profile email groups")
        #expect(provider.received.map(\.url.path) == ["/.well-known/openid-configuration", "/authorize", "/token", "/jwks", "/userinfo"])
    }

    /// A code exchange's ID token comes from the token endpoint: a mismatched at_hash is a MAY
    /// there (OpenID Connect Core §3.1.3.8), so the sign-in succeeds with the ID token flagged.
    @Test func anInconsistentIDTokenFromTheCodeExchangeSignsInFlagged() async throws {
        try registry.add(ProviderConfiguration(id: "example.com", issuer: "", clientID: TestTokenFactory.clientID))
        let redirect = FakeRedirect(.code("code-123", iss: "https://id.example"))
        let provider = FakeOpenIDServer(
            issuer: "https://id.example", extraClaims: ["at_hash": "AAAAAAAAAAAAAAAAAAAAAA"], authorization: { redirect.lastAuthorization })
        let (credential, _) = try await flow("example.com", redirect: redirect, provider: provider).run(SignInOptions())
        #expect(credential.refreshToken == "rt-1")
        #expect(credential.idTokenFlag?.verdict == .inconsistent && credential.idTokenFlag?.receivedAt == TestTokenFactory.now)
        #expect(credential.idTokenFlag?.reason.contains("at_hash is 'AAAAAAAAAAAAAAAAAAAAAA'") == true)
        // A consistent one carries no flag.
        let consistent = FakeOpenIDServer(issuer: "https://id.example", authorization: { redirect.lastAuthorization })
        #expect(try await flow("example.com", redirect: redirect, provider: consistent).run(SignInOptions()).0.idTokenFlag == nil)
    }

    @Test func anIDTokenFromElsewhereIsVerifiedLikeAnyOther() async throws {
        try registry.add(ProviderConfiguration(id: "oidc.ci", issuer: TestTokenFactory.issuer, clientID: TestTokenFactory.clientID))
        let redirect = FakeRedirect(.never)
        let provider = FakeOpenIDServer(authorization: { [:] })
        let token = TestTokenFactory.idToken(claims: ["nonce": .string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")])
        let (credential, profile) = try await flow("oidc.ci", redirect: redirect, provider: provider)
            .run(SignInOptions(method: .idToken(token, rawNonce: "abc")))
        #expect(profile.subject == TestTokenFactory.subject)
        #expect(credential.accessToken == nil && credential.idToken == token && credential.rawNonce == "abc")
        #expect(credential.expiresAt != nil && credential.obtainedAt == nil)
        // No browser, no listener, no userinfo without an access token.
        #expect(redirect.authorizationURLs.isEmpty && !provider.received.map(\.url.path).contains("/userinfo"))
    }

    @Test func theFlowPicksTheGrantFromTheOptionsAndTheConfiguration() throws {
        try registry.add(ProviderConfiguration(id: "oidc.a", issuer: "https://a.example", clientID: "c", redirectPorts: [9000, 19000]))
        try registry.add(ProviderConfiguration(id: "oidc.b", issuer: "https://b.example", clientID: "c", redirectURI: "https://b.example/cb"))
        let provider = FakeOpenIDServer(authorization: { [:] })
        let a = try flow("oidc.a", redirect: FakeRedirect(.never), provider: provider)
        let b = try flow("oidc.b", redirect: FakeRedirect(.never), provider: provider)
        #expect((a.grant(for: SignInOptions()) as? LoopbackCodeGrant)?.ports == [9000, 19000])
        #expect((a.grant(for: SignInOptions(redirectPorts: [7000, 17000])) as? LoopbackCodeGrant)?.ports == [7000, 17000])
        #expect((a.grant(for: SignInOptions(method: .loopback(acceptsPaste: true))) as? LoopbackCodeGrant)?.acceptsPaste == true)
        #expect((b.grant(for: SignInOptions()) as? PastedCodeGrant)?.redirectURI == "https://b.example/cb")
        #expect(a.grant(for: SignInOptions(method: .device)) is DeviceCodeGrant)
        #expect(a.grant(for: SignInOptions(method: .idToken("t", rawNonce: nil))) is IDTokenGrant)
    }

    /// providers.json keeps its form: one port is `redirectPort` as before (what older versions
    /// read), the rest of a list `fallbackRedirectPorts`, absent when there is none.
    @Test(arguments: [
        ([], nil, nil), ([8400], 8400, nil), ([8400, 18400, 28400], 8400, [18400, 28400]),
    ] as [([UInt16], Double?, [Double]?)])
    func redirectPortsAreStoredAsBefore(ports: [UInt16], first: Double?, rest: [Double]?) throws {
        let configuration = ProviderConfiguration(id: "oidc.a", issuer: "https://a.example", clientID: "c", redirectPorts: ports)
        let stored = try JSONValueEncoder().encode(configuration)
        #expect(stored["redirectPort"]?.numberValue == first)
        #expect(stored["fallbackRedirectPorts"]?.arrayValue?.compactMap(\.numberValue) == rest)
        #expect(try JSONValueDecoder().decode(ProviderConfiguration.self, from: stored).redirectPorts == ports)
        let legacy: JSONValue = ["id": "oidc.a", "issuer": "https://a.example", "clientID": "c", "scopes": [], "customParameters": [:],
                                 "redirectPort": 8400]
        #expect(try JSONValueDecoder().decode(ProviderConfiguration.self, from: legacy).redirectPorts == [8400])
    }

    @Test func aReservedCustomParameterStopsTheFlowBeforeTheNetwork() async throws {
        try registry.add(ProviderConfiguration(id: "oidc.a", issuer: "https://a.example", clientID: "c"))
        let provider = FakeOpenIDServer(authorization: { [:] })
        await #expect(throws: OAuthError.reservedParameter("state")) {
            try await flow("oidc.a", redirect: FakeRedirect(.never), provider: provider).run(SignInOptions(customParameters: ["state": "x"]))
        }
        #expect(provider.received.isEmpty)
    }

    @Test func gitHubProvesNothingWithAnIDToken() async throws {
        try registry.add(ProviderConfiguration(id: "github.com", issuer: "", clientID: "Iv1.x", clientSecret: "s"))
        let provider = FakeOpenIDServer(authorization: { [:] })
        await #expect(throws: ProviderError.notApplicable(option: "an ID token", provider: "github.com")) {
            try await flow("github.com", redirect: FakeRedirect(.never), provider: provider).run(SignInOptions(method: .idToken("t", rawNonce: nil)))
        }
    }
}
