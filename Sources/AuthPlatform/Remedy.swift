/// What a person (or a program) can do about an error, as a value: the layers below the front
/// doors name the remedy, and each front door words it in its own vocabulary (the command line
/// as `authctl …` commands and options, the library as its API). A message describes only the
/// problem; no text below the front doors names a command or an option (Decisions/0032).
///
/// Public only because ``AuthCoreError`` is; the library product does not export it.
package enum Remedy: Sendable, Equatable {
    /// Sign in with the provider (nil: one of the person's choosing).
    case signIn(providerID: String?)
    /// Sign in with one of the providers configured here (`providerIDs`, in order; none: add one
    /// first): ``signIn(providerID:)`` with nil, made concrete by a door that can read the home.
    case signInWithOneOf(providerIDs: [String])
    /// The provider's session is gone (refused, expired, ended): sign in with it again.
    case signInAgain(providerID: String?)
    /// An operation needs a recent sign-in: reauthenticate with the provider (nil: any of the user's).
    case reauthenticate(providerID: String?)
    /// The provider is not configured on this machine: add it, with what its kind needs.
    case addProvider(providerID: String, needsIssuer: Bool, needsClientSecret: Bool)
    /// The token endpoint refused the client (`invalid_client`): its id or secret is wrong; add the
    /// provider again with the right ones (nil: the provider is not known where it was refused).
    case replaceClientCredentials(providerID: String?)
    /// No provider answered discovery at this issuer: check the issuer URL, or add the provider
    /// without the check (offline).
    case checkIssuer(String)
    /// The provider is configured already: remove it before adding it again.
    case removeProvider(providerID: String)
    /// The provider needs its client secret: give it (never on the command line itself).
    case giveClientSecret(providerID: String)
    /// Configure a Firebase project, or a setting of the configured one.
    case configureProject(ProjectSetting)
    /// Link the credential kept by an account-exists refusal (kept `minutes`), once `after` is
    /// done (nil: once signed in with one of the account's providers).
    indirect case linkPendingCredential(after: Remedy?, minutes: Int)
    /// Link the provider by signing in with it (nil: a provider of the person's choosing).
    case link(providerID: String?)
    /// The last provider cannot be unlinked: delete the account instead.
    case deleteAccount
    /// Pick one of the users this home keeps.
    case chooseUser
    /// The system keyring did not answer: start or unlock it, or keep secrets in the files.
    case unlockKeyringOrKeepSecretsInFiles
    /// The keyring is there but locked, and holds secrets already: unlock it, then try again
    /// (keeping secrets in the files would need them read first).
    case unlockKeyring
    /// The home directory cannot be used: use another one.
    case chooseHome
    /// Sign in another way, one of `ways`, in the order given.
    case signInAnotherWay([SignInWay])
    /// The session has no access token, only an ID token: ask for that.
    case askForIDToken
    /// The account has a second factor: sign in again with its current code (after enrolling
    /// an authenticator app, when the enrolled factors need a browser).
    case giveSecondFactorCode(enrollAuthenticatorFirst: Bool)
    /// Every redirect port is taken: offer the listener more ports the provider accepts.
    case chooseRedirectPorts
    /// Nothing reached the listener: register this redirect URI with the client, then try again.
    case registerRedirectURI(String)
    /// Nothing is wrong with the setup: the same call may succeed now.
    case tryAgain
    /// Have the project email a new link and use it: an emailed link was refused (used, wrong,
    /// expired), or, for ``LinkPurpose/verifyEmail``, the account's email must be verified first.
    case requestNewLink(LinkPurpose)
    /// An OpenID Connect or SAML provider the project lacks: such providers are Identity Platform's,
    /// so upgrade the project to it and add the provider there, with this id.
    case upgradeToIdentityPlatform(providerID: String)

    /// What an emailed link is for.
    package enum LinkPurpose: String, Sendable, Equatable, CaseIterable {
        case signIn, verifyEmail, resetPassword
    }

    /// A setting of the Firebase project.
    package enum ProjectSetting: String, Sendable, Equatable, CaseIterable {
        /// The project itself: its API key and project id.
        case project
        /// The domain provider flows return to.
        case authDomain
        /// The Identity Platform tenant.
        case tenantID
        /// The app or referrer the API key is restricted to.
        case appRestriction
    }

    /// A way to sign in that needs no browser on this machine, or no paste.
    package enum SignInWay: String, Sendable, Equatable, CaseIterable {
        /// The browser on this machine, its answer to the loopback listener.
        case browser
        /// The URL opened elsewhere, the redirect pasted back.
        case paste
        /// The provider's own listener here, never a paste: `browser` without a paste fallback.
        case listener
        /// A code entered on another device (RFC 8628).
        case deviceCode
        /// The identity of the CI job this runs in.
        case ciIdentity
        /// An ID token given by the caller.
        case idToken
    }

    /// The remedy's kind, stable, for machine consumers (`--json`'s `remedy.kind`).
    /// The Firebase console's steps of ``upgradeToIdentityPlatform(providerID:)``: the same in
    /// both doors, since no command or API call does them.
    package static func identityPlatformSteps(_ providerID: String) -> String {
        let kind = providerID.hasPrefix("saml.") ? "SAML" : "OpenID Connect"
        return "upgrade the project to Firebase Authentication with Identity Platform (console: Authentication > Settings), "
            + "then add the provider under Authentication > Sign-in method > Add new provider > \(kind) with the provider ID \(providerID)"
    }

    package var kind: String {
        switch self {
        case .signIn, .signInWithOneOf: "sign-in"
        case .signInAgain: "sign-in-again"
        case .reauthenticate: "reauthenticate"
        case .addProvider: "add-provider"
        case .removeProvider: "remove-provider"
        case .checkIssuer: "check-issuer"
        case .replaceClientCredentials: "replace-client-credentials"
        case .giveClientSecret: "give-client-secret"
        case .configureProject: "configure-project"
        case .linkPendingCredential: "link-pending-credential"
        case .link: "link"
        case .deleteAccount: "delete-account"
        case .chooseUser: "choose-user"
        case .unlockKeyringOrKeepSecretsInFiles: "unlock-keyring-or-keep-secrets-in-files"
        case .unlockKeyring: "unlock-keyring"
        case .chooseHome: "choose-home"
        case .signInAnotherWay: "sign-in-another-way"
        case .askForIDToken: "ask-for-id-token"
        case .giveSecondFactorCode: "give-second-factor-code"
        case .chooseRedirectPorts: "choose-redirect-ports"
        case .registerRedirectURI: "register-redirect-uri"
        case .tryAgain: "try-again"
        case .requestNewLink: "request-new-link"
        case .upgradeToIdentityPlatform: "upgrade-to-identity-platform"
        }
    }
}
