import AuthCrypto
import Foundation

/// What the person asked for on top of the provider's configuration.
public struct SignInOptions: Sendable {
    /// Scopes every OpenID sign-in asks for (OpenID Connect Core §5.4).
    public static let defaultOIDCScopes = ["openid", "profile", "email"]
    /// How long to wait for the browser to come back (the issue's default: 5 minutes).
    public static let defaultTimeout: Duration = .seconds(300)

    public var extraScopes: [String]
    public var customParameters: [String: String]
    public var timeout: Duration
    public var redirectPort: UInt16?
    /// False for `--no-browser`: only print the URL.
    public var opensBrowser: Bool
    /// A `prompt` value to send unless the person gave one, and only where the provider's
    /// `prompt_values_supported` (when it lists them) includes it: `login` for reauthentication.
    public var preferredPrompt: String?

    public init(
        extraScopes: [String] = [], customParameters: [String: String] = [:], timeout: Duration = defaultTimeout,
        redirectPort: UInt16? = nil, opensBrowser: Bool = true, preferredPrompt: String? = nil
    ) {
        self.extraScopes = extraScopes
        self.customParameters = customParameters
        self.timeout = timeout
        self.redirectPort = redirectPort
        self.opensBrowser = opensBrowser
        self.preferredPrompt = preferredPrompt
    }
}

/// The effects a sign-in needs, injected.
public struct SignInEnvironment: Sendable {
    public var transport: any HTTPTransport
    public var clock: Clock
    public var random: any RandomSource
    public var browser: any BrowserOpener
    /// Where discovery and JWKS documents are cached.
    public var cacheDirectory: String
    /// Tells the person something (stderr).
    public var notify: @Sendable (String) -> Void
    /// `--verbose` diagnostics (stderr); never given a secret.
    public var log: @Sendable (String) -> Void

    public init(
        transport: any HTTPTransport, clock: Clock, random: any RandomSource, browser: any BrowserOpener,
        cacheDirectory: String, notify: @escaping @Sendable (String) -> Void, log: @escaping @Sendable (String) -> Void
    ) {
        self.transport = transport
        self.clock = clock
        self.random = random
        self.browser = browser
        self.cacheDirectory = cacheDirectory
        self.notify = notify
        self.log = log
    }
}

/// One OpenID Connect sign-in: discovery, authorization code + PKCE through the browser and the
/// loopback listener, token exchange, ID token validation, userinfo. Returns a verified credential
/// and profile; stores nothing.
public struct OIDCSignIn: Sendable {
    public let provider: ProviderConfiguration
    public let environment: SignInEnvironment

    public init(provider: ProviderConfiguration, environment: SignInEnvironment) {
        self.provider = provider
        self.environment = environment
    }

