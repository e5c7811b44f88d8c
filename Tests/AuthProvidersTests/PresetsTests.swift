import Foundation
import Testing
import AuthJOSE
import AuthPlatform
@testable import AuthProviders
import AuthTestSupport

/// The google.com and microsoft.com presets: entries as data, what `providers add` stores, the
/// tenant rule discovery and the ID token checks follow.
@Suite struct PresetEntryTests {
    static let consumerTenant = "9188040d-6c67-4c5b-b112-36a304b66dad"

    @Test(arguments: [
        ("github.com", "GitHub", nil, false, false, [String]()),
        ("yahoo.com", "Yahoo", "https://api.login.yahoo.com", false, false, []),
        ("google.com", "Google", "https://accounts.google.com", true, false, ["hd"]),
        ("microsoft.com", "Microsoft", "https://login.microsoftonline.com/common/v2.0", false, true, []),
    ] as [(String, String, String?, Bool, Bool, [String])])
    func entry(id: String, displayName: String, issuer: String?, needsSecret: Bool, hasTenants: Bool, echoed: [String]) throws {
        let preset = try #require(ProviderPresets.builtIn.preset(id))
        #expect(preset.displayName == displayName)
        #expect(preset.defaultIssuer == issuer)
        #expect((preset.requiresClientSecret != nil) == needsSecret)
        #expect((preset.tenancy != nil) == hasTenants)
        #expect(preset.echoedParameters == echoed)
        #expect(!ProviderPresets.builtIn.takesIssuer(id))
    }

    /// What a provider needs before it issues a refresh token is stored with it, once.
    @Test(arguments: [
        ("microsoft.com", [String](), ["offline_access"], [String: String]()),
        ("microsoft.com", ["User.Read", "offline_access"], ["User.Read", "offline_access"], [:]),
        ("google.com", [], [], ["access_type": "offline"]),
        ("yahoo.com", ["x"], ["x"], [:]),
    ] as [(String, [String], [String], [String: String])])
    func addedScopesAndParameters(id: String, scopes: [String], stored: [String], parameters: [String: String]) throws {
        let registry = ProviderRegistry(storage: InMemoryDocumentStorage())
        let done = try registry.completed(ProviderConfiguration(id: id, issuer: "", clientID: "c", clientSecret: "s", scopes: scopes))
        #expect(done.scopes == stored)
        #expect(done.customParameters == parameters)
        #expect(try registry.completed(done) == done)
    }

    @Test func configuredParameterWinsOverTheAddedOne() throws {
        let registry = ProviderRegistry(storage: InMemoryDocumentStorage())
        let done = try registry.completed(ProviderConfiguration(
            id: "google.com", issuer: "", clientID: "c", clientSecret: "s", customParameters: ["access_type": "online", "hd": "example.com"]))
        #expect(done.customParameters == ["access_type": "online", "hd": "example.com"])
    }

    @Test(arguments: [
        ("google", "google.com"), ("Microsoft", "microsoft.com"), ("GOOGLE.COM", "google.com"), ("gitlab", "oidc.gitlab"),
    ])
    func suggestionsReadThePresets(typed: String, suggested: String) {
        #expect(ProviderPresets.builtIn.suggestion(for: typed) == suggested)
    }

    @Test(arguments: [
        ("google.com", false, true),
        ("microsoft.com", false, false),
        ("oidc.corp", true, false),
    ])
    func addRemedySaysWhatThePresetNeeds(id: String, issuer: Bool, secret: Bool) {
        #expect(ProviderPresets.builtIn.addRemedy(id) == .addProvider(providerID: id, needsIssuer: issuer, needsClientSecret: secret))
    }
}

@Suite struct PresetConfigurationTests {
    static func completed(_ id: String, tenant: String? = nil, secret: String? = nil, issuer: String = "") -> Result<[String], ProviderError> {
        let registry = ProviderRegistry(storage: InMemoryDocumentStorage())
        let configuration = ProviderConfiguration(id: id, issuer: issuer, clientID: "client", clientSecret: secret, tenant: tenant)
        do {
            let done = try registry.completed(configuration)
            return .success([done.issuer, done.tenant ?? "-"])
        } catch let error as ProviderError {
            return .failure(error)
        } catch {
            return .failure(.invalidDiscoveryDocument(url: "", reason: "\(error)"))
        }
    }

