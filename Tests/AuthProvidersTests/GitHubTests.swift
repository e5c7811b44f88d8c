import Foundation
import Testing
import AuthCore
import AuthOAuth
import AuthPlatform
@testable import AuthProviders
import AuthTestSupport

@Suite struct GitHubEndpointsTests {
    @Test(arguments: [
        (nil, "https://github.com/login/oauth/authorize", "https://github.com/login/oauth/access_token",
         "https://github.com/login/device/code", "https://api.github.com"),
        ("https://github.com", "https://github.com/login/oauth/authorize", "https://github.com/login/oauth/access_token",
         "https://github.com/login/device/code", "https://api.github.com"),
        ("https://api.github.com/", "https://github.com/login/oauth/authorize", "https://github.com/login/oauth/access_token",
         "https://github.com/login/device/code", "https://api.github.com"),
        ("https://ghe.example", "https://ghe.example/login/oauth/authorize", "https://ghe.example/login/oauth/access_token",
         "https://ghe.example/login/device/code", "https://ghe.example/api/v3"),
        ("https://ghe.example//", "https://ghe.example/login/oauth/authorize", "https://ghe.example/login/oauth/access_token",
         "https://ghe.example/login/device/code", "https://ghe.example/api/v3"),
        ("https://GHE.example:8443/api/v3/", "https://GHE.example:8443/login/oauth/authorize",
         "https://GHE.example:8443/login/oauth/access_token", "https://GHE.example:8443/login/device/code", "https://GHE.example:8443/api/v3"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/login/oauth/authorize", "http://127.0.0.1:8080/login/oauth/access_token",
         "http://127.0.0.1:8080/login/device/code", "http://127.0.0.1:8080/api/v3"),
        ("http://localhost:9/fake/", "http://localhost:9/fake/login/oauth/authorize", "http://localhost:9/fake/login/oauth/access_token",
         "http://localhost:9/fake/login/device/code", "http://localhost:9/fake/api/v3"),
    ] as [(String?, String, String, String, String)])
    func mapsTheAPIBase(apiBase: String?, authorize: String, token: String, device: String, api: String) throws {
        let endpoints = try GitHubEndpoints(apiBase: apiBase.flatMap { URL(string: $0) })
        #expect(endpoints.authorizationEndpoint.absoluteString == authorize)
        #expect(endpoints.tokenEndpoint.absoluteString == token)
        #expect(endpoints.deviceAuthorizationEndpoint.absoluteString == device)
        #expect(endpoints.apiBase.absoluteString == api)
    }

    @Test(arguments: [
        ("http://ghe.example", URLPolicyError.insecureURL(field: "the API base URL", url: "http://ghe.example")),
        ("ftp://ghe.example", .malformedURL(field: "the API base URL", url: "ftp://ghe.example")),
        ("https://ghe.example?x=1", .malformedURL(field: "the API base URL", url: "https://ghe.example?x=1")),
        ("https://ghe.example#f", .malformedURL(field: "the API base URL", url: "https://ghe.example#f")),
        ("https://user:pw@ghe.example", .malformedURL(field: "the API base URL", url: "https://user:pw@ghe.example")),
        ("ghe.example", .malformedURL(field: "the API base URL", url: "ghe.example")),
    ])
    func refusesUnsafeAPIBases(apiBase: String, expected: URLPolicyError) {
        #expect(throws: expected) { try GitHubEndpoints(apiBase: URL(string: apiBase)) }
    }

    @Test func presets() throws {
        let presets = ProviderPresets.builtIn
        #expect(presets.preset("github.com") == .github)
        #expect(presets.kind(forID: "github.com") == GitHubProvider.self)
        #expect(GitHubProvider.defaultScopes == ["read:user", "user:email"])
        let yahoo = try #require(presets.preset("yahoo.com"))
        #expect(presets.kind(forID: "yahoo.com") == OpenIDProvider.self)
        #expect(yahoo.defaultIssuer == "https://api.login.yahoo.com")
        #expect(OpenIDProvider.defaultScopes == ["openid", "profile", "email"])
        #expect(presets.preset("oidc.corp") == nil)
        #expect(presets.kind(forID: "oidc.corp") == OpenIDProvider.self)
        // The summary's form, on a list of its own: a preset added to `builtIn` changes no test here.
        #expect(ProviderPresets([.github, .yahoo]).idSummary == "github.com, yahoo.com, or an oidc.<name>")
        #expect(presets.idSummary == presets.presets.map { $0.id + ", " }.joined() + "or an oidc.<name>")
    }

