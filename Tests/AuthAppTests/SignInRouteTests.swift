@testable import AuthApp
import AuthCore
import AuthProviders
import Testing

/// The one route rule's table (Decisions/0038): which ids a project's flow may run (Firebase's
/// provider ids have a dot); the rest are looked up on this machine, where a typo gets "did you
/// mean". The sign-in and the account-exists hint read the same rule.
@Suite struct SignInRouteTests {
    @Test(arguments: [
        ("github.com", true), ("oidc.corp", true), ("saml.okta", true), ("playgames.google.com", true),
        ("github", false), ("password", false), ("phone", false), ("oidc.", false), (".com", false), ("", false),
    ])
    func projectProviderIDs(id: String, runByProject: Bool) {
        #expect(ProviderRoute.isProjectProviderID(id) == runByProject)
    }

    @Test(arguments: [
        // Added here wins, with or without a project.
        ("github.com", true, false, ProviderRoute.local), ("github.com", true, true, .local), ("oidc.corp", true, true, .local),
        // Without a project, nothing else runs.
        ("github.com", false, false, .notConfigured), ("apple.com", false, false, .notConfigured), ("password", false, false, .notConfigured),
        // With a project: a provider id with a dot is the project's flow...
        ("github.com", false, true, .projectFlow), ("facebook.com", false, true, .projectFlow), ("saml.acme", false, true, .projectFlow),
        ("playgames.google.com", false, true, .projectFlow),
        // ...but Apple's answer can never come back here (its preset data), so it is refused with why.
        ("apple.com", false, true, .projectCannotReturn),
        // The password is the project's without a flow; an id without a dot is looked up here.
        ("password", false, true, .projectPassword), ("github", false, true, .notConfigured), ("phone", false, true, .notConfigured),
        ("oidc.", false, true, .notConfigured),
    ] as [(String, Bool, Bool, ProviderRoute)])
    func theRule(id: String, configured: Bool, project: Bool, expected: ProviderRoute) {
        #expect(ProviderRoute.rule(for: id, configured: configured, hasProject: project, presets: .builtIn) == expected)
    }

    /// The hint of an existing account names a provider as usable exactly when the rule runs it.
    @Test(arguments: ["github.com", "apple.com", "password", "github", "saml.acme", "oidc.corp"])
    func theHintAgreesWithTheRule(id: String) {
        for project in [false, true] {
            let rule = ProviderRoute.rule(for: id, configured: false, hasProject: project, presets: .builtIn)
            let way = SignInRoute.routes(for: [id], configured: [], presets: .builtIn, hasProject: project).first?.way
            #expect((way == .signIn) == rule.signsIn, "\(id), project: \(project)")
        }
    }

    /// Reauthentication asks for a fresh login; the other purposes leave the provider's default.
    @Test func onlyReauthenticationAsksForALogin() {
        #expect(SignIn.prompt(for: .reauthenticate) == "login")
        #expect(SignIn.prompt(for: .signIn) == nil)
        #expect(SignIn.prompt(for: .link) == nil)
    }
}

/// The paste of a sign-in, decided once in ``SignIn`` from what the door can do (Decisions/0038):
/// the terminal, the command's stdin that is no terminal, a presenter that reads, or none.
@Suite struct PastePolicyTests {
    typealias Ability = SignIn.PasteAbility

    @Test(arguments: [
        // --paste: from the start, wherever a paste can be read at all.
        (true, true, Ability.terminal, true, true, true), (true, true, .whenAsked, true, false, true), (true, false, .none, false, false, false),
        // A terminal: from the start when no browser opens here; after a failed one otherwise.
        (false, false, .terminal, true, true, true), (false, true, .terminal, false, true, true),
        // stdin that is no terminal: only when asked (or for a handler page's return).
        (false, false, .whenAsked, false, false, true), (false, true, .whenAsked, false, false, true),
        // A presenter that reads: from the start; one that cannot: never.
        (false, true, .fromStart, true, true, true), (false, false, .fromStart, true, true, true), (false, false, .none, false, false, false),
    ] as [(Bool, Bool, Ability, Bool, Bool, Bool)])
    func decide(asks: Bool, opensBrowser: Bool, ability: Ability, fromStart: Bool, afterFailure: Bool, canPaste: Bool) {
        let policy = SignIn.PastePolicy.decide(asksToPaste: asks, opensBrowser: opensBrowser, ability: ability)
        #expect(policy == SignIn.PastePolicy(pastesFromStart: fromStart, offersAfterBrowserFails: afterFailure, canPaste: canPaste))
    }
}

/// The name Apple hands apart from its ID token (``SignIn/Input/fullName``): kept with the
/// credential to be sent with it, and the profile's display name only where the token named nobody.
@Suite struct HandedNameTests {
    @Test(arguments: [
        (PersonName(givenName: "Ada", familyName: "Lovelace"), nil, "Ada Lovelace", true),
        (PersonName(givenName: "Ada", familyName: nil), nil, "Ada", true),
        (PersonName(givenName: "Ada", familyName: "Lovelace"), "A. Lovelace", "A. Lovelace", true),
        (PersonName(givenName: nil, familyName: nil), nil, nil, false),
        (nil, nil, nil, false),
    ] as [(PersonName?, String?, String?, Bool)])
    func nameOfTheSignIn(handed: PersonName?, tokenName: String?, displayName: String?, kept: Bool) {
        var credential = ProviderCredential(providerID: "apple.com", accessToken: nil, idToken: "h.p.s")
        var profile = FederatedProfile(providerID: "apple.com", subject: "001.apple", displayName: tokenName)
        SignIn.name(&credential, &profile, handed)
        #expect(profile.displayName == displayName)
        #expect(credential.fullName == (kept ? handed : nil))
    }
}