    @Test(arguments: [
        ("microsoft.com", nil, nil, .success(["https://login.microsoftonline.com/common/v2.0", "common"])),
        ("microsoft.com", "organizations", nil, .success(["https://login.microsoftonline.com/organizations/v2.0", "organizations"])),
        ("microsoft.com", "Consumers", nil, .success(["https://login.microsoftonline.com/consumers/v2.0", "consumers"])),
        ("microsoft.com", "72F988BF-86F1-41AF-91AB-2D7CD011DB47", "s",
         .success(["https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0", "72f988bf-86f1-41af-91ab-2d7cd011db47"])),
        ("microsoft.com", "contoso.onmicrosoft.com", nil,
         .success(["https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0", "contoso.onmicrosoft.com"])),
        ("microsoft.com", "a/b", nil, .failure(.invalidTenant("a/b", provider: "microsoft.com"))),
        ("microsoft.com", "{tenantid}", nil, .failure(.invalidTenant("{tenantid}", provider: "microsoft.com"))),
        ("microsoft.com", "", nil, .failure(.invalidTenant("", provider: "microsoft.com"))),
        ("google.com", nil, "desktop-secret", .success(["https://accounts.google.com", "-"])),
        ("google.com", nil, nil, .failure(.clientSecretRequired(
            provider: "google.com", reason: "Google issues one with every Desktop app client and its token endpoint requires it"))),
        ("google.com", "common", "s", .failure(.notApplicable(option: "a tenant", provider: "google.com"))),
        ("oidc.corp", "common", nil, .failure(.notApplicable(option: "a tenant", provider: "oidc.corp"))),
    ] as [(String, String?, String?, Result<[String], ProviderError>)])
    func providersAddStores(id: String, tenant: String?, secret: String?, expected: Result<[String], ProviderError>) {
        let issuer = id == "oidc.corp" ? "https://corp.example" : ""
        #expect(Self.completed(id, tenant: tenant, secret: secret, issuer: issuer) == expected)
    }

    /// `--issuer` overrides the host (the e2e stand-in); the tenant stays a path segment of it.
    @Test func issuerOverrideKeepsTheTenant() {
        #expect(Self.completed("microsoft.com", tenant: "organizations", issuer: "http://127.0.0.1:9/organizations/v2.0")
            == .success(["http://127.0.0.1:9/organizations/v2.0", "organizations"]))
    }
}

@Suite struct TenancyTests {
    static let tenancy = ProviderPreset.microsoft.tenancy!
    static let consumerTenant = PresetEntryTests.consumerTenant

    @Test(arguments: [
        ("https://login.microsoftonline.com/common/v2.0", "common", "https://login.microsoftonline.com/{tenantid}/v2.0", nil),
        ("https://login.microsoftonline.com/organizations/v2.0", "organizations", "https://login.microsoftonline.com/{tenantid}/v2.0", nil),
        ("https://login.microsoftonline.com/consumers/v2.0", "consumers", "https://login.microsoftonline.com/{tenantid}/v2.0", consumerTenant),
        ("http://127.0.0.1:9/common/v2.0", "common", "http://127.0.0.1:9/{tenantid}/v2.0", nil),
        ("https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0", "72f988bf-86f1-41af-91ab-2d7cd011db47", nil, nil),
        ("https://login.microsoftonline.com/contoso.com/v2.0", "contoso.com", nil, nil),
    ] as [(String, String, String?, String?)])
    func sharedTenantsGetTheTemplate(issuer: String, tenant: String, template: String?, pinned: String?) throws {
        let rule = try Self.tenancy.tenantIssuer(issuer: issuer, tenant: tenant)
        #expect(rule?.template == template)
        #expect(rule?.requiredTenantID == pinned)
    }

    @Test(arguments: ["https://common.example/v2.0", "https://login.example/common/common/v2.0", "common"])
    func sharedTenantMustBeOnePathSegment(issuer: String) {
        #expect(throws: ProviderError.tenantNotInIssuer(issuer: issuer, tenant: "common")) {
            try Self.tenancy.tenantIssuer(issuer: issuer, tenant: "common")
        }
    }

    @Test func consumersDiscoveryMayNameTheConsumerTenant() throws {
        let rule = try #require(try Self.tenancy.tenantIssuer(issuer: "https://login.microsoftonline.com/consumers/v2.0", tenant: "consumers"))
        #expect(Tenancy.discoveredIssuers(rule) == [
            "https://login.microsoftonline.com/{tenantid}/v2.0", "https://login.microsoftonline.com/\(Self.consumerTenant)/v2.0",
        ])
    }

    @Test(arguments: [
        ("https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0", "72f988bf-86f1-41af-91ab-2d7cd011db47"),
        ("https://login.microsoftonline.com/not-a-guid/v2.0", nil),
        ("https://evil.example/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0", nil),
        ("https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0/x", nil),
    ] as [(String, String?)])
    func domainTenantLearnsItsID(received: String, tenantID: String?) {
        #expect(Self.tenancy.tenantID(namedBy: received, issuer: "https://login.microsoftonline.com/contoso.com/v2.0", tenant: "contoso.com") == tenantID)
    }
}

