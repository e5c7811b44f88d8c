import AuthCore
import AuthOAuth
import AuthPlatform
import Testing

@testable import AuthCLI

/// The command line words each ``Remedy`` as the `authctl` command or option that does it, after
/// the error's message, and gives `--json` readers the remedy as a kind and its arguments.
@Suite struct RemedyWordingTests {
    /// Every remedy, its words, and its `--json` object.
    static let table: [(Remedy, String, JSONValue)] = [
        (.signIn(providerID: "oidc.corp"), "run 'authctl signin --provider oidc.corp'",
         ["kind": "sign-in", "providerId": "oidc.corp"]),
        (.signIn(providerID: nil), "run 'authctl signin --provider <id>'", ["kind": "sign-in"]),
        (.signIn(providerID: "password"), "run 'authctl signin --provider password --email EMAIL'",
         ["kind": "sign-in", "providerId": "password"]),
        (.signInWithOneOf(providerIDs: ["oidc.corp"]), "run 'authctl signin --provider oidc.corp'",
         ["kind": "sign-in", "providerIds": ["oidc.corp"]]),
        (.signInWithOneOf(providerIDs: ["oidc.corp", "password"]),
         "run 'authctl signin --provider ID' with one of the providers configured here: oidc.corp, password",
         ["kind": "sign-in", "providerIds": ["oidc.corp", "password"]]),
        (.signInWithOneOf(providerIDs: []),
         "no provider is configured yet: add one with 'authctl providers add <id> --client-id ID' "
            + "('authctl providers add --help' lists the built-in ones), then run 'authctl signin --provider <id>'",
         ["kind": "sign-in", "providerIds": []]),
        (.signInAgain(providerID: "oidc.corp"), "sign in again with 'authctl signin --provider oidc.corp'",
         ["kind": "sign-in-again", "providerId": "oidc.corp"]),
        (.signInAgain(providerID: nil), "sign in again", ["kind": "sign-in-again"]),
        (.reauthenticate(providerID: "password"), "run 'authctl reauth --provider password' first",
         ["kind": "reauthenticate", "providerId": "password"]),
        (.reauthenticate(providerID: nil), "run 'authctl reauth' first", ["kind": "reauthenticate"]),
        (.addProvider(providerID: "oidc.corp", needsIssuer: true, needsClientSecret: false),
         "add it with 'authctl providers add oidc.corp --issuer URL --client-id ID'",
         ["kind": "add-provider", "providerId": "oidc.corp", "needsIssuer": true, "needsClientSecret": false]),
        (.addProvider(providerID: "google.com", needsIssuer: false, needsClientSecret: true),
         "add it with 'authctl providers add google.com --client-id ID --client-secret-stdin'",
         ["kind": "add-provider", "providerId": "google.com", "needsIssuer": false, "needsClientSecret": true]),
        (.removeProvider(providerID: "oidc.a"), "remove it first with 'authctl providers remove oidc.a'",
         ["kind": "remove-provider", "providerId": "oidc.a"]),
        (.giveClientSecret(providerID: "google.com"), "pass it with --client-secret-stdin or --client-secret-env NAME",
         ["kind": "give-client-secret", "providerId": "google.com"]),
        (.configureProject(.project), "run 'authctl firebase use --api-key KEY --project-id ID'",
         ["kind": "configure-project", "setting": "project"]),
        (.configureProject(.authDomain), "run 'authctl firebase use --auth-domain DOMAIN'",
         ["kind": "configure-project", "setting": "authDomain"]),
        (.configureProject(.tenantID), "run 'authctl firebase use ... --tenant-id ID'",
         ["kind": "configure-project", "setting": "tenantID"]),
        (.configureProject(.appRestriction),
         "run 'authctl firebase use ... --ios-bundle-id ID', '--android-package NAME --android-cert SHA1' or '--referrer URL'",
         ["kind": "configure-project", "setting": "appRestriction"]),
        (.linkPendingCredential(after: .signIn(providerID: "github.com"), minutes: 15),
         "to add this provider to it, run 'authctl signin --provider github.com' and then 'authctl link --pending' within 15 minutes",
         ["kind": "link-pending-credential", "minutes": 15, "after": ["kind": "sign-in", "providerId": "github.com"]]),
        (.linkPendingCredential(after: .addProvider(providerID: "yahoo.com", needsIssuer: false, needsClientSecret: false), minutes: 15),
         "add yahoo.com with 'authctl providers add yahoo.com --client-id ID', run 'authctl signin --provider yahoo.com', "
            + "and then 'authctl link --pending' within 15 minutes",
         ["kind": "link-pending-credential", "minutes": 15,
          "after": ["kind": "add-provider", "providerId": "yahoo.com", "needsIssuer": false, "needsClientSecret": false]]),
        (.linkPendingCredential(after: .configureProject(.project), minutes: 15),
         "configure one with 'authctl firebase use --api-key KEY --project-id ID', sign in with one of them, and then "
            + "'authctl link --pending' within 15 minutes",
         ["kind": "link-pending-credential", "minutes": 15, "after": ["kind": "configure-project", "setting": "project"]]),
        (.linkPendingCredential(after: nil, minutes: 15),
         "to add this provider to it, sign in with one of those and then 'authctl link --pending' within 15 minutes",
         ["kind": "link-pending-credential", "minutes": 15]),
        (.link(providerID: "oidc.corp"), "run 'authctl link --provider oidc.corp' to link it through the browser",
         ["kind": "link", "providerId": "oidc.corp"]),
        (.link(providerID: nil), "to add a provider now, run 'authctl link --provider <id>'", ["kind": "link"]),
        (.deleteAccount, "use 'authctl account delete' to delete the account instead", ["kind": "delete-account"]),
        (.chooseUser, "see 'authctl users'", ["kind": "choose-user"]),
        (.unlockKeyringOrKeepSecretsInFiles,
         "start or unlock the keyring (log in to the desktop, or gnome-keyring-daemon --unlock), or keep secrets in the "
            + "files with: authctl config set storage file",
         ["kind": "unlock-keyring-or-keep-secrets-in-files"]),
        (.unlockKeyring,
         "unlock the keyring (log in to the desktop, or in this session run gnome-keyring-daemon --replace --unlock, "
            + "type its password and Ctrl-D), then run the command again",
         ["kind": "unlock-keyring"]),
        (.replaceClientCredentials(providerID: "oidc.corp"),
         "the client id or secret configured for the provider is wrong: add it again with the right ones, "
            + "'authctl providers remove oidc.corp' then 'authctl providers add oidc.corp --client-id ID --client-secret-stdin'",
         ["kind": "replace-client-credentials", "providerId": "oidc.corp"]),
        (.checkIssuer("https://id.example"),
         "check --issuer https://id.example: it is the URL before /.well-known/openid-configuration, as the provider "
            + "documents it; or add the provider with --no-check to store it without asking",
         ["kind": "check-issuer", "issuer": "https://id.example"]),
        (.chooseHome, "or choose another home with --home (or AUTHCTL_HOME)", ["kind": "choose-home"]),
        (.signInAnotherWay([.ciIdentity, .idToken]), "sign in with --ci, or with --id-token-stdin",
         ["kind": "sign-in-another-way", "ways": ["ciIdentity", "idToken"]]),
        (.signInAnotherWay([.browser, .paste]), "sign in with the browser, or with --no-browser --paste",
         ["kind": "sign-in-another-way", "ways": ["browser", "paste"]]),
        (.signInAnotherWay([.deviceCode]), "sign in with --device", ["kind": "sign-in-another-way", "ways": ["deviceCode"]]),
        (.signInAnotherWay([.listener]), "sign in without --paste or --no-browser, so the answer comes to this machine's listener",
         ["kind": "sign-in-another-way", "ways": ["listener"]]),
        (.askForIDToken, "use --id-token", ["kind": "ask-for-id-token"]),
        (.giveSecondFactorCode(enrollAuthenticatorFirst: false),
         "sign in again with --totp CODE (the code from your authenticator app), or at a terminal to be asked for it",
         ["kind": "give-second-factor-code", "enrollAuthenticatorFirst": false]),
        (.giveSecondFactorCode(enrollAuthenticatorFirst: true), "enrol an authenticator app (TOTP) in your app, then sign in with --totp CODE",
         ["kind": "give-second-factor-code", "enrollAuthenticatorFirst": true]),
        (.chooseRedirectPorts,
         "give --redirect-port more ports that the provider accepts, such as 8000,18000 (the first free one is used), "
            + "or leave it out and authctl picks a free one",
         ["kind": "choose-redirect-ports"]),
        (.registerRedirectURI("http://127.0.0.1/callback"),
         "register http://127.0.0.1/callback with the client (for a provider that wants the exact port, register one and "
            + "pass --redirect-port), then run the command again",
         ["kind": "register-redirect-uri", "redirectUri": "http://127.0.0.1/callback"]),
        (.tryAgain, "run the command again to retry", ["kind": "try-again"]),
        (.requestNewLink(.verifyEmail),
         "have the email verified: 'authctl account send-verification', then 'authctl account apply-code LINK' with the newest link",
         ["kind": "request-new-link", "purpose": "verifyEmail"]),
        (.upgradeToIdentityPlatform(providerID: "saml.acme"),
         "upgrade the project to Firebase Authentication with Identity Platform (console: Authentication > Settings), then add the "
            + "provider under Authentication > Sign-in method > Add new provider > SAML with the provider ID saml.acme",
         ["kind": "upgrade-to-identity-platform", "providerId": "saml.acme"]),
    ]

