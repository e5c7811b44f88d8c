import Testing
@testable import AuthApp
@testable import AuthCLI

/// `--access-token-stdin`'s text: one token, or Twitter's token and secret after white space;
/// whether the provider takes a secret is the application layer's rule, not the command's.
@Suite struct AccessTokenStdinTests {
    @Test(arguments: [
        ("ya29.token", "ya29.token", nil), ("tok sec", "tok", "sec"), ("tok\tsec", "tok", "sec"), ("tok\nsec", "tok", "sec"),
    ] as [(String, String, String?)])
    func theTokenAndItsSecret(text: String, token: String, secret: String?) throws {
        guard case .accessToken(let read, let readSecret) = try SignInRunner.accessToken(text) else {
            Issue.record("not an access token")
            return
        }
        #expect(read == token && readSecret == secret)
    }

    @Test(arguments: ["", "a b c"])
    func anythingElseIsAUsageError(text: String) {
        #expect(throws: UsageError.self) { try SignInRunner.accessToken(text) }
    }
}
