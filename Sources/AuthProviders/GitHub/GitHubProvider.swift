import AuthJOSE
import AuthOAuth
import AuthPlatform

/// GitHub: OAuth 2.0 with fixed endpoints (github.com, or a GitHub Enterprise Server's
/// `--api-base`), and the person's identity read from the REST API, since GitHub issues no ID
/// token. The subject is GitHub's numeric user id (logins can be renamed; ids cannot).
package struct GitHubProvider: IdentityProviderKind {
    package static let kindName = "github"
    package static let usesIssuer = false
    /// `read:user` for the profile, `user:email` for `GET /user/emails`.
    package static let defaultScopes = ["read:user", "user:email"]

    package let configuration: ProviderConfiguration
    package let endpoints: GitHubEndpoints

    package init(configuration: ProviderConfiguration, endpoints: GitHubEndpoints) {
        self.configuration = configuration
        self.endpoints = endpoints
    }

    /// The endpoints at `configuration`'s API base (github.com without one).
    package static func endpoints(for configuration: ProviderConfiguration) throws(URLPolicyError) -> GitHubEndpoints {
        guard let apiBase = configuration.apiBase else { return .github }
        guard let url = URL(string: apiBase) else { throw .malformedURL(field: "api base", url: apiBase) }
        return try GitHubEndpoints(apiBase: url)
    }

    package static func validate(_ configuration: ProviderConfiguration) throws {
        guard configuration.issuer.isEmpty else { throw ProviderError.notApplicable(option: "an issuer", provider: configuration.id) }
        _ = try endpoints(for: configuration)
        guard configuration.clientSecret != nil else {
            throw ProviderError.missingClientSecret(source: "the configuration: GitHub's code exchange needs the client secret")
        }
    }

    package static func resolve(_ configuration: ProviderConfiguration, services: ProviderServices) async throws -> GitHubProvider {
        GitHubProvider(configuration: configuration, endpoints: try endpoints(for: configuration))
    }

    package var scopes: [String] { Self.defaultScopes + configuration.scopes }

    /// git: github.com, or the Enterprise Server's own host. Container registries: GitHub
    /// Packages (`ghcr.io`, and the older `docker.pkg.github.com`), or an Enterprise Server's
    /// `containers.HOST` (its registry with subdomain isolation).
    package static func credentialHosts(for configuration: ProviderConfiguration, tool: CredentialTool) -> [String] {
        guard let endpoints = try? endpoints(for: configuration) else { return [] }
        if endpoints == .github {
            return tool == .git ? ["github.com"] : ["ghcr.io", "docker.pkg.github.com"]
        }
        guard let host = endpoints.apiBase.host?.lowercased() else { return [] }
        let address = endpoints.apiBase.port.map { "\(host):\($0)" } ?? host
        return tool == .git ? [address] : ["containers." + address]
    }

    /// The code exchange sends `client_id` and `client_secret` in the body (what GitHub
    /// documents); the device flow, and an app without a secret, send `client_id` only.
    package func authorizationServer(services: ProviderServices) throws -> AuthorizationServer {
        AuthorizationServer(
            providerID: configuration.id, authorizationEndpoint: endpoints.authorizationEndpoint.absoluteString,
            tokenClient: tokenClient(configuration.clientSecret == nil ? .none : .clientSecretPost, services: services),
            deviceAuthorization: DeviceAuthorizationEndpoint(
                url: endpoints.deviceAuthorizationEndpoint, tokenClient: tokenClient(.none, services: services)
            ),
            sendsNonce: false
        )
    }

    /// The profile from `GET /user` and `/user/emails`; an ID token alone proves nothing here.
    package func identity(of tokens: GrantedTokens, services: ProviderServices) async throws -> ProvenIdentity {
        guard let accessToken = tokens.accessToken else {
            throw ProviderError.notApplicable(option: "an ID token", provider: configuration.id)
        }
        let client = GitHubProfileClient(endpoints: endpoints, providerID: configuration.id, transport: services.transport)
        return ProvenIdentity(profile: try await client.fetchProfile(accessToken: accessToken))
    }

    /// GitHub's refresh answers carry no ID token: nothing more to check.
    package func checkRefreshed(_ response: TokenResponse, subject: String?, services: ProviderServices) async throws -> IDTokenFlag? { nil }

    package func revocation(services: ProviderServices) async -> any TokenRevocation {
        GitHubTokenDeletion(
            endpoints: endpoints, clientID: configuration.clientID, clientSecret: configuration.clientSecret, transport: services.transport
        )
    }

    package func idTokenValidator(services: ProviderServices) throws -> IDTokenValidator {
        throw ProviderError.notApplicable(option: "an ID token", provider: configuration.id)
    }

    private func tokenClient(_ authentication: ClientAuthentication, services: ProviderServices) -> TokenClient {
        TokenClient(
            tokenEndpoint: endpoints.tokenEndpoint, clientID: configuration.clientID, clientSecret: configuration.clientSecret,
            authentication: authentication, transport: services.transport
        )
    }
}
