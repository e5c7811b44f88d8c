import AuthJOSE
import AuthOAuth
import AuthPlatform

/// An OpenID Connect provider: endpoints from discovery, the person's identity from a verified
/// ID token (OpenID Connect Core §3.1.3.7) merged with userinfo (§5.3).
package struct OpenIDProvider: IdentityProviderKind {
    package static let kindName = "oidc"
    package static let usesIssuer = true
    /// Scopes every OpenID sign-in asks for (OpenID Connect Core §5.4).
    package static let defaultScopes = ["openid", "profile", "email"]

    package let configuration: ProviderConfiguration
    package let metadata: ProviderMetadata
    /// The multi-tenant issuer rule when the configured tenant is a shared one (``Tenancy``).
    package let tenantIssuer: TenantIssuer?
    /// Claims the ID token must carry with these values: the preset's echoed `--param`s.
    package let echoedClaims: [String: String]

    package init(
        configuration: ProviderConfiguration, metadata: ProviderMetadata, tenantIssuer: TenantIssuer? = nil, echoedClaims: [String: String] = [:]
    ) {
        self.configuration = configuration
        self.metadata = metadata
        self.tenantIssuer = tenantIssuer
        self.echoedClaims = echoedClaims
    }

    package static func validate(_ configuration: ProviderConfiguration) throws {
        guard configuration.apiBase == nil else { throw ProviderError.notApplicable(option: "an API base URL", provider: configuration.id) }
        try URLPolicy.check(configuration.issuer, field: "issuer")
    }

    package static func resolve(_ configuration: ProviderConfiguration, services: ProviderServices) async throws -> OpenIDProvider {
        try await resolve(configuration, preset: nil, services: services)
    }

    /// Discovery at the configured issuer. Through a shared tenant (``Tenancy``) the document names
    /// the `{tenantid}` template (or the one tenant it is pinned to), and ID tokens are checked
    /// against their `tid`; otherwise it must name the configured issuer exactly.
    package static func resolve(
        _ configuration: ProviderConfiguration, preset: ProviderPreset?, services: ProviderServices
    ) async throws -> OpenIDProvider {
        let tenantIssuer = try configuration.tenant.flatMap { tenant in
            try preset?.tenancy?.tenantIssuer(issuer: configuration.issuer, tenant: tenant)
        }
        let discovery = Discovery(transport: services.transport, clock: services.clock, cacheDirectory: services.cacheDirectory)
        let metadata = try await discovery.metadata(
            forIssuer: configuration.issuer, accepting: tenantIssuer.map(Tenancy.discoveredIssuers) ?? [configuration.issuer])
        let echoed = (preset?.echoedParameters ?? []).compactMap { name in configuration.customParameters[name].map { (name, $0) } }
        return OpenIDProvider(
            configuration: configuration, metadata: metadata, tenantIssuer: tenantIssuer,
            echoedClaims: Dictionary(echoed, uniquingKeysWith: { first, _ in first }))
    }

    package var scopes: [String] { Self.defaultScopes + configuration.scopes }

    /// The client authenticates as discovery advertises (`client_secret_basic` first). An issuer
    /// of ID tokens only (no authorization or token endpoint) has none: a configuration error.
    package func authorizationServer(services: ProviderServices) throws -> AuthorizationServer {
        guard let authorizationEndpoint = metadata.authorizationEndpoint else {
            throw ProviderError.idTokenOnly(provider: configuration.id, missing: "authorization_endpoint")
        }
        guard let tokenEndpoint = metadata.tokenEndpoint else {
            throw ProviderError.idTokenOnly(provider: configuration.id, missing: "token_endpoint")
        }
        let client = TokenClient(
            tokenEndpoint: try URLPolicy.check(tokenEndpoint, field: "token_endpoint"), clientID: configuration.clientID,
            clientSecret: configuration.clientSecret,
            authentication: .choose(hasSecret: configuration.clientSecret != nil, supported: metadata.tokenEndpointAuthMethodsSupported),
            transport: services.transport
        )
        let device = try metadata.deviceAuthorizationEndpoint.map { endpoint in
            DeviceAuthorizationEndpoint(url: try URLPolicy.check(endpoint, field: "device_authorization_endpoint"), tokenClient: client)
        }
        return AuthorizationServer(
            providerID: configuration.id, authorizationEndpoint: authorizationEndpoint, tokenClient: client,
            deviceAuthorization: device, issuer: configuration.issuer,
            issuerParameterRequired: metadata.authorizationResponseIssParameterSupported, sendsNonce: true,
            codeChallengeMethodsSupported: metadata.codeChallengeMethodsSupported, promptValuesSupported: metadata.promptValuesSupported
        )
    }

    /// The ID token, verified (signature, iss, aud, azp, exp, iat, nonce, at_hash); then, with an
    /// access token, userinfo, whose `sub` must match.
    ///
    /// Granted tokens that hold an access token came from the token endpoint (a code exchange, a
    /// device code), so a mismatched at_hash is a warning there (§3.1.3.8), kept as the
    /// session's ``IDTokenFlag``; an ID token obtained elsewhere comes without an access token.
    package func identity(of tokens: GrantedTokens, services: ProviderServices) async throws -> ProvenIdentity {
        guard let idToken = tokens.idToken else {
            throw OAuthError.invalidTokenResponse("no id_token, although the openid scope was requested")
        }
        let verified = try await idTokenValidator(services: services)
            .validate(idToken, expectedNonce: tokens.expectedNonce, accessToken: tokens.accessToken, delivery: .codeExchange)
        services.log("ID token verified: \(verified.algorithm.rawValue) signature, iss, aud, exp, iat" + (tokens.expectedNonce == nil ? "" : ", nonce"))
        for warning in verified.warnings { services.log("the provider sent an inconsistent ID token: \(warning.message) (accepted: OpenID Connect Core §3.1.3.8)") }
        try checkEchoedClaims(verified.claims)
        var claims = verified.claims.objectValue ?? [:]
        if let endpoint = metadata.userinfoEndpoint, let accessToken = tokens.accessToken {
            let userinfo = Userinfo(endpoint: endpoint, transport: services.transport, log: services.log)
            claims.merge(try await userinfo.claims(accessToken: accessToken, subject: verified.subject)) { _, fromUserinfo in fromUserinfo }
        }
        return ProvenIdentity(profile: FederatedProfile(providerID: configuration.id, verified: verified, claims: claims), idToken: verified)
    }

    /// The refreshed ID token, if any, judged as a refreshed one (``IDTokenDelivery/refresh(subject:)``):
    /// a mismatched at_hash flags it inconsistent, a failed hard check (iss, aud, sub, signature,
    /// exp) flags it refused. Only the provider's keys out of reach throw.
    package func checkRefreshed(_ response: TokenResponse, subject: String?, services: ProviderServices) async throws -> IDTokenFlag? {
        guard let idToken = response.idToken else { return nil }
        let receivedAt = services.clock.now()
        do {
            let verified = try await idTokenValidator(services: services).validate(
                idToken, expectedNonce: nil, accessToken: response.accessToken, delivery: .refresh(subject: subject))
            return verified.warnings.first.map { IDTokenFlag(verdict: .inconsistent, reason: $0.message, receivedAt: receivedAt) }
        } catch let error as JOSEError where error.code == .invalidCredential {
            return IDTokenFlag(verdict: .refused, reason: error.message, receivedAt: receivedAt)
        }
    }

    /// RFC 7009 at the endpoint discovery names (`revocation_endpoint`, or Yahoo's
    /// `token_revocation_endpoint`), else the one in the RFC 8414 metadata; else none.
    package func revocation(services: ProviderServices) async -> any TokenRevocation {
        var endpoint = metadata.revocationEndpoint
        if endpoint == nil {
            endpoint = try? await AuthorizationServerMetadata.revocationEndpoint(forIssuer: configuration.issuer, transport: services.transport)
        }
        guard let endpoint, let url = try? URLPolicy.check(endpoint, field: "revocation_endpoint"),
            let server = try? authorizationServer(services: services)
        else { return NoRevocation() }
        return RFC7009Revocation(endpoint: url, client: server.tokenClient)
    }

    /// The provider's issuer, the client id as audience, its JWK set; HS256 only when opted in.
    package func idTokenValidator(services: ProviderServices) throws -> IDTokenValidator {
        IDTokenValidator(
            issuer: configuration.issuer, clientID: configuration.clientID,
            keys: HTTPJWKSetSource(
                jwksURI: try URLPolicy.check(metadata.jwksURI, field: "jwks_uri"),
                cacheDirectory: services.cacheDirectory, transport: services.transport, clock: services.clock
            ),
            clock: services.clock, hmacSecret: hs256Secret, tenantIssuer: tenantIssuer
        )
    }

    /// Each echoed parameter comes back as the claim of that name with the value sent: Google
    /// narrows its account chooser to `hd` but says to check the token's `hd` claim.
    func checkEchoedClaims(_ claims: JSONValue) throws(JOSEError) {
        for (name, expected) in echoedClaims.sorted(by: { $0.key < $1.key }) {
            guard let received = claims[name] else {
                throw .invalidClaim(name: name, reason: "it is missing, but the provider was added with the parameter \(name)=\(expected)")
            }
            guard received.stringValue == expected else {
                throw .invalidClaim(name: name, reason: "it is not '\(expected)', the value of the parameter \(name) the provider was added with")
            }
        }
    }

    /// The HMAC key for HS256 ID tokens (Core §10.1), when this provider opted in.
    var hs256Secret: [UInt8]? {
        guard configuration.acceptsHS256IDTokens == true, let secret = configuration.clientSecret else { return nil }
        return Array(secret.utf8)
    }
}
