import Foundation
import Testing
@testable import AuthOAuth
import AuthPlatform
import AuthTestSupport

@Suite struct TokenRevocationTests {
    static let revocationEndpoint = URL(string: "https://idp.example/revoke")!

    func revoker(
        transport: FakeTransport, clientID: String = "cli", secret: String? = "s3cr3t",
        authentication: ClientAuthentication = .clientSecretBasic
    ) -> TokenRevoker {
        TokenRevoker(method: RFC7009Revocation(endpoint: Self.revocationEndpoint, client: TokenClient(
            tokenEndpoint: URL(string: "https://idp.example/token")!, clientID: clientID, clientSecret: secret,
            authentication: authentication, transport: transport
        )))
    }

    // MARK: RFC 7009

    @Test func revokesRefreshTokenThenAccessToken() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 200) }
        let steps = await revoker(transport: transport)
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
        let steps = await revoker(transport: transport, secret: nil, authentication: .none)
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
             outcome: .failed("HTTP 503: temporarily_unavailable; the token stays valid at the provider until it expires")),
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
        let steps = await revoker(transport: FakeTransport(handler: c.answer))
            .revoke(accessToken: "at", refreshToken: nil)
        #expect(steps == [RevocationStep(token: .accessToken, outcome: c.outcome)])
    }

    @Test func withoutAnEndpointEveryStepIsUnsupported() async {
        let transport = FakeTransport { _ in HTTPResponse(status: 200) }
        let steps = await TokenRevoker(method: NoRevocation()).revoke(accessToken: "at", refreshToken: "rt")
        #expect(steps.map(\.outcome.name) == ["unsupported", "unsupported"])
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
