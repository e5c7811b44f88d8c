import AuthApp
import AuthPlatform

/// A ``Remedy`` in the command line's words: the `authctl …` command or option that does it.
/// The layers below name the remedy; only this file (and the library's `AuthError`) words it.
enum RemedyWording {
    /// `message` with the remedy's sentence after it: a message that ends a sentence gets a new
    /// one, any other gets a clause after a semicolon.
    static func message(_ message: String, remedy: Remedy?) -> String {
        guard let remedy else { return message }
        let text = Self.text(remedy)
        if message.hasSuffix(".") { return message + " " + text.prefix(1).uppercased() + text.dropFirst() + "." }
        return message + "; " + text
    }

    /// What to do, as a clause that starts in lower case and has no final full stop.
    static func text(_ remedy: Remedy) -> String {
        switch remedy {
        case .signIn(let provider):
            return "run '\(signInCommand(provider))'"
        case .signInWithOneOf(let providers):
            return signInWithOneOf(providers)
        case .signInAgain(let provider):
            return provider.map { "sign in again with '\(signInCommand($0))'" } ?? "sign in again"
        case .reauthenticate(let provider):
            return "run 'authctl reauth" + (provider.map { " --provider \($0)" } ?? "") + "' first"
        case .addProvider(let provider, let issuer, let secret):
            return "add it with '\(addCommand(provider, needsIssuer: issuer, needsClientSecret: secret))'"
        case .removeProvider(let provider):
            return "remove it first with 'authctl providers remove \(provider)'"
        case .checkIssuer(let issuer):
            return checkIssuer(issuer)
        case .replaceClientCredentials(let provider):
            return replaceClientCredentials(provider)
        case .giveClientSecret:
            return "pass it with --client-secret-stdin or --client-secret-env NAME"
        case .configureProject(let setting):
            return "run " + projectCommand(setting)
        case .linkPendingCredential(let first, let minutes):
            return linkPending(after: first, minutes: minutes)
        case .link(let provider):
            return provider.map { "run 'authctl link --provider \($0)' to link it through the browser" }
                ?? "to add a provider now, run 'authctl link --provider <id>'"
        case .deleteAccount:
            return "use 'authctl account delete' to delete the account instead"
        case .chooseUser:
            return "see 'authctl users'"
        case .unlockKeyringOrKeepSecretsInFiles, .unlockKeyring:
            return keyring(remedy)
        case .chooseHome:
            return "or choose another home with --home (or AUTHCTL_HOME)"
        case .signInAnotherWay(let ways) where ways == [.listener]:
            return "sign in without --paste or --no-browser, so the answer comes to this machine's listener"
        case .signInAnotherWay(let ways):
            return "sign in with " + ways.map(wayText).joined(separator: ", or with ")
        case .askForIDToken:
            return "use --id-token"
        case .giveSecondFactorCode(enrollAuthenticatorFirst: false):
            return "sign in again with --totp CODE (the code from your authenticator app), or at a terminal to be asked for it"
        case .giveSecondFactorCode(enrollAuthenticatorFirst: true):
            return "enrol an authenticator app (TOTP) in your app, then sign in with --totp CODE"
        case .chooseRedirectPorts:
            return "give --redirect-port more ports that the provider accepts, such as 8000,18000 (the first free one "
                + "is used), or leave it out and authctl picks a free one"
        case .registerRedirectURI(let uri):
            return "register \(uri) with the client (for a provider that wants the exact port, register one and pass "
                + "--redirect-port), then run the command again"
        case .tryAgain:
            return "run the command again to retry"
        case .requestNewLink(let purpose):
            return newLink(purpose)
        case .upgradeToIdentityPlatform(let provider):
            return Remedy.identityPlatformSteps(provider)
        }
    }

    /// Sign in with one of `providers`, the ones configured here (none: add one first).
    static func signInWithOneOf(_ providers: [String]) -> String {
        switch providers.count {
        case 0:
            "no provider is configured yet: add one with 'authctl providers add <id> --client-id ID' "
                + "('authctl providers add --help' lists the built-in ones), then run 'authctl signin --provider <id>'"
        case 1: "run '\(signInCommand(providers[0]))'"
        default: "run 'authctl signin --provider ID' with one of the providers configured here: " + providers.joined(separator: ", ")
        }
    }

    /// No provider answered at `issuer`: check it, or skip the check.
    static func checkIssuer(_ issuer: String) -> String {
        "check --issuer \(issuer): it is the URL before /.well-known/openid-configuration, as the provider "
            + "documents it; or add the provider with --no-check to store it without asking"
    }

    /// The token endpoint refused the client: add the provider again with the right id and secret.
    static func replaceClientCredentials(_ provider: String?) -> String {
        let id = provider ?? "<id>"
        return "the client id or secret configured for the provider is wrong: add it again with the right ones, "
            + "'authctl providers remove \(id)' then 'authctl providers add \(id) --client-id ID --client-secret-stdin'"
    }

    /// A keyring that did not answer, or answered locked.
    static func keyring(_ remedy: Remedy) -> String {
        remedy == .unlockKeyring
            ? "unlock the keyring (log in to the desktop, or in this session run gnome-keyring-daemon --replace --unlock, "
                + "type its password and Ctrl-D), then run the command again"
            : "start or unlock the keyring (log in to the desktop, or gnome-keyring-daemon --unlock), "
                + "or keep secrets in the files with: authctl config set storage file"
    }

