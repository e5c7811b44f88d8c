import AuthOAuth
import AuthPlatform
import Testing

@testable import AuthctlKit

/// The library's `localizedDescription` carries a provider's words neutralised, as the command
/// line shows them (Decisions/0041): an app that prints it to a terminal prints no control.
@Suite struct AuthErrorNeutralisedTests {
    static let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}x"

    @Test(arguments: [
        OAuthError.accessDenied(description: hostile),
        OAuthError.tokenEndpointError(error: "invalid_grant", description: hostile, status: 400),
        OAuthError.authorizationFailed(error: "server_error", description: hostile),
    ])
    func providerTextIsNeutralised(error: OAuthError) {
        let description = AuthError(error, providerID: "oidc.corp").localizedDescription
        #expect(description.contains("\\x1b]0;PWNED\\x07\\x1b[2J\\x9b31m\\u{202E}x"), "\(description)")
        #expect(!description.unicodeScalars.contains { TerminalSafety.isNeutralised($0) })
    }

    @Test func aPlainMessageIsNeutralisedToo() {
        #expect(AuthError(.internalError, "bad \u{1B}[31mred").localizedDescription == "bad \\x1b[31mred")
    }
}
