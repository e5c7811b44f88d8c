import Foundation
import Testing
import AuthPlatform
@testable import AuthProviders
import AuthTestSupport

@Suite struct ProviderPolicyTests {
    @Test(arguments: [
        ("https://idp.example", true), ("https://idp.example/tenant/v2", true), ("http://127.0.0.1:8000/o", true),
        ("http://127.8.9.10", true), ("http://localhost:3000", true), ("http://[::1]:8080", true),
        ("http://idp.example", false), ("http://127.0.0.1.evil.example", false), ("http://128.0.0.1", false),
        ("ftp://idp.example", false), ("https://idp.example?x=1", false), ("https://idp.example#f", false),
        ("idp.example", false), ("", false), ("http://0127.0.0.1", false),
    ])
    func issuerPolicy(url: String, allowed: Bool) {
        let result = Result { () throws(URLPolicyError) in try URLPolicy.check(url, field: "issuer") }
        if allowed {
            #expect((try? result.get()) != nil)
        } else {
            #expect(throws: URLPolicyError.self) { try result.get() }
        }
    }

    @Test func plainHTTPOffLoopbackNamesTheRule() {
        #expect(throws: URLPolicyError.insecureURL(field: "issuer", url: "http://idp.example")) {
            try URLPolicy.check("http://idp.example", field: "issuer")
        }
    }

    @Test(arguments: [
        ("oidc.corp", true), ("oidc.my-idp_2", true), ("oidc.", false), ("corp", false), ("oidc.Corp", false),
        ("oidc.a b", false), ("oidc." + String(repeating: "a", count: 65), false), ("github.com", true),
        ("yahoo.com", true), ("gitlab.com", false),
    ])
    func providerIDs(id: String, valid: Bool) {
        #expect((ProviderPresets.builtIn.kind(forID: id) != nil) == valid)
    }
}

@Suite struct DiscoveryTests {
    static let issuer = "http://127.0.0.1:9000/o"

    static func document(issuer: String = issuer, overrides: [String: JSONValue] = [:]) -> JSONValue {
        var members: [String: JSONValue] = [
            "issuer": .string(issuer), "authorization_endpoint": "http://127.0.0.1:9000/o/authorize",
            "token_endpoint": "http://127.0.0.1:9000/o/token", "jwks_uri": "http://127.0.0.1:9000/o/jwks",
            "userinfo_endpoint": "http://127.0.0.1:9000/o/userinfo", "code_challenge_methods_supported": ["S256"],
            "authorization_response_iss_parameter_supported": true,
        ]
        members.merge(overrides) { _, new in new }
        return .object(members)
    }

    @Test func parsesAndChecksTheIssuerExactly() throws {
        let metadata = try ProviderMetadata.parse(Array(Self.document().serialized().utf8), expectedIssuer: Self.issuer, url: "u")
        #expect(metadata.tokenEndpoint == "http://127.0.0.1:9000/o/token")
        #expect(metadata.authorizationResponseIssParameterSupported)
        #expect(metadata.tokenEndpointAuthMethodsSupported == ["client_secret_basic"])
        #expect(throws: ProviderError.issuerMismatch(expected: Self.issuer + "/", received: Self.issuer)) {
            try ProviderMetadata.parse(Array(Self.document().serialized().utf8), expectedIssuer: Self.issuer + "/", url: "u")
        }
    }

    @Test(arguments: ["jwks_uri", "issuer"])
    func requiresEndpoints(field: String) {
        guard case .object(var members) = Self.document() else { return }
        members[field] = nil
        #expect(throws: ProviderError.self) {
            try ProviderMetadata.parse(Array(JSONValue.object(members).serialized().utf8), expectedIssuer: Self.issuer, url: "u")
        }
    }

    @Test func refusesPlainHTTPEndpointsOffLoopback() {
        let document = Self.document(overrides: ["token_endpoint": "http://evil.example/token"])
        #expect(throws: URLPolicyError.insecureURL(field: "token_endpoint", url: "http://evil.example/token")) {
            try ProviderMetadata.parse(Array(document.serialized().utf8), expectedIssuer: Self.issuer, url: "u")
        }
    }

    @Test(arguments: [("https://a.example", "https://a.example/.well-known/openid-configuration"),
                      ("https://a.example/", "https://a.example/.well-known/openid-configuration"),
                      ("https://a.example/tenant", "https://a.example/tenant/.well-known/openid-configuration")])
    func documentURL(issuer: String, url: String) {
        #expect(Discovery.documentURL(forIssuer: issuer) == url)
    }

    @Test func cachesTheDocument() async throws {
        let directory = TemporaryDirectory()
        let transport = FakeTransport(routes: [Discovery.documentURL(forIssuer: Self.issuer): .json(Self.document())])
        let discovery = Discovery(transport: transport, clock: .fixed(Date(timeIntervalSince1970: 1_000_000)), cacheDirectory: directory.path)
        let first = try await discovery.metadata(forIssuer: Self.issuer)
        let second = try await discovery.metadata(forIssuer: Self.issuer)
        #expect(first == second)
        #expect(transport.requests.count == 1)
        let later = Discovery(transport: transport, clock: .fixed(Date(timeIntervalSince1970: 1_000_000 + Discovery.cacheLifetime + 1)), cacheDirectory: directory.path)
        _ = try await later.metadata(forIssuer: Self.issuer)
        #expect(transport.requests.count == 2)
    }

    @Test func reportsHTTPErrors() async {
        let transport = FakeTransport { _ in HTTPResponse(status: 500) }
        let discovery = Discovery(transport: transport, clock: .system, cacheDirectory: TemporaryDirectory().path)
        await #expect(throws: ProviderError.httpStatus(url: Discovery.documentURL(forIssuer: Self.issuer), status: 500, detail: nil)) {
            try await discovery.metadata(forIssuer: Self.issuer)
        }
    }
}
