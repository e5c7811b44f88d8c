import Foundation
import Testing

@testable import AuthctlKit

/// FirebaseAuth's provider ids and provider classes, spelled as the SDK spells them: the constants
/// real code compares `providerData` and `fetchSignInMethods` answers with.
struct ProviderIDTests {
    @Test(arguments: [
        (EmailAuthProviderID, "password"), (GitHubAuthProviderID, "github.com"), (GoogleAuthProviderID, "google.com"),
        (FacebookAuthProviderID, "facebook.com"), (TwitterAuthProviderID, "twitter.com"), (PhoneAuthProviderID, "phone"),
        (GameCenterAuthProviderID, "gc.apple.com"), (EmailPasswordAuthSignInMethod, "password"),
        (AuthProviderID.apple.rawValue, "apple.com"), (AuthProviderID.email.rawValue, "password"),
        (AuthProviderID.facebook.rawValue, "facebook.com"), (AuthProviderID.gameCenter.rawValue, "gc.apple.com"),
        (AuthProviderID.gitHub.rawValue, "github.com"), (AuthProviderID.google.rawValue, "google.com"),
        (AuthProviderID.phone.rawValue, "phone"), (AuthProviderID.custom("oidc.example-provider").rawValue, "oidc.example-provider"),
        (EmailAuthProvider.id, "password"), (GitHubAuthProvider.id, "github.com"), (GoogleAuthProvider.id, "google.com"),
        (FacebookAuthProvider.id, "facebook.com"), (TwitterAuthProvider.id, "twitter.com"),
    ])
    func theSDKsSpelling(constant: String, expected: String) {
        #expect(constant == expected)
    }

    @Test func theProviderClassesMakeTheSDKsCredentials() throws {
        let gitHub = try #require(GitHubAuthProvider.credential(withToken: "gho_token") as? OAuthCredential)
        #expect(gitHub.provider == "github.com" && gitHub.accessToken == "gho_token" && gitHub.idToken == nil)
        let google = try #require(GoogleAuthProvider.credential(withIDToken: "id.token.value", accessToken: "ya29") as? OAuthCredential)
        #expect(google.provider == "google.com" && google.idToken == "id.token.value" && google.accessToken == "ya29")
        #expect(EmailAuthProvider.credential(withEmail: "a@example.com", password: "pw").provider == EmailAuthProviderID)
    }

    /// Facebook's access token and Twitter's token and secret, as the SDK's credentials carry them:
    /// the access-token proof of the one sign-in use case, Twitter's with its OAuth 1.0a secret.
    @Test func facebookAndTwitterCredentialsAreAccessTokens() throws {
        let facebook = try #require(FacebookAuthProvider.credential(withAccessToken: "EAAB") as? OAuthCredential)
        #expect(facebook.provider == "facebook.com" && facebook.accessToken == "EAAB" && facebook.secret == nil && facebook.idToken == nil)
        guard case .accessToken("EAAB", secret: nil) = facebook.kind else { Issue.record("not an access token: \(facebook.kind)"); return }
        let twitter = try #require(TwitterAuthProvider.credential(withToken: "tok", secret: "sec") as? OAuthCredential)
        #expect(twitter.provider == "twitter.com" && twitter.accessToken == "tok" && twitter.secret == "sec")
        guard case .accessToken("tok", secret: "sec") = twitter.kind else { Issue.record("not a token and secret: \(twitter.kind)"); return }
        #expect(OAuthProvider.credential(providerID: .google, accessToken: "ya29").secret == nil)
    }

    @Test func anOAuthProviderIsMadeEitherWayAndConfiguredThroughALet() {
        let auth = Auth(home: FileManager.default.temporaryDirectory.appendingPathComponent("authctl-provider-ids").path, backend: .local, environment: [:])
        let provider = OAuthProvider.provider(providerID: AuthProviderID.gitHub, auth: auth)
        provider.scopes = ["user:email"]
        provider.customParameters = ["allow_signup": "false"]
        #expect(provider.providerID == GitHubAuthProviderID && provider.scopes == ["user:email"])
        #expect(provider.customParameters == ["allow_signup": "false"])
        #expect(OAuthProvider.provider(providerID: "yahoo.com", auth: auth).providerID == "yahoo.com")
        #expect(OAuthProvider(providerID: AuthProviderID.custom("oidc.corp"), auth: auth).providerID == "oidc.corp")
        #expect(OAuthProvider.id == "OAuth")
    }
}