    public func run(_ options: SignInOptions) async throws -> (OAuthCredential, FederatedProfile) {
        let env = environment
        var parameters = provider.customParameters
        parameters.merge(options.customParameters) { _, given in given }
        try AuthorizationRequest.checkCustomParameters(parameters)

        let metadata = try await Discovery(transport: env.transport, clock: env.clock, cacheDirectory: env.cacheDirectory)
            .metadata(forIssuer: provider.issuer)
        env.log("discovery: \(provider.issuer) -> authorize \(metadata.authorizationEndpoint), token \(metadata.tokenEndpoint)")
        if let prompt = options.preferredPrompt, parameters["prompt"] == nil,
            metadata.promptValuesSupported?.contains(prompt) ?? true
        {
            parameters["prompt"] = prompt
        }
        let methods = metadata.codeChallengeMethodsSupported
        guard methods.isEmpty || methods.contains(PKCE.method) else { throw OAuthError.pkceUnsupported(methods: methods) }

        let listener = try LoopbackRedirectListener(port: options.redirectPort ?? provider.redirectPort ?? 0)
        let request: AuthorizationRequest
        do {
            request = try AuthorizationRequest(
                authorizationEndpoint: metadata.authorizationEndpoint, clientID: provider.clientID,
                redirectURI: listener.redirectURI,
                scopes: SignInOptions.defaultOIDCScopes + provider.scopes + options.extraScopes,
                customParameters: parameters, random: env.random
            )
        } catch {
            await listener.close()
            throw error
        }
        env.log("listening on \(listener.redirectURI)")
        env.notify("To sign in with \(provider.id), open this URL in a browser:\n\n  \(request.url.absoluteString)\n")
        if options.opensBrowser, !env.browser.open(request.url) {
            env.notify("Could not start a browser; open the URL above yourself.")
        }
        let issuer = provider.issuer
        let issRequired = metadata.authorizationResponseIssParameterSupported
        let code = try await listener.waitForCallback(timeout: options.timeout) { callback in
            try AuthorizationResponse.code(
                from: callback.parameters.map { ($0.name, $0.value) }, for: request, issuer: issuer,
                issuerParameterRequired: issRequired
            )
        }
        env.log("authorization code received; exchanging it at the token endpoint")

        let tokenClient = TokenClient(
            tokenEndpoint: try ProviderURLPolicy.check(metadata.tokenEndpoint, field: "token_endpoint"),
            clientID: provider.clientID, clientSecret: provider.clientSecret,
            authentication: ClientAuthentication.choose(
                hasSecret: provider.clientSecret != nil, supported: metadata.tokenEndpointAuthMethodsSupported
            ),
            transport: env.transport
        )
        env.log("client authentication: \(tokenClient.authentication.rawValue)")
        let receivedAt = env.clock.now()
        let tokens = try await tokenClient.exchange(code: code, redirectURI: request.redirectURI, codeVerifier: request.pkce.codeVerifier)
        guard let idToken = tokens.idToken else { throw OAuthError.invalidTokenResponse("no id_token, although the openid scope was requested") }

        let validator = try IDTokenValidator(for: provider, metadata: metadata, cacheDirectory: env.cacheDirectory, transport: env.transport, clock: env.clock)
        let verified = try await validator.validate(idToken, expectedNonce: request.nonce, accessToken: tokens.accessToken)
        env.log("ID token verified: \(verified.header["alg"]?.stringValue ?? "?") signature, iss, aud, exp, iat, nonce")

        var claims = verified.claims.objectValue ?? [:]
        if let userinfoEndpoint = metadata.userinfoEndpoint {
            let userinfo = try await fetchUserinfo(endpoint: userinfoEndpoint, accessToken: tokens.accessToken, subject: verified.subject)
            claims.merge(userinfo) { _, fromUserinfo in fromUserinfo }
        }
        let profile = FederatedProfile(providerID: provider.id, verified: verified, claims: claims)
        let credential = OAuthCredential(
            providerID: provider.id, accessToken: tokens.accessToken, tokenType: tokens.tokenType, idToken: idToken,
            refreshToken: tokens.refreshToken, expiresAt: tokens.expiresIn.map { receivedAt.addingTimeInterval(TimeInterval($0)) },
            scope: tokens.scope, rawNonce: request.nonce
        )
        return (credential, profile)
    }

    /// Userinfo claims (OpenID Connect Core §5.3); `sub` must match the ID token's (§5.3.2).
    private func fetchUserinfo(endpoint: String, accessToken: String, subject: String) async throws -> [String: JSONValue] {
        let url = try ProviderURLPolicy.check(endpoint, field: "userinfo_endpoint")
        let response = try await environment.transport.send(
            HTTPRequest(url: url, headers: [("Authorization", "Bearer " + accessToken), ("Accept", "application/json")],
                        maxResponseBytes: TokenClient.maximumResponseBytes)
        )
        guard response.status == 200 else { throw OAuthError.userinfoFailed(status: response.status) }
        guard let claims = (try? JSONValue.parse(response.body))?.objectValue else {
            environment.log("userinfo is not a JSON object (perhaps a signed JWT); using the ID token's claims only")
            return [:]
        }
        let received = claims["sub"]?.stringValue ?? ""
        guard received == subject else { throw OAuthError.userinfoSubjectMismatch(expected: subject, received: received) }
        return claims
    }
}

extension IDTokenValidator {
    /// The validator for `provider`'s ID tokens: its issuer, its client id as audience, its JWK set.
    public init(
        for provider: ProviderConfiguration, metadata: ProviderMetadata, cacheDirectory: String,
        transport: any HTTPTransport, clock: Clock
    ) throws {
        self.init(
            issuer: provider.issuer, clientID: provider.clientID,
            keys: HTTPJWKSetSource(
                jwksURI: try ProviderURLPolicy.check(metadata.jwksURI, field: "jwks_uri"),
                cacheDirectory: cacheDirectory, transport: transport, clock: clock
            ),
            clock: clock, hmacSecret: provider.hs256Secret
        )
    }
}

extension FederatedProfile {
    /// The profile from verified ID token claims, merged with userinfo where there is one.
    public init(providerID: String, verified: ValidatedIDToken, claims: [String: JSONValue]) {
        self.init(
            providerID: providerID, subject: verified.subject,
            email: claims["email"]?.stringValue,
            emailVerified: claims["email_verified"]?.boolValue ?? (claims["email_verified"]?.stringValue == "true"),
            displayName: claims["name"]?.stringValue, photoURL: claims["picture"]?.stringValue,
            username: claims["preferred_username"]?.stringValue, rawProfile: .object(claims)
        )
    }
}
