@testable import AuthApp
import AuthPlatform
import AuthProviders
import Testing

/// Which providers a project signs in with an access token obtained elsewhere (the Yahoo page:
/// Google, Facebook and Twitter do, Twitter's with its OAuth 1.0a secret; Yahoo does not), read
/// from the presets, and refused before any request.
@Suite struct AccessTokenRuleTests {
    @Test(arguments: ["google.com", "facebook.com", "github.com", "oidc.corp", "microsoft.com"])
    func anAccessTokenAlonePasses(id: String) throws {
        try AccessTokenRule.check(id, hasSecret: false, presets: .builtIn)
        #expect(throws: AccessTokenRefused(providerID: id, reason: .takesNoSecret)) {
            try AccessTokenRule.check(id, hasSecret: true, presets: .builtIn)
        }
    }

    @Test func twitterNeedsItsSecret() throws {
        try AccessTokenRule.check("twitter.com", hasSecret: true, presets: .builtIn)
        #expect(throws: AccessTokenRefused(providerID: "twitter.com", reason: .needsSecret)) {
            try AccessTokenRule.check("twitter.com", hasSecret: false, presets: .builtIn)
        }
    }

    @Test func yahooIsRefusedWithTheSeedsReason() {
        for hasSecret in [false, true] {
            #expect(throws: AccessTokenRefused(providerID: "yahoo.com", reason: .refused(ProviderPreset.yahooAccessTokenReason))) {
                try AccessTokenRule.check("yahoo.com", hasSecret: hasSecret, presets: .builtIn)
            }
        }
        let refusal = AccessTokenRefused(providerID: "yahoo.com", reason: .refused(ProviderPreset.yahooAccessTokenReason))
        #expect(refusal.code == .invalidArgument)
        #expect(refusal.message.contains("replayed") && refusal.message.contains("ID token"))
        #expect(refusal.remedy == .signIn(providerID: "yahoo.com"))
    }

    /// The rule is data on the presets: another set of presets says otherwise.
    @Test func theRuleIsThePresetsData() throws {
        let presets = ProviderPresets([], projectOnly: ["example.com": ProjectFlowTraits(accessToken: .refused(reason: "because"))])
        #expect(throws: AccessTokenRefused(providerID: "example.com", reason: .refused("because"))) {
            try AccessTokenRule.check("example.com", hasSecret: false, presets: presets)
        }
        try AccessTokenRule.check("yahoo.com", hasSecret: false, presets: presets)
    }
}
