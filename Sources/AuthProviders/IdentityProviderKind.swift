import AuthJOSE
import AuthOAuth
import AuthPlatform

/// What differs between kinds of identity provider, so that nothing else branches on the kind:
/// where the endpoints come from, how the client authenticates, which scopes it asks for, how the
/// person's identity is proven, how tokens are revoked, and what a refresh must re-check.
///
/// A conforming type is both the kind (its static members) and, as a value, one provider of that
/// kind looked up for one command (``resolve(_:services:)``). ``OpenIDProvider`` (discovery, ID
/// token and userinfo) and ``GitHubProvider`` (fixed endpoints, the REST API) are the two kinds;
/// built-in providers are ``ProviderPreset`` entries of one of them.
package protocol IdentityProviderKind: Sendable {
    /// The kind's name in `providers show` and `--json` (`oidc`, `github`).
    static var kindName: String { get }
    /// Whether `providers add` needs an issuer (OpenID) or takes none (GitHub).
    static var usesIssuer: Bool { get }

    /// Checks what only this kind cares about (the issuer, the API base, the secret) before a
    /// configuration is stored.
    static func validate(_ configuration: ProviderConfiguration) throws

    /// Looks the provider up for one sign-in, refresh or revocation: discovery (cached) for
    /// OpenID, the fixed layout for GitHub.
    static func resolve(_ configuration: ProviderConfiguration, services: ProviderServices) async throws -> Self

    /// ``resolve(_:services:)`` with what the provider's preset says (nil for `oidc.<name>`):
    /// its tenancy, the parameters its ID tokens echo. The registry calls this one.
    static func resolve(_ configuration: ProviderConfiguration, preset: ProviderPreset?, services: ProviderServices) async throws -> Self

    var configuration: ProviderConfiguration { get }

    /// The scopes every sign-in asks for: the kind's own, then the configured ones.
    var scopes: [String] { get }

    /// The authorization server the grants talk to: endpoints, client authentication, rules.
    func authorizationServer(services: ProviderServices) throws -> AuthorizationServer

    /// Proves who signed in from the tokens a grant returned, or throws why not.
    func identity(of tokens: GrantedTokens, services: ProviderServices) async throws -> ProvenIdentity

    /// Checks a refresh's answer, which is journaled already and is stored whatever this says
    /// (Docs/Decisions/0031): a new ID token must pass the same checks as the first, for the same
    /// subject (OpenID Connect Core §12.2). Nil: nothing to say. An ``IDTokenFlag`` says what was
    /// wrong: `inconsistent` (its at_hash, a MAY on the back channel: the answer is kept whole) or
    /// `refused` (a hard check: only the answer's refresh token is kept). Throws only when the
    /// checks could not be made (the provider's keys out of reach); the answer then stays journaled.
    func checkRefreshed(_ response: TokenResponse, subject: String?, services: ProviderServices) async throws -> IDTokenFlag?

    /// How this provider revokes tokens (`signout --revoke`).
    func revocation(services: ProviderServices) async -> any TokenRevocation

    /// The validator for ID tokens this provider issues (`verify`); throws where it issues none.
    func idTokenValidator(services: ProviderServices) throws -> IDTokenValidator

    /// The hosts (`host` or `host:port`, lowercased) whose `tool` servers take this provider's
    /// access tokens as a password (the credential helpers); a default gives none.
    static func credentialHosts(for configuration: ProviderConfiguration, tool: CredentialTool) -> [String]
}

/// The identity a provider proved.
package struct ProvenIdentity: Sendable {
    package var profile: FederatedProfile
    /// The verified ID token, when the identity rests on one.
    package var idToken: ValidatedIDToken?

    package init(profile: FederatedProfile, idToken: ValidatedIDToken? = nil) {
        self.profile = profile
        self.idToken = idToken
    }

    /// What to keep with the session about its ID token: an inconsistent one (a warning of the
    /// validator) is flagged; nil for one that passed everything.
    package func idTokenFlag(receivedAt: Date) -> IDTokenFlag? {
        idToken?.warnings.first.map { IDTokenFlag(verdict: .inconsistent, reason: $0.message, receivedAt: receivedAt) }
    }
}

/// The effects a provider needs to be looked up and to prove an identity.
package struct ProviderServices: Sendable {
    package var transport: any HTTPTransport
    package var clock: Clock
    /// Where discovery and JWK set documents are cached.
    package var cacheDirectory: String
    /// `--verbose` diagnostics (stderr); never given a secret.
    package var log: @Sendable (String) -> Void
    /// Holds Ctrl-C and SIGTERM while a refresh is in flight (Decisions/0014).
    package var interrupts: any InterruptShield
    /// Runs between a refresh's answer being journaled and being checked and stored: nothing
    /// in use; the end-to-end tests pause there to kill the process (`AUTHCTL_TEST_HOLD_REFRESH`).
    package var afterRefreshAnswer: @Sendable () async -> Void
    /// The command's environment, read only on the refresh path: where a CI job's new ID token
    /// comes from (`signin --ci`). Holding it reads nothing.
    package var environment: EnvironmentVariables

    package init(
        transport: any HTTPTransport, clock: Clock, cacheDirectory: String, log: @escaping @Sendable (String) -> Void = { _ in },
        interrupts: any InterruptShield = NoInterruptShield(), afterRefreshAnswer: @escaping @Sendable () async -> Void = {},
        environment: EnvironmentVariables = [:]
    ) {
        self.transport = transport
        self.clock = clock
        self.cacheDirectory = cacheDirectory
        self.log = log
        self.interrupts = interrupts
        self.afterRefreshAnswer = afterRefreshAnswer
        self.environment = environment
    }
}

/// A tool whose servers take a provider's access token as a password: what the credential
/// helpers (`git-credential`, `docker-credential`) answer for.
package enum CredentialTool: String, Sendable, CaseIterable {
    case git
    case docker
}

extension IdentityProviderKind {
    /// A kind that reads nothing from its preset resolves as without one.
    package static func resolve(_ configuration: ProviderConfiguration, preset: ProviderPreset?, services: ProviderServices) async throws -> Self {
        try await resolve(configuration, services: services)
    }

    /// None: a kind knows of no such hosts unless it says so.
    package static func credentialHosts(for configuration: ProviderConfiguration, tool: CredentialTool) -> [String] { [] }
}
