import Foundation
import Testing
@testable import AuthOAuth
import AuthPlatform
import AuthTestSupport

/// The client-credentials grant (RFC 6749 §4.4; RFC 8707 `resource`).
@Suite struct ClientCredentialsTests {
    static let endpoint = URL(string: "https://idp.example/token")!

    @Test(arguments: [
        (ClientCredentialsRequest(), ["grant_type=client_credentials"]),
        (ClientCredentialsRequest(scopes: ["a", "b", "a"]), ["grant_type=client_credentials", "scope=a b"]),
        (ClientCredentialsRequest(scopes: ["a"], audience: "https://api.example", resource: "https://api.example/v1"),
         ["grant_type=client_credentials", "scope=a", "audience=https://api.example", "resource=https://api.example/v1"]),
    ])
    func theGrantSendsOnlyWhatWasAskedFor(request: ClientCredentialsRequest, form: [String]) async throws {
        let transport = FakeTransport { _ in .json(["access_token": "machine", "token_type": "Bearer", "expires_in": 300]) }
        let client = TokenClient(tokenEndpoint: Self.endpoint, clientID: "svc", clientSecret: "s3cr3t", authentication: .clientSecretBasic,
                                 transport: transport)
        let response = try await client.clientCredentials(request)
        #expect(response.accessToken == "machine" && response.expiresIn == 300)
        let sent = try #require(transport.requests.first)
        #expect(GrantTestSupport.formPairs(sent) == form)
        #expect(GrantTestSupport.header(sent, "Authorization") == "Basic " + Data("svc:s3cr3t".utf8).base64EncodedString())
    }

    @Test func aRefusalIsTheTokenEndpointsError() async {
        let transport = FakeTransport { _ in .json(["error": "unauthorized_client"], status: 400) }
        let client = TokenClient(tokenEndpoint: Self.endpoint, clientID: "svc", clientSecret: "s", authentication: .clientSecretPost,
                                 transport: transport)
        await #expect(throws: OAuthError.tokenEndpointError(error: "unauthorized_client", description: nil, status: 400)) {
            try await client.clientCredentials(ClientCredentialsRequest())
        }
    }
}
