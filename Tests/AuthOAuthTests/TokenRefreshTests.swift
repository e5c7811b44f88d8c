import Foundation
import Testing
@testable import AuthOAuth
import AuthPlatform
import AuthTestSupport

@Suite struct TokenRefreshTests {
    static let endpoint = URL(string: "https://idp.example/token")!

    func client(_ authentication: ClientAuthentication = .clientSecretBasic, transport: FakeTransport) -> TokenClient {
        TokenClient(tokenEndpoint: Self.endpoint, clientID: "cli", clientSecret: authentication == .none ? nil : "s3cr3t",
                    authentication: authentication, transport: transport)
    }

    @Test func refreshSendsTheGrantWithClientAuthentication() async throws {
        let transport = FakeTransport { _ in .json(["access_token": "at2", "token_type": "Bearer", "expires_in": 3600]) }
        let response = try await client(transport: transport).refresh(refreshToken: "rt 1")
        #expect(response == TokenResponse(accessToken: "at2", tokenType: "Bearer", expiresIn: 3600))
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST" && request.url == Self.endpoint)
        #expect(GrantTestSupport.formPairs(request) == ["grant_type=refresh_token", "refresh_token=rt 1"])
        #expect(GrantTestSupport.header(request, "Authorization") == "Basic " + Data("cli:s3cr3t".utf8).base64EncodedString())
        #expect(GrantTestSupport.header(request, "Accept") == "application/json")
    }

    @Test(arguments: [
        (nil, nil), ([], nil), (["openid"], "openid"), (["openid", "email", "openid"], "openid email"),
    ] as [([String]?, String?)])
    func scopeIsSentOnlyWhenNarrowing(scope: [String]?, sent: String?) async throws {
        let transport = FakeTransport { _ in .json(["access_token": "at"]) }
        _ = try await client(.clientSecretPost, transport: transport).refresh(refreshToken: "rt", scope: scope)
        let fields = GrantTestSupport.form(try #require(transport.requests.first))
        #expect(fields["scope"] == sent)
        #expect(fields["client_secret"] == "s3cr3t")
    }

    @Test(arguments: [
        // RFC 6749 §6: a rotated refresh token replaces the old one; none in the answer keeps it.
        (["access_token": "at", "refresh_token": "rt-new"] as JSONValue, "rt-new"),
        (["access_token": "at"] as JSONValue, "rt-old"),
    ])
    func keepsTheRotatedRefreshToken(body: JSONValue, kept: String) async throws {
        let transport = FakeTransport { _ in .json(body) }
        let response = try await client(.none, transport: transport).refresh(refreshToken: "rt-old")
        #expect(response.refreshToken(replacing: "rt-old") == kept)
        #expect(GrantTestSupport.form(try #require(transport.requests.first))["client_id"] == "cli")
    }

    @Test(arguments: [
        (HTTPResponse.json(["error": "invalid_grant", "error_description": "expired"], status: 400),
         OAuthError.tokenEndpointError(error: "invalid_grant", description: "expired", status: 400), true),
        // GitHub answers with HTTP 200 and its own name for it.
        (HTTPResponse.json(["error": "bad_refresh_token"]), .tokenEndpointError(error: "bad_refresh_token", description: nil, status: 200), true),
        (HTTPResponse.json(["error": "invalid_client"], status: 401), .tokenEndpointError(error: "invalid_client", description: nil, status: 401), false),
        (HTTPResponse(status: 503), .tokenEndpointError(error: "HTTP 503", description: nil, status: 503), false),
    ])
    func refusedRefreshes(response: HTTPResponse, expected: OAuthError, invalidGrant: Bool) async {
        let transport = FakeTransport { _ in response }
        await #expect(throws: expected) { try await client(transport: transport).refresh(refreshToken: "rt") }
        #expect(expected.isInvalidGrant == invalidGrant)
        #expect(expected.code == .providerError)
    }

    @Test func onlyTokenEndpointErrorsAreInvalidGrants() {
        #expect(!OAuthError.accessDenied(description: nil).isInvalidGrant)
        #expect(!OAuthError.authorizationFailed(error: "invalid_grant", description: nil).isInvalidGrant)
    }
}