    @Test func gitHubServerAuthenticatesTheCodeExchangeInTheBodyAndTheDeviceFlowWithTheClientIDOnly() async throws {
        let services = ProviderServices(transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .system, cacheDirectory: "/nonexistent")
        let withSecret = ProviderConfiguration(id: "github.com", issuer: "", clientID: "Iv1.x", clientSecret: "s", apiBase: "https://ghe.example")
        let server = try await GitHubProvider.resolve(withSecret, services: services).authorizationServer(services: services)
        #expect(server.tokenClient.authentication == .clientSecretPost)
        #expect(server.tokenClient.tokenEndpoint.absoluteString == "https://ghe.example/login/oauth/access_token")
        #expect(server.deviceAuthorization?.tokenClient.authentication == ClientAuthentication.none)
        #expect(!server.sendsNonce)
        #expect(server.issuer == nil)
        var publicClient = withSecret
        publicClient.clientSecret = nil
        #expect(try await GitHubProvider.resolve(publicClient, services: services).authorizationServer(services: services).tokenClient.authentication == ClientAuthentication.none)
    }
}

@Suite struct GitHubProfileClientTests {
    static let user: JSONValue = [
        "login": "octocat", "id": 583231, "name": "The Octocat", "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4",
        "email": "public@octocat.example",
    ]

    func client(_ routes: [String: HTTPResponse], apiBase: String? = nil) throws -> (GitHubProfileClient, FakeTransport) {
        let transport = FakeTransport(routes: routes)
        return (GitHubProfileClient(endpoints: try GitHubEndpoints(apiBase: apiBase.flatMap { URL(string: $0) }), transport: transport), transport)
    }

    @Test func readsUserAndPrimaryVerifiedEmail() async throws {
        let (client, transport) = try client([
            "https://api.github.com/user": .json(Self.user),
            "https://api.github.com/user/emails": .json([
                ["email": "old@octocat.example", "primary": false, "verified": true, "visibility": nil],
                ["email": "octocat@github.com", "primary": true, "verified": true, "visibility": "public"],
                ["email": "new@octocat.example", "primary": false, "verified": false, "visibility": nil],
            ]),
        ])
        let profile = try await client.fetchProfile(accessToken: "gho_abc")
        #expect(profile.providerID == "github.com")
        #expect(profile.subject == "583231")
        #expect(profile.username == "octocat")
        #expect(profile.displayName == "The Octocat")
        #expect(profile.photoURL == "https://avatars.githubusercontent.com/u/583231?v=4")
        #expect(profile.email == "octocat@github.com")
        #expect(profile.emailVerified)
        #expect(profile.rawProfile == Self.user)
        #expect(transport.requests.map(\.url.absoluteString) == ["https://api.github.com/user", "https://api.github.com/user/emails?per_page=100"])
        for request in transport.requests {
            #expect(request.method == "GET")
            #expect(request.headers.map { "\($0.name): \($0.value)" } == [
                "Authorization: Bearer gho_abc", "Accept: application/vnd.github+json", "X-GitHub-Api-Version: 2022-11-28",
            ])
        }
    }

    @Test(arguments: [
        (HTTPResponse.json([["email": "a@x.example", "primary": true, "verified": false], ["email": "b@x.example", "primary": false, "verified": true]]),
         "primary not verified"),
        (HTTPResponse.json([]), "no addresses"),
        (HTTPResponse.json(["message": "Not Found"], status: 404), "token without user:email"),
    ])
    func withoutAPrimaryVerifiedEmailThereIsNoEmail(emails: HTTPResponse, why: String) async throws {
        let (client, _) = try client(["https://api.github.com/user": .json(Self.user), "https://api.github.com/user/emails": emails])
        let profile = try await client.fetchProfile(accessToken: "t")
        #expect(profile.email == nil, "\(why)")
        #expect(!profile.emailVerified)
    }

    @Test func enterpriseServerUsesAPIv3() async throws {
        let (client, transport) = try client([
            "http://127.0.0.1:8080/api/v3/user": .json(Self.user), "http://127.0.0.1:8080/api/v3/user/emails": .json([]),
        ], apiBase: "http://127.0.0.1:8080/")
        _ = try await client.fetchProfile(accessToken: "t")
        #expect(transport.requests.count == 2)
    }

    static let emptyEmails = HTTPResponse.json([])

    @Test(arguments: [
        (HTTPResponse.json(["message": "Bad credentials"], status: 401), emptyEmails, GitHubError.tokenRejected(message: "Bad credentials")),
        (HTTPResponse(status: 401), emptyEmails, .tokenRejected(message: nil)),
        (HTTPResponse.json(["message": "API rate limit exceeded\u{1b}[2J"], status: 403), emptyEmails,
         .apiFailed(path: "/user", status: 403, message: "API rate limit exceeded[2J")),
        (HTTPResponse(status: 502, body: Array("<html>".utf8)), emptyEmails, .apiFailed(path: "/user", status: 502, message: nil)),
        (HTTPResponse(status: 200, body: Array("<html>".utf8)), emptyEmails, .invalidResponse(path: "/user", reason: "not JSON")),
        (HTTPResponse.json(["login": "octocat", "id": "583231"]), emptyEmails, .invalidResponse(path: "/user", reason: "no numeric id")),
        (HTTPResponse.json(["login": "octocat", "id": .number(1.5)]), emptyEmails, .invalidResponse(path: "/user", reason: "no numeric id")),
        (HTTPResponse.json([]), emptyEmails, .invalidResponse(path: "/user", reason: "not a JSON object")),
        (HTTPResponse.json(user), HTTPResponse.json(["message": "Resource not accessible by integration"], status: 403),
         .apiFailed(path: "/user/emails", status: 403, message: "Resource not accessible by integration")),
        (HTTPResponse.json(user), HTTPResponse.json(["email": "x"]), .invalidResponse(path: "/user/emails", reason: "not a JSON array")),
    ])
    func reportsAPIFailures(user: HTTPResponse, emails: HTTPResponse, expected: GitHubError) async throws {
        let (client, _) = try client(["https://api.github.com/user": user, "https://api.github.com/user/emails": emails])
        await #expect(throws: expected) { try await client.fetchProfile(accessToken: "t") }
    }

    @Test func unauthorisedIsAnInvalidCredentialAndTheRestProviderErrors() {
        #expect(GitHubError.tokenRejected(message: nil).code == .invalidCredential)
        #expect(GitHubError.apiFailed(path: "/user", status: 500, message: nil).code == .providerError)
        #expect(GitHubError.invalidResponse(path: "/user", reason: "x").code == .providerError)
    }
}

