import Foundation
import Testing
import AuthCore
import AuthOAuth
import AuthPlatform
@testable import AuthProviders
import AuthTestSupport

@Suite struct GitHubTokenDeletionTests {
    static let githubClientID = "Iv1.8a61f9b3a7aba766"
    static let githubSecret = "0123456789abcdef0123456789abcdef01234567"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var answer: @Sendable (HTTPRequest) throws -> HTTPResponse
        var outcome: RevocationOutcome
        var testDescription: String { name }
    }

    func revoker(_ endpoints: GitHubEndpoints, transport: FakeTransport, clientID: String = "cli", secret: String? = "s3cr3t") -> TokenRevoker {
        TokenRevoker(method: GitHubTokenDeletion(endpoints: endpoints, clientID: clientID, clientSecret: secret, transport: transport))
    }

    static let githubCases: [Case] = [
        Case(name: "204", answer: { _ in HTTPResponse(status: 204) }, outcome: .revoked),
        Case(name: "404", answer: { _ in .json(["message": "Not Found"], status: 404) }, outcome: .alreadyInvalid),
        Case(name: "422", answer: { _ in .json(["message": "Validation Failed"], status: 422) }, outcome: .alreadyInvalid),
        Case(name: "401", answer: { _ in .json(["message": "Bad credentials"], status: 401) },
             outcome: .failed("GitHub refused the app's client id and secret (HTTP 401)")),
        Case(name: "500", answer: { _ in .json(["message": "Server Error"], status: 500) }, outcome: .failed("GitHub answered HTTP 500: Server Error")),
        Case(name: "unreachable", answer: { request in throw HTTPTransportError.timedOut(url: request.url.redactedForDisplay, after: .seconds(30)) },
             outcome: .failed("no answer from https://api.github.com/applications/Iv1.8a61f9b3a7aba766/token within 30 s")),
    ]

    @Test(arguments: githubCases)
    func reportsEachGitHubOutcome(_ c: Case) async {
        let steps = await revoker(.github, transport: FakeTransport(handler: c.answer), clientID: Self.githubClientID, secret: Self.githubSecret)
            .revoke(accessToken: "gho_16C7e42F292c6912E7710c838347Ae178B4a", refreshToken: nil)
        #expect(steps == [RevocationStep(token: .accessToken, outcome: c.outcome)])
    }

    @Test func githubDeletesTheTokenWithBasicAuthAndAJSONBody() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 204) }
        let steps = await revoker(.github, transport: transport, clientID: Self.githubClientID, secret: Self.githubSecret)
            .revoke(accessToken: "gho_16C7e42F292c6912E7710c838347Ae178B4a", refreshToken: "ghr_refresh")
        #expect(steps == [
            RevocationStep(token: .refreshToken, outcome: .unsupported("GitHub has no endpoint that revokes a refresh token by itself")),
            RevocationStep(token: .accessToken, outcome: .revoked),
        ])
        #expect(transport.requests.count == 1)
        let request = try #require(transport.requests.first)
        #expect(request.method == "DELETE")
        #expect(request.url.absoluteString == "https://api.github.com/applications/Iv1.8a61f9b3a7aba766/token")
        // RFC 7617: base64("Iv1.8a61f9b3a7aba766:0123…4567"), computed independently.
        #expect(GrantTestSupport.header(request, "Authorization")
            == "Basic SXYxLjhhNjFmOWIzYTdhYmE3NjY6MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWYwMTIzNDU2Nw==")
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"access_token":"gho_16C7e42F292c6912E7710c838347Ae178B4a"}"#)
        #expect(GrantTestSupport.header(request, "Content-Type") == "application/json")
        #expect(GrantTestSupport.header(request, "Accept") == "application/vnd.github+json")
        #expect(GrantTestSupport.header(request, "X-GitHub-Api-Version") == "2022-11-28")
        #expect(GrantTestSupport.header(request, "User-Agent") == nil, "the transport sends authctl/<version>")
    }

    @Test func githubEnterpriseUsesItsOwnAPI() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 204) }
        let endpoints = try GitHubEndpoints(apiBase: URL(string: "http://127.0.0.1:8080"))
        _ = await revoker(endpoints, transport: transport, clientID: "id", secret: "secret").revoke(accessToken: "t", refreshToken: nil)
        #expect(transport.requests.first?.url.absoluteString == "http://127.0.0.1:8080/api/v3/applications/id/token")
    }

    @Test func githubWithoutASecretCannotRevoke() async {
        let transport = FakeTransport { _ in HTTPResponse(status: 204) }
        let steps = await revoker(.github, transport: transport, secret: nil).revoke(accessToken: "t", refreshToken: nil)
        #expect(steps.map(\.outcome.name) == ["unsupported"])
        #expect(transport.requests.isEmpty)
    }
}
