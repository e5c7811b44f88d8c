import Foundation
import Testing
@testable import AuthOAuth
import AuthTestSupport

@Suite struct PastedRedirectTests {
    typealias Pasted = PastedRedirect.Pasted

    static func redirect(_ pairs: KeyValuePairs<String, String>) -> Pasted {
        .redirect(pairs.map { CallbackParameter(name: $0.key, value: $0.value) })
    }

    @Test(arguments: [
        ("http://127.0.0.1:8123/callback?code=abc&state=xyz&iss=https%3A%2F%2Fidp.example",
         redirect(["code": "abc", "state": "xyz", "iss": "https://idp.example"])),
        ("  \"http://[::1]:8123/callback?state=xyz&code=abc\"\n", redirect(["state": "xyz", "code": "abc"])),
        // The fragment is never part of the answer (Facebook appends #_=_).
        ("http://127.0.0.1:8123/callback?code=abc&state=xyz#_=_", redirect(["code": "abc", "state": "xyz"])),
        ("https://app.example/oauth/cb?code=a%2Fb+c&state=s", redirect(["code": "a/b c", "state": "s"])),
        ("code=abc&state=xyz", redirect(["code": "abc", "state": "xyz"])),
        ("?code=abc&state=xyz", redirect(["code": "abc", "state": "xyz"])),
        ("/callback?code=abc&state=xyz#frag", redirect(["code": "abc", "state": "xyz"])),
        ("http://127.0.0.1:1/callback?error=access_denied&state=s", redirect(["error": "access_denied", "state": "s"])),
        // Repeats are kept so that AuthorizationResponse refuses them.
        ("code=a&code=b&state=s", redirect(["code": "a", "code": "b", "state": "s"])),
        ("4/0AX4XfWhLongCode-_.~", .bareCode("4/0AX4XfWhLongCode-_.~")),
        ("<4%2F0AX4XfWh>", .bareCode("4/0AX4XfWh")),
        ("abc+def", .bareCode("abc+def")),
    ] as [(String, Pasted)])
    func readsWhatWasPasted(text: String, expected: Pasted) throws {
        #expect(try PastedRedirect.parse(text) == expected)
    }

    @Test(arguments: [
        "", "   \n\t", "hello world", "not a url at all", "ftp://127.0.0.1/callback?code=1&state=2",
        "http://127.0.0.1:8123/callback", "http://127.0.0.1:8123/callback#code=a&state=b", "foo=bar&state=s",
        "code=%ZZ&state=s", "code=abc state=xyz", "caf\u{e9}", "abc%ZZ", String(repeating: "a", count: PastedRedirect.maximumLength + 1),
    ])
    func refusesGarbage(text: String) {
        #expect {
            try PastedRedirect.parse(text)
        } throws: { error in
            if case .unreadablePastedRedirect = error as? OAuthError { return true }
            return false
        }
    }

    @Test func unreadableTextIsAUsageProblem() {
        #expect(OAuthError.unreadablePastedRedirect("x").code == .invalidArgument)
    }

    @Test func bareCodeBecomesOneCodeParameter() throws {
        let parameters = try PastedRedirect.parameters(from: "abc")
        #expect(parameters.map(\.name) == ["code"] && parameters.map(\.value) == ["abc"])
    }

    // MARK: Through the redirect checks

    static let issuer = "https://idp.example"
    let request = try! AuthorizationRequest(
        authorizationEndpoint: "https://idp.example/authorize", clientID: "c", redirectURI: "http://127.0.0.1:1/callback",
        scopes: ["openid"], customParameters: [:], random: SeededRandomSource(seed: 5)
    )

    func code(_ text: String, issRequired: Bool = false) -> (Result<String, OAuthError>, warnings: [String]) {
        var warnings: [String] = []
        let result = Result { () throws(OAuthError) -> String in
            try PastedRedirect.code(fromPasted: text, for: request, issuer: Self.issuer, issuerParameterRequired: issRequired) { warnings.append($0) }
        }
        return (result, warnings)
    }

    @Test func pastedURLPassesTheRedirectChecks() {
        let (result, warnings) = code("http://127.0.0.1:1/callback?code=abc&state=\(request.state)&iss=https%3A%2F%2Fidp.example", issRequired: true)
        #expect(result == .success("abc"))
        #expect(warnings.isEmpty)
    }

    @Test(arguments: [
        ("code=abc&state=forged", OAuthError.stateMismatch),
        ("code=abc", .stateMismatch),  // a query without state is not a bare code
        ("code=abc&code=def&state=S", .duplicateParameter("code")),
        ("code=abc&state=S&iss=https%3A%2F%2Fevil.example", .issuerMismatch(expected: issuer, received: "https://evil.example")),
        ("error=access_denied&state=S", .accessDenied(description: nil)),
    ])
    func pastedQueriesAreCheckedLikeRedirects(text: String, expected: OAuthError) {
        let (result, warnings) = code(text.replacingOccurrences(of: "state=S", with: "state=\(request.state)"))
        #expect(result == .failure(expected))
        #expect(warnings.isEmpty)
    }

    @Test func bareCodeIsAcceptedWithAWarning() {
        let (result, warnings) = code("SplxlOBeZQQYbYS6WxSbIA", issRequired: true)
        #expect(result == .success("SplxlOBeZQQYbYS6WxSbIA"))
        #expect(warnings == [PastedRedirect.bareCodeWarning])
    }
}