    @Test(arguments: table)
    func words(remedy: Remedy, text: String, json: JSONValue) {
        #expect(RemedyWording.text(remedy) == text)
        #expect(RemedyWording.json(remedy) == json)
    }

    /// The table has a row for every kind of remedy, so a new one cannot go unworded.
    @Test func everyKindHasARow() {
        let kinds = Set(Self.table.map(\.0.kind))
        #expect(kinds.count == 24, "\(kinds.sorted())")
    }

    @Test(arguments: [
        // A clause after a semicolon...
        ("not signed in", Remedy?.some(.signIn(providerID: nil)), "not signed in; run 'authctl signin --provider <id>'"),
        // ...a sentence after a full stop...
        ("It was left untouched.", .chooseHome, "It was left untouched. Or choose another home with --home (or AUTHCTL_HOME)."),
        // ...and nothing without a remedy.
        ("sign-in cancelled", nil, "sign-in cancelled"),
    ])
    func joinsTheRemedyToTheMessage(message: String, remedy: Remedy?, joined: String) {
        #expect(RemedyWording.message(message, remedy: remedy) == joined)
    }

    /// The funnel: the worded remedy in the text and in `--json`'s message, the remedy's object
    /// beside it, and the first step of an account-exists remedy as `next`.
    @Test func funnelWordsTheRemedyInBothShapes() throws {
        let error = AccountError.sessionExpired(providerID: "oidc.corp")
        let text = ErrorFunnel.report(for: error, json: false)
        #expect(text.standardError == "error: the oidc.corp session has expired (the provider refused the refresh token); "
            + "sign in again with 'authctl signin --provider oidc.corp'\n")
        let json = try JSONValue.parse(ErrorFunnel.report(for: error, json: true).standardError)
        #expect(json["error"]?["message"] == .string(String(text.standardError.dropFirst("error: ".count).dropLast())))
        #expect(json["error"]?["remedy"] == ["kind": "sign-in-again", "providerId": "oidc.corp"])

        let exists = AccountError.accountExistsWithDifferentCredential(
            email: "a@example.com", providers: ["yahoo.com"],
            routes: [SignInRoute(providerID: "yahoo.com", way: .addProvider(needsIssuer: false, needsClientSecret: false))])
        let refused = try JSONValue.parse(ErrorFunnel.report(for: exists, json: true).standardError)
        #expect(refused["error"]?["next"] == "authctl providers add yahoo.com --client-id ID")
        #expect(refused["error"]?["message"]?.stringValue?.contains(
            "none of them is set up on this machine; add yahoo.com with 'authctl providers add yahoo.com --client-id ID'") == true)

        let plain = try JSONValue.parse(ErrorFunnel.report(for: OAuthError.stateMismatch, json: true).standardError)
        #expect(plain["error"]?["remedy"] == nil)
    }
}