    /// How to have a new link sent, and use it.
    static func newLink(_ purpose: Remedy.LinkPurpose) -> String {
        switch purpose {
        case .signIn: "ask for a new link with 'authctl signin --email-link EMAIL' and use the newest one"
        case .verifyEmail: "have the email verified: 'authctl account send-verification', then 'authctl account apply-code LINK' with the newest link"
        case .resetPassword: "ask for a new link with 'authctl account send-password-reset EMAIL' and apply the newest one"
        }
    }

    /// The steps before `authctl link --pending`: sign in, else add the provider first, else
    /// configure a project.
    static func linkPending(after first: Remedy?, minutes: Int) -> String {
        let link = "'authctl link --pending' within \(minutes) minutes"
        switch first {
        case .signIn(let provider?)?:
            return "to add this provider to it, run 'authctl signin --provider \(provider)' and then \(link)"
        case .addProvider(let provider, let issuer, let secret)?:
            return "add \(provider) with '\(addCommand(provider, needsIssuer: issuer, needsClientSecret: secret))', "
                + "run 'authctl signin --provider \(provider)', and then \(link)"
        case .configureProject(let setting)?:
            return "configure one with \(projectCommand(setting)), sign in with one of them, and then \(link)"
        default:
            return "to add this provider to it, sign in with one of those and then \(link)"
        }
    }

    /// The command a program would run next, where the remedy is one command (`--json`'s `next`
    /// of an account-exists error names the first step before linking).
    static func nextCommand(_ remedy: Remedy) -> String? {
        switch remedy {
        case .linkPendingCredential(let first?, _): nextCommand(first)
        case .signIn(let provider?): "authctl signin --provider \(provider)"
        case .addProvider(let provider, let issuer, let secret): addCommand(provider, needsIssuer: issuer, needsClientSecret: secret)
        case .configureProject(.project): "authctl firebase use --api-key KEY --project-id ID"
        default: nil
        }
    }

    /// The remedy for machines: its kind and its arguments, never prose.
    static func json(_ remedy: Remedy) -> JSONValue {
        var fields: [String: JSONValue] = ["kind": .string(remedy.kind)]
        switch remedy {
        case .signIn(let provider), .signInAgain(let provider), .reauthenticate(let provider), .link(let provider):
            if let provider { fields["providerId"] = .string(provider) }
        case .signInWithOneOf(let providers):
            fields["providerIds"] = .array(providers.map { .string($0) })
        case .addProvider(let provider, let issuer, let secret):
            fields["providerId"] = .string(provider)
            fields["needsIssuer"] = .bool(issuer)
            fields["needsClientSecret"] = .bool(secret)
        case .removeProvider(let provider), .giveClientSecret(let provider):
            fields["providerId"] = .string(provider)
        case .checkIssuer(let issuer):
            fields["issuer"] = .string(issuer)
        case .replaceClientCredentials(let provider):
            if let provider { fields["providerId"] = .string(provider) }
        case .configureProject(let setting):
            fields["setting"] = .string(setting.rawValue)
        case .linkPendingCredential(let first, let minutes):
            fields["minutes"] = .number(Double(minutes))
            if let first { fields["after"] = json(first) }
        case .signInAnotherWay(let ways):
            fields["ways"] = .array(ways.map { .string($0.rawValue) })
        case .giveSecondFactorCode(let enroll):
            fields["enrollAuthenticatorFirst"] = .bool(enroll)
        case .registerRedirectURI(let uri):
            fields["redirectUri"] = .string(uri)
        case .deleteAccount, .chooseUser, .unlockKeyringOrKeepSecretsInFiles, .unlockKeyring, .chooseHome, .askForIDToken,
            .chooseRedirectPorts, .tryAgain:
            break
        case .requestNewLink(let purpose):
            fields["purpose"] = .string(purpose.rawValue)
        case .upgradeToIdentityPlatform(let provider):
            fields["providerId"] = .string(provider)
        }
        return .object(fields)
    }

    static func signInCommand(_ provider: String?) -> String {
        guard let provider else { return "authctl signin --provider <id>" }
        return "authctl signin --provider \(provider)" + (provider == SignInRoute.passwordProviderID ? " --email EMAIL" : "")
    }

    static func addCommand(_ provider: String, needsIssuer: Bool, needsClientSecret: Bool) -> String {
        "authctl providers add \(provider)" + (needsIssuer ? " --issuer URL" : "") + " --client-id ID"
            + (needsClientSecret ? " --client-secret-stdin" : "")
    }

    static func projectCommand(_ setting: Remedy.ProjectSetting) -> String {
        switch setting {
        case .project: "'authctl firebase use --api-key KEY --project-id ID'"
        case .authDomain: "'authctl firebase use --auth-domain DOMAIN'"
        case .tenantID: "'authctl firebase use ... --tenant-id ID'"
        case .appRestriction: "'authctl firebase use ... --ios-bundle-id ID', '--android-package NAME --android-cert SHA1' or '--referrer URL'"
        }
    }

    static func wayText(_ way: Remedy.SignInWay) -> String {
        switch way {
        case .browser: "the browser"
        case .paste: "--no-browser --paste"
        case .listener: "the browser and this machine's listener"
        case .deviceCode: "--device"
        case .ciIdentity: "--ci"
        case .idToken: "--id-token-stdin"
        }
    }
}