@Suite struct PresetDiscoveryTests {
    static let base = "http://127.0.0.1:9000"

    static func document(issuer: String, tenant: String) -> JSONValue {
        [
            "issuer": .string(issuer), "authorization_endpoint": .string("\(base)/\(tenant)/oauth2/v2.0/authorize"),
            "token_endpoint": .string("\(base)/\(tenant)/oauth2/v2.0/token"), "jwks_uri": .string("\(base)/\(tenant)/discovery/v2.0/keys"),
        ]
    }

    static func resolve(tenant: String, discoveredIssuer: String) async -> Result<String, ProviderError> {
        let configuration = ProviderConfiguration(id: "microsoft.com", issuer: "\(base)/\(tenant)/v2.0", clientID: "c", tenant: tenant)
        let transport = FakeTransport(routes: [
            Discovery.documentURL(forIssuer: configuration.issuer): .json(document(issuer: discoveredIssuer, tenant: tenant))
        ])
        let services = ProviderServices(transport: transport, clock: .fixed(Date(timeIntervalSince1970: 1_000_000)), cacheDirectory: TemporaryDirectory().path)
        do {
            let provider = try await OpenIDProvider.resolve(configuration, preset: .microsoft, services: services)
            return .success(try provider.idTokenValidator(services: services).issuer)
        } catch let error as ProviderError {
            return .failure(error)
        } catch {
            return .failure(.invalidDiscoveryDocument(url: "", reason: "\(error)"))
        }
    }

    @Test(arguments: [
        ("common", "\(base)/{tenantid}/v2.0", .success("\(base)/{tenantid}/v2.0")),
        ("common", "\(base)/common/v2.0", .failure(.issuerMismatch(expected: "\(base)/{tenantid}/v2.0", received: "\(base)/common/v2.0"))),
        ("organizations", "\(base)/{tenantid}/v2.0", .success("\(base)/{tenantid}/v2.0")),
        ("consumers", "\(base)/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0", .success("\(base)/{tenantid}/v2.0")),
        ("consumers", "\(base)/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0", .failure(.issuerMismatch(
            expected: "\(base)/{tenantid}/v2.0", received: "\(base)/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0"))),
        ("72f988bf-86f1-41af-91ab-2d7cd011db47", "\(base)/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0",
         .success("\(base)/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0")),
        ("72f988bf-86f1-41af-91ab-2d7cd011db47", "\(base)/{tenantid}/v2.0", .failure(.issuerMismatch(
            expected: "\(base)/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0", received: "\(base)/{tenantid}/v2.0"))),
    ] as [(String, String, Result<String, ProviderError>)])
    func discoveryThroughATenant(tenant: String, discoveredIssuer: String, expected: Result<String, ProviderError>) async {
        #expect(await Self.resolve(tenant: tenant, discoveredIssuer: discoveredIssuer) == expected)
    }
}

@Suite struct EchoedParameterTests {
    static let metadata = ProviderMetadata(issuer: "https://accounts.google.com", authorizationEndpoint: "https://a", tokenEndpoint: "https://t", jwksURI: "https://j")

    @Test(arguments: [
        (["hd": "example.com"], ["hd": "example.com"], nil),
        (["hd": "example.com"], ["hd": "other.example"], "hd"),
        (["hd": "example.com"], [:], "hd"),
        ([:], ["hd": "example.com"], nil),
    ] as [([String: String], [String: JSONValue], String?)])
    func googleHostedDomainMustComeBack(sent: [String: String], claims: [String: JSONValue], failingClaim: String?) {
        let provider = OpenIDProvider(
            configuration: ProviderConfiguration(id: "google.com", issuer: "https://accounts.google.com", clientID: "c"),
            metadata: Self.metadata, echoedClaims: sent)
        let result = Result { () throws(JOSEError) in try provider.checkEchoedClaims(.object(claims)) }
        switch result {
        case .success: #expect(failingClaim == nil)
        case .failure(.invalidClaim(let name, _)): #expect(name == failingClaim)
        case .failure(let other): Issue.record("unexpected \(other)")
        }
    }
}
