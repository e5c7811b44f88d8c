import Foundation
import Testing
@testable import AuthOAuth
import AuthPlatform
import AuthTestSupport

@Suite struct TokenClientTests {
    static let endpoint = URL(string: "https://idp.example/token")!

    func client(_ authentication: ClientAuthentication, transport: FakeTransport, secret: String? = "s3cr3t:+") -> TokenClient {
        TokenClient(tokenEndpoint: Self.endpoint, clientID: "my client", clientSecret: secret, authentication: authentication, transport: transport)
    }

    func form(_ request: HTTPRequest) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: request.body ?? [], as: UTF8.self)
        return Dictionary(components.queryItems!.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    static let success: JSONValue = ["access_token": "at", "token_type": "Bearer", "expires_in": 3600, "id_token": "x.y.z", "refresh_token": "rt"]

    @Test func exchangesCodeWithBasicAuthenticationAndVerifier() async throws {
        let transport = FakeTransport { _ in .json(Self.success) }
        let response = try await client(.clientSecretBasic, transport: transport)
            .exchange(code: "the code", redirectURI: "http://127.0.0.1:9/callback", codeVerifier: "verifier")
        #expect(response == TokenResponse(accessToken: "at", tokenType: "Bearer", expiresIn: 3600, refreshToken: "rt", idToken: "x.y.z", scope: nil))
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        let fields = form(request)
        #expect(fields == ["grant_type": "authorization_code", "code": "the code", "redirect_uri": "http://127.0.0.1:9/callback", "code_verifier": "verifier"])
        let authorization = try #require(request.headers.first { $0.name == "Authorization" }?.value)
        // RFC 6749 §2.3.1: form-encode, then Basic.
        #expect(authorization == "Basic " + Data("my%20client:s3cr3t%3A%2B".utf8).base64EncodedString())
    }

    @Test func postsSecretInBodyForClientSecretPost() async throws {
        let transport = FakeTransport { _ in .json(Self.success) }
        _ = try await client(.clientSecretPost, transport: transport).exchange(code: "c", redirectURI: "r", codeVerifier: "v")
        let request = try #require(transport.requests.first)
        #expect(form(request)["client_secret"] == "s3cr3t:+")
        #expect(form(request)["client_id"] == "my client")
        #expect(!request.headers.contains { $0.name == "Authorization" })
    }

    @Test func publicClientSendsOnlyItsID() async throws {
        let transport = FakeTransport { _ in .json(Self.success) }
        _ = try await client(.none, transport: transport, secret: nil).exchange(code: "c", redirectURI: "r", codeVerifier: "v")
        let request = try #require(transport.requests.first)
        #expect(form(request)["client_id"] == "my client")
        #expect(form(request)["client_secret"] == nil)
        #expect(!request.headers.contains { $0.name == "Authorization" })
    }

    @Test(arguments: [
        (HTTPResponse.json(["error": "invalid_grant", "error_description": "code reused"], status: 400),
         OAuthError.tokenEndpointError(error: "invalid_grant", description: "code reused", status: 400)),
        // GitHub-style: an error with HTTP 200.
        (HTTPResponse.json(["error": "bad_verification_code"]), OAuthError.tokenEndpointError(error: "bad_verification_code", description: nil, status: 200)),
        (HTTPResponse(status: 502, body: Array("<html>bad gateway</html>".utf8)), OAuthError.tokenEndpointError(error: "HTTP 502", description: nil, status: 502)),
        (HTTPResponse.json(["token_type": "Bearer"]), OAuthError.invalidTokenResponse("no access_token")),
        (HTTPResponse(status: 200, body: Array("not json".utf8)), OAuthError.invalidTokenResponse("not a JSON object")),
    ])
    func reportsProviderErrors(response: HTTPResponse, expected: OAuthError) async {
        let transport = FakeTransport { _ in response }
        await #expect(throws: expected) {
            try await client(.clientSecretBasic, transport: transport).exchange(code: "c", redirectURI: "r", codeVerifier: "v")
        }
        #expect(expected.code == .providerError)
    }

    @Test(arguments: [
        (true, ["client_secret_basic", "client_secret_post"], ClientAuthentication.clientSecretBasic),
        (true, ["client_secret_post"], .clientSecretPost),
        (true, [], .clientSecretBasic),
        (false, ["client_secret_basic"], .none),
        (false, ["none"], .none),
    ])
    func choosesAdvertisedAuthentication(hasSecret: Bool, supported: [String], expected: ClientAuthentication) {
        #expect(ClientAuthentication.choose(hasSecret: hasSecret, supported: supported) == expected)
    }

    @Test func limitsResponseSize() async throws {
        let transport = FakeTransport { _ in .json(Self.success) }
        _ = try await client(.none, transport: transport, secret: nil).exchange(code: "c", redirectURI: "r", codeVerifier: "v")
        #expect(transport.requests.first?.maxResponseBytes == TokenClient.maximumResponseBytes)
    }
}
