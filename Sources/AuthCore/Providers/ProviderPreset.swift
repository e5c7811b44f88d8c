import Foundation

/// A built-in provider: what authctl knows about it without configuration, short of the client
/// id and secret, which the person registers with the provider.
public struct ProviderPreset: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// OpenID Connect: discovery, ID token, userinfo.
        case oidc
        /// GitHub: OAuth 2.0 plus the REST API for the profile (no ID token).
        case github
    }

    /// The provider id, as in the Firebase SDK: `github.com`, `yahoo.com`.
    public var id: String
    public var displayName: String
    public var kind: Kind
    /// The issuer, for ``Kind/oidc``: discovery must return exactly this string.
    public var issuer: String?
    /// The scopes a sign-in asks for.
    public var scopes: [String]
    /// The ID token algorithms this provider is known to use, for ``Kind/oidc``. Discovery still
    /// decides; a mismatch is worth a `--verbose` note, not a failure.
    public var expectedIDTokenAlgorithms: [String]
    /// The endpoints, for ``Kind/github``.
    public var github: GitHubEndpoints?
    /// How the client authenticates at the token endpoint when it has a secret, where discovery
    /// does not say (GitHub: `client_id` and `client_secret` in the body).
    public var tokenEndpointAuthentication: ClientAuthentication?

    public init(
        id: String, displayName: String, kind: Kind, issuer: String? = nil, scopes: [String],
        expectedIDTokenAlgorithms: [String] = [], github: GitHubEndpoints? = nil,
        tokenEndpointAuthentication: ClientAuthentication? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.kind = kind
        self.issuer = issuer
        self.scopes = scopes
        self.expectedIDTokenAlgorithms = expectedIDTokenAlgorithms
        self.github = github
        self.tokenEndpointAuthentication = tokenEndpointAuthentication
    }

    /// GitHub (github.com). For GitHub Enterprise Server use ``github(apiBase:)``.
    public static let github = ProviderPreset(
        id: GitHubEndpoints.providerID, displayName: "GitHub", kind: .github, scopes: GitHubEndpoints.defaultScopes,
        github: .github, tokenEndpointAuthentication: .clientSecretPost
    )

    /// Yahoo: OpenID Connect, ID tokens signed with ES256.
    public static let yahoo = ProviderPreset(
        id: "yahoo.com", displayName: "Yahoo", kind: .oidc, issuer: "https://api.login.yahoo.com",
        scopes: ["openid", "profile", "email"], expectedIDTokenAlgorithms: ["ES256"]
    )

    public static let all: [ProviderPreset] = [github, yahoo]

    /// The preset with `id`, if there is one.
    public static func named(_ id: String) -> ProviderPreset? {
        all.first { $0.id == id }
    }

    /// GitHub at `apiBase` (`--api-base`; nil for github.com).
    public static func github(apiBase: URL?) throws(ProviderError) -> ProviderPreset {
        var preset = github
        preset.github = try GitHubEndpoints(apiBase: apiBase)
        return preset
    }
}
