import AuthTestSupport
import Foundation
import Testing

@testable import AuthCore

@Suite struct TokenRevocationTests {
    static let revocationEndpoint = URL(string: "https://idp.example/revoke")!
    static let githubClientID = "Iv1.8a61f9b3a7aba766"
    static let githubSecret = "0123456789abcdef0123456789abcdef01234567"

    func revoker(
        _ method: RevocationMethod, transport: FakeTransport, clientID: String = "cli", secret: String? = "s3cr3t",
        authentication: ClientAuthentication = .clientSecretBasic
    ) -> TokenRevoker {
        TokenRevoker(method: method, client: TokenClient(
            tokenEndpoint: URL(string: "https://idp.example/token")!, clientID: clientID, clientSecret: secret,
            authentication: authentication, transport: transport
        ))
    }

    // MARK: RFC 7009

    @Test func revokesRefreshTokenThenAccessToken() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 200) }
        let steps = await revoker(.rfc7009(endpoint: Self.revocationEndpoint), transport: transport)
            .revoke(accessToken: "at", refreshToken: "rt")
        #expect(steps == [RevocationStep(token: .refreshToken, outcome: .revoked), RevocationStep(token: .accessToken, outcome: .revoked)])
        #expect(transport.requests.map { GrantTestSupport.formPairs($0) } == [
            ["token=rt", "token_type_hint=refresh_token"], ["token=at", "token_type_hint=access_token"],
        ])
        for request in transport.requests {
            #expect(request.method == "POST" && request.url == Self.revocationEndpoint)
            #expect(GrantTestSupport.header(request, "Authorization") == "Basic " + Data("cli:s3cr3t".utf8).base64EncodedString())
        }
    }

    @Test func publicClientSendsItsIDAndSkipsMissingTokens() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 200) }
        let steps = await revoker(.rfc7009(endpoint: Self.revocationEndpoint), transport: transport, secret: nil, authentication: .none)
            .revoke(accessToken: "at", refreshToken: nil)
        #expect(steps == [RevocationStep(token: .accessToken, outcome: .revoked)])
        #expect(GrantTestSupport.formPairs(try #require(transport.requests.first)) == ["token=at", "token_type_hint=access_token", "client_id=cli"])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var answer: @Sendable (HTTPRequest) throws -> HTTPResponse
        var outcome: RevocationOutcome
        var testDescription: String { name }
    }

    static let rfc7009Cases: [Case] = [
        Case(name: "200", answer: { _ in HTTPResponse(status: 200) }, outcome: .revoked),
        Case(name: "503", answer: { _ in .json(["error": "temporarily_unavailable"], status: 503) },
             outcome: .failed("HTTP 503: temporarily_unavailable; the token is still valid, try again later")),
        Case(name: "unsupported_token_type", answer: { _ in .json(["error": "unsupported_token_type"], status: 400) },
             outcome: .unsupported("the provider does not revoke this kind of token (unsupported_token_type)")),
        Case(name: "invalid_client", answer: { _ in .json(["error": "invalid_client", "error_description": "bad\u{1b}[31m secret"], status: 401) },
             outcome: .failed("HTTP 401: invalid_client (bad[31m secret)")),
        Case(name: "unreachable", answer: { request in
            throw HTTPTransportError.unreachable(url: request.url.redactedForDisplay, reason: "connection refused")
        }, outcome: .failed("cannot reach https://idp.example/revoke: connection refused")),
    ]

    @Test(arguments: rfc7009Cases)
    func reportsEachRFC7009Outcome(_ c: Case) async {
        let steps = await revoker(.rfc7009(endpoint: Self.revocationEndpoint), transport: FakeTransport(handler: c.answer))
            .revoke(accessToken: "at", refreshToken: nil)
        #expect(steps == [RevocationStep(token: .accessToken, outcome: c.outcome)])
    }

    @Test func withoutAnEndpointEveryStepIsUnsupported() async {
        let transport = FakeTransport { _ in HTTPResponse(status: 200) }
        let steps = await revoker(.none, transport: transport).revoke(accessToken: "at", refreshToken: "rt")
        #expect(steps.map(\.outcome.name) == ["unsupported", "unsupported"])
        #expect(transport.requests.isEmpty)
    }

    // MARK: GitHub

    static let githubCases: [Case] = [
        Case(name: "204", answer: { _ in HTTPResponse(status: 204) }, outcome: .revoked),
        Case(name: "404", answer: { _ in .json(["message": "Not Found"], status: 404) }, outcome: .alreadyInvalid),
        Case(name: "422", answer: { _ in .json(["message": "Validation Failed"], status: 422) }, outcome: .alreadyInvalid),
        Case(name: "401", answer: { _ in .json(["message": "Bad credentials"], status: 401) },
             outcome: .failed("GitHub refused the app's client id and secret (HTTP 401)")),
        Case(name: "500", answer: { _ in .json(["message": "Server Error"], status: 500) }, outcome: .failed("GitHub answered HTTP 500: Server Error")),
        Case(name: "unreachable", answer: { request in throw HTTPTransportError.timedOut(url: request.url.redactedForDisplay) },
             outcome: .failed("no answer from https://api.github.com/applications/Iv1.8a61f9b3a7aba766/token in time")),
    ]

    @Test(arguments: githubCases)
    func reportsEachGitHubOutcome(_ c: Case) async {
        let steps = await revoker(.github(.github), transport: FakeTransport(handler: c.answer), clientID: Self.githubClientID, secret: Self.githubSecret)
            .revoke(accessToken: "gho_16C7e42F292c6912E7710c838347Ae178B4a", refreshToken: nil)
        #expect(steps == [RevocationStep(token: .accessToken, outcome: c.outcome)])
    }

    @Test func githubDeletesTheTokenWithBasicAuthAndAJSONBody() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 204) }
        let steps = await revoker(.github(.github), transport: transport, clientID: Self.githubClientID, secret: Self.githubSecret)
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
        #expect(GrantTestSupport.header(request, "User-Agent") == "authctl")
    }

    @Test func githubEnterpriseUsesItsOwnAPI() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 204) }
        let endpoints = try GitHubEndpoints(apiBase: URL(string: "http://127.0.0.1:8080"))
        _ = await revoker(.github(endpoints), transport: transport, clientID: "id", secret: "secret").revoke(accessToken: "t", refreshToken: nil)
        #expect(transport.requests.first?.url.absoluteString == "http://127.0.0.1:8080/api/v3/applications/id/token")
    }

    @Test func githubWithoutASecretCannotRevoke() async {
        let transport = FakeTransport { _ in HTTPResponse(status: 204) }
        let steps = await revoker(.github(.github), transport: transport, secret: nil, authentication: .none).revoke(accessToken: "t", refreshToken: nil)
        #expect(steps.map(\.outcome.name) == ["unsupported"])
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: [
        (RevocationOutcome.revoked, "revoked", nil, true), (.alreadyInvalid, "already-invalid", nil, true),
        (.failed("x"), "failed", "x", false), (.unsupported("y"), "unsupported", "y", false),
    ] as [(RevocationOutcome, String, String?, Bool)])
    func outcomesNameThemselves(outcome: RevocationOutcome, name: String, reason: String?, dead: Bool) {
        #expect(outcome.name == name && outcome.reason == reason && outcome.tokenIsDead == dead)
    }
}