@Suite struct RevocationDiscoveryTests {
    @Test(arguments: [
        (["revocation_endpoint": "https://idp.example/revoke"] as JSONValue, "https://idp.example/revoke"),
        // Yahoo's non-standard name.
        (["token_revocation_endpoint": "https://api.login.yahoo.com/oauth2/revoke"] as JSONValue, "https://api.login.yahoo.com/oauth2/revoke"),
        (["revocation_endpoint": "https://a.example/r", "token_revocation_endpoint": "https://b.example/r"] as JSONValue, "https://a.example/r"),
        (["issuer": "https://idp.example"] as JSONValue, nil),
    ] as [(JSONValue, String?)])
    func findsTheRevocationEndpoint(document: JSONValue, expected: String?) throws {
        #expect(try ProviderMetadata.revocationEndpoint(in: document) == expected)
    }

    @Test func refusesAnInsecureRevocationEndpoint() {
        #expect(throws: URLPolicyError.insecureURL(field: "token_revocation_endpoint", url: "http://idp.example/revoke")) {
            try ProviderMetadata.revocationEndpoint(in: ["token_revocation_endpoint": "http://idp.example/revoke"])
        }
    }

    @Test func findsTheDeviceAuthorizationEndpoint() throws {
        #expect(try ProviderMetadata.deviceAuthorizationEndpoint(in: ["device_authorization_endpoint": "https://idp.example/device"])
            == "https://idp.example/device")
        #expect(try ProviderMetadata.deviceAuthorizationEndpoint(in: [:]) == nil)
    }

    @Test(arguments: [
        ("http://127.0.0.1:9000/o", ["http://127.0.0.1:9000/.well-known/oauth-authorization-server/o",
                                     "http://127.0.0.1:9000/o/.well-known/oauth-authorization-server"]),
        ("https://idp.example", ["https://idp.example/.well-known/oauth-authorization-server"]),
        ("https://idp.example/", ["https://idp.example/.well-known/oauth-authorization-server"]),
    ])
    func rfc8414DocumentURLs(issuer: String, expected: [String]) {
        #expect(AuthorizationServerMetadata.documentURLs(forIssuer: issuer) == expected)
    }

    @Test(arguments: [
        // The RFC 8414 form is missing; the appended form answers.
        ([:] as [String: JSONValue], ["issuer": "http://127.0.0.1:9000/o", "revocation_endpoint": "http://127.0.0.1:9000/o/revoke_token/"] as JSONValue,
         "http://127.0.0.1:9000/o/revoke_token/"),
        // A document for another issuer is ignored (RFC 8414 §3.3).
        ([:], ["issuer": "http://127.0.0.1:9000/other", "revocation_endpoint": "http://127.0.0.1:9000/r"] as JSONValue, nil),
        (["http://127.0.0.1:9000/.well-known/oauth-authorization-server/o": ["issuer": "http://127.0.0.1:9000/o", "revocation_endpoint": "http://127.0.0.1:9000/first"]],
         ["issuer": "http://127.0.0.1:9000/o"] as JSONValue, "http://127.0.0.1:9000/first"),
    ] as [([String: JSONValue], JSONValue, String?)])
    func fetchesTheRevocationEndpointFromRFC8414Metadata(first: [String: JSONValue], appended: JSONValue, expected: String?) async throws {
        var routes = first.mapValues { HTTPResponse.json($0) }
        routes["http://127.0.0.1:9000/o/.well-known/oauth-authorization-server"] = .json(appended)
        let endpoint = try await AuthorizationServerMetadata.revocationEndpoint(forIssuer: "http://127.0.0.1:9000/o", transport: FakeTransport(routes: routes))
        #expect(endpoint == expected)
    }
}
