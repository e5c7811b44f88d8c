@testable import AuthApp
import Testing

/// The route rule's table: which ids a project's flow may run (Firebase's provider ids have a
/// dot); the rest are looked up on this machine, where a typo gets "did you mean".
@Suite struct SignInRouteTests {
    @Test(arguments: [
        ("github.com", true), ("oidc.corp", true), ("saml.okta", true), ("playgames.google.com", true),
        ("github", false), ("password", false), ("phone", false), ("oidc.", false), (".com", false), ("", false),
    ])
    func projectProviderIDs(id: String, runByProject: Bool) {
        #expect(SignIn.isProjectProviderID(id) == runByProject)
    }

    /// Reauthentication asks for a fresh login; the other purposes leave the provider's default.
    @Test func onlyReauthenticationAsksForALogin() {
        #expect(SignIn.prompt(for: .reauthenticate) == "login")
        #expect(SignIn.prompt(for: .signIn) == nil)
        #expect(SignIn.prompt(for: .link) == nil)
    }
}
