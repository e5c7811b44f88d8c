import Foundation
import Testing
import AuthOAuth
import AuthPlatform
@testable import AuthProviders
import AuthTestSupport

/// An issuer that only issues ID tokens: GitHub Actions' `token.actions.githubusercontent.com`
/// publishes a discovery document with `jwks_uri` and no authorization or token endpoint.
@Suite struct IDTokenOnlyIssuerTests {
    static let issuer = "https://token.actions.githubusercontent.com"

    /// The shape of GitHub Actions' document (its members, as GitHub's docs show them).
    static func actionsDocument(adding extra: [String: JSONValue] = [:]) -> JSONValue {
        var members: [String: JSONValue] = [
            "issuer": .string(issuer), "jwks_uri": .string(issuer + "/.well-known/jwks"),
            "subject_types_supported": ["public", "pairwise"], "response_types_supported": ["id_token"],
            "claims_supported": ["sub", "aud", "exp", "iat", "iss", "jti", "nbf", "ref", "repository", "actor"],
            "id_token_signing_alg_values_supported": ["RS256"], "scopes_supported": ["openid"],
        ]
        members.merge(extra) { _, new in new }
        return .object(members)
    }

    static func provider(_ document: JSONValue) throws -> OpenIDProvider {
        let metadata = try ProviderMetadata.parse(Array(document.serialized().utf8), expectedIssuer: issuer, url: "u")
        return OpenIDProvider(configuration: ProviderConfiguration(id: "oidc.actions", issuer: issuer, clientID: "aud"), metadata: metadata)
    }

    @Test func readsGitHubActionsDocument() throws {
        let provider = try Self.provider(Self.actionsDocument())
        #expect(provider.metadata.authorizationEndpoint == nil)
        #expect(provider.metadata.tokenEndpoint == nil)
        #expect(provider.metadata.jwksURI == Self.issuer + "/.well-known/jwks")
        #expect(provider.metadata.idTokenSigningAlgValuesSupported == ["RS256"])
    }

    /// No server for any grant but an ID token from elsewhere: a configuration error that names
    /// the missing endpoint and the way that works.
    @Test(arguments: [
        ([:], "authorization_endpoint"),
        (["authorization_endpoint": JSONValue.string(issuer + "/authorize")], "token_endpoint"),
    ] as [([String: JSONValue], String)])
    func refusesEveryServerGrant(extra: [String: JSONValue], missing: String) throws {
        let provider = try Self.provider(Self.actionsDocument(adding: extra))
        let services = ProviderServices(transport: FakeTransport { _ in .json([:], status: 500) }, clock: .fixed(Date()), cacheDirectory: "/nonexistent")
        let error = #expect(throws: ProviderError.self) { try provider.authorizationServer(services: services) }
        #expect(error == .idTokenOnly(provider: "oidc.actions", missing: missing))
        #expect(error?.code == .configurationError)
        #expect(error?.remedy == .signInAnotherWay([.ciIdentity, .idToken]))
    }

    @Test func anEndpointGivenMustStillObeyThePolicy() {
        let document = Self.actionsDocument(adding: ["authorization_endpoint": "http://evil.example/authorize"])
        #expect(throws: URLPolicyError.insecureURL(field: "authorization_endpoint", url: "http://evil.example/authorize")) {
            try ProviderMetadata.parse(Array(document.serialized().utf8), expectedIssuer: Self.issuer, url: "u")
        }
    }
}
