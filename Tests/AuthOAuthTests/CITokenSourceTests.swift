import Foundation
import Testing
import AuthPlatform
@testable import AuthOAuth
import AuthTestSupport

@Suite struct CITokenSourceTests {
    @Test(arguments: [
        ("github-actions", CITokenSource(kind: .githubActions)),
        ("gitlab", CITokenSource(kind: .gitlab, variable: "GITLAB_OIDC_TOKEN")),
        ("gitlab:VAULT_ID_TOKEN", CITokenSource(kind: .gitlab, variable: "VAULT_ID_TOKEN")),
        ("env:JOB_TOKEN_2", CITokenSource(kind: .env, variable: "JOB_TOKEN_2")),
        ("env:_x", CITokenSource(kind: .env, variable: "_x")),
        ("env", nil), ("env:", nil), ("env:2X", nil), ("env:A-B", nil), ("env:A B", nil), ("github-actions:X", nil),
        ("github", nil), ("GITHUB-ACTIONS", nil), ("", nil), ("circleci", nil),
    ] as [(String, CITokenSource?)])
    func parsing(text: String, expected: CITokenSource?) {
        let parsed = CITokenSource(parsing: text)
        #expect(parsed == expected)
        if let parsed { #expect(CITokenSource(parsing: parsed.description) == parsed) }
    }

    static let requestURL = "http://127.0.0.1:9/_apis/token?api-version=2.0"

    /// GitHub Actions: the audience appended to the URL, the request token as bearer, `value` back.
    @Test(arguments: [
        (requestURL, requestURL + "&audience=my%20aud"),
        ("http://127.0.0.1:9/token", "http://127.0.0.1:9/token?audience=my%20aud"),
    ])
    func asksGitHubActions(base: String, sent: String) async throws {
        let transport = FakeTransport { _ in .json(["value": "header.payload.signature", "count": 1]) }
        let environment: EnvironmentVariables = [
            CITokenSource.actionsRequestURLVariable: base, CITokenSource.actionsRequestTokenVariable: "request-token",
        ]
        let token = try await CITokenFetcher(environment: environment, transport: transport)
            .idToken(from: CITokenSource(kind: .githubActions), audience: "my aud")
        #expect(token == "header.payload.signature")
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == sent)
        #expect(request.headers.contains { $0.name == "Authorization" && $0.value == "Bearer request-token" })
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: [
        ([:], CITokenError.missingVariable(CITokenSource.actionsRequestURLVariable, source: "github-actions")),
        ([CITokenSource.actionsRequestURLVariable: requestURL],
         CITokenError.missingVariable(CITokenSource.actionsRequestTokenVariable, source: "github-actions")),
    ] as [([String: String], CITokenError)])
    func namesTheMissingVariable(table: [String: String], expected: CITokenError) async {
        let transport = FakeTransport { _ in .json(["value": "t"]) }
        let error = await #expect(throws: CITokenError.self) {
            try await CITokenFetcher(environment: EnvironmentVariables(table), transport: transport)
                .idToken(from: CITokenSource(kind: .githubActions), audience: "a")
        }
        #expect(error == expected)
        #expect(error?.code == .configurationError)
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: [
        (HTTPResponse.json(["message": "no"], status: 403), CITokenError.requestRefused(status: 403)),
        (HTTPResponse.json(["token": "t"]), CITokenError.invalidAnswer("not a JSON object with a 'value' string")),
        (HTTPResponse(status: 200, body: Array("t".utf8)), CITokenError.invalidAnswer("not a JSON object with a 'value' string")),
    ])
    func refusesUnusableAnswers(answer: HTTPResponse, expected: CITokenError) async {
        let environment: EnvironmentVariables = [
            CITokenSource.actionsRequestURLVariable: Self.requestURL, CITokenSource.actionsRequestTokenVariable: "r",
        ]
        let error = await #expect(throws: CITokenError.self) {
            try await CITokenFetcher(environment: environment, transport: FakeTransport { _ in answer })
                .idToken(from: CITokenSource(kind: .githubActions), audience: "a")
        }
        #expect(error == expected)
        #expect(error?.code == .providerError)
    }

    /// GitLab and env: the variable's value (trimmed), read when asked; nothing is sent.
    @Test(arguments: [
        (CITokenSource(kind: .gitlab, variable: "GITLAB_OIDC_TOKEN"), ["GITLAB_OIDC_TOKEN": " jwt\n"], "jwt"),
        (CITokenSource(kind: .env, variable: "MY_TOKEN"), ["MY_TOKEN": "jwt2", "GITLAB_OIDC_TOKEN": "other"], "jwt2"),
    ])
    func readsTheVariable(source: CITokenSource, table: [String: String], expected: String) async throws {
        let transport = FakeTransport { _ in .json([:], status: 500) }
        let token = try await CITokenFetcher(environment: EnvironmentVariables(table), transport: transport).idToken(from: source, audience: "a")
        #expect(token == expected)
        #expect(transport.requests.isEmpty)
        let empty = await #expect(throws: CITokenError.self) {
            try await CITokenFetcher(environment: [:], transport: transport).idToken(from: source, audience: "a")
        }
        #expect(empty == .missingVariable(source.variable ?? "", source: source.description))
    }
}
