import AuthCrypto
import Foundation

/// How the authorization reaches authctl.
public enum SignInMethod: Sendable, Equatable {
    /// The browser redirects to the loopback listener (RFC 8252 §7.3); with `acceptsPaste`, a
    /// redirected URL or code pasted on stdin is taken too, whichever comes first.
    /// A provider configured with a registered non-loopback `redirectURI` gets no listener: the
    /// person pastes the address the browser lands on.
    case loopback(acceptsPaste: Bool)
    /// The device authorization grant (RFC 8628): a code to enter on another device.
    case device
}

/// What the person asked for on top of the provider's configuration.
public struct SignInOptions: Sendable {
    /// Scopes every OpenID sign-in asks for (OpenID Connect Core §5.4).
    public static let defaultOIDCScopes = ["openid", "profile", "email"]
    /// How long to wait for the person (the default: 5 minutes).
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
    public var method: SignInMethod

    public init(
        extraScopes: [String] = [], customParameters: [String: String] = [:], timeout: Duration = defaultTimeout,
        redirectPort: UInt16? = nil, opensBrowser: Bool = true, preferredPrompt: String? = nil,
        method: SignInMethod = .loopback(acceptsPaste: false)
    ) {
        self.extraScopes = extraScopes
        self.customParameters = customParameters
        self.timeout = timeout
        self.redirectPort = redirectPort
        self.opensBrowser = opensBrowser
        self.preferredPrompt = preferredPrompt
        self.method = method
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
    /// One line pasted by the person (stdin), or nil at end of input.
    public var readPastedLine: @Sendable () async -> String?
    /// Waits between device-flow polls.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(
        transport: any HTTPTransport, clock: Clock, random: any RandomSource, browser: any BrowserOpener,
        cacheDirectory: String, notify: @escaping @Sendable (String) -> Void, log: @escaping @Sendable (String) -> Void,
        readPastedLine: @escaping @Sendable () async -> String? = { nil },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.transport = transport
        self.clock = clock
        self.random = random
        self.browser = browser
        self.cacheDirectory = cacheDirectory
        self.notify = notify
        self.log = log
        self.readPastedLine = readPastedLine
        self.sleep = sleep
    }
}

/// A provider's endpoints and rules, from discovery (OpenID) or from the GitHub preset.
public struct ResolvedProvider: Sendable {
    public var configuration: ProviderConfiguration
    public var authorizationEndpoint: String
    public var tokenEndpoint: URL
    public var deviceAuthorizationEndpoint: String?
    /// The issuer, for RFC 9207 `iss` checks and ID tokens; nil for GitHub.
    public var issuer: String?
    public var issuerParameterRequired: Bool
    /// The OpenID metadata; nil for GitHub.
    public var metadata: ProviderMetadata?
    public var github: GitHubEndpoints?
    public var scopes: [String]

    /// Looks the provider up: discovery for OpenID providers (cached), fixed endpoints for GitHub.
    public static func resolve(
        _ provider: ProviderConfiguration, transport: any HTTPTransport, clock: Clock, cacheDirectory: String
    ) async throws -> ResolvedProvider {
        switch provider.kind {
        case .github:
            let endpoints = try provider.githubEndpoints()
            return ResolvedProvider(
                configuration: provider, authorizationEndpoint: endpoints.authorizationEndpoint.absoluteString,
                tokenEndpoint: endpoints.tokenEndpoint, deviceAuthorizationEndpoint: endpoints.deviceAuthorizationEndpoint.absoluteString,
                issuer: nil, issuerParameterRequired: false, metadata: nil, github: endpoints,
                scopes: ProviderPreset.github.scopes + provider.scopes
            )
        case .oidc:
            let metadata = try await Discovery(transport: transport, clock: clock, cacheDirectory: cacheDirectory)
                .metadata(forIssuer: provider.issuer)
            return ResolvedProvider(
                configuration: provider, authorizationEndpoint: metadata.authorizationEndpoint,
                tokenEndpoint: try ProviderURLPolicy.check(metadata.tokenEndpoint, field: "token_endpoint"),
                deviceAuthorizationEndpoint: metadata.deviceAuthorizationEndpoint, issuer: provider.issuer,
                issuerParameterRequired: metadata.authorizationResponseIssParameterSupported, metadata: metadata,
                github: nil,
                scopes: (ProviderPreset.named(provider.id)?.scopes ?? SignInOptions.defaultOIDCScopes) + provider.scopes
            )
        }
    }

    /// The token endpoint client with the authentication the provider takes.
    public func tokenClient(transport: any HTTPTransport, forDeviceFlow: Bool = false) -> TokenClient {
        let provider = configuration
        let authentication: ClientAuthentication
        if github != nil, forDeviceFlow || provider.clientSecret == nil {
            // GitHub's device flow sends client_id only.
            authentication = .none
        } else if provider.clientSecret != nil, let preset = ProviderPreset.named(provider.id)?.tokenEndpointAuthentication {
            // A preset says what discovery cannot (GitHub: client_id and client_secret in the body).
            authentication = preset
        } else {
            authentication = ClientAuthentication.choose(
                hasSecret: provider.clientSecret != nil, supported: metadata?.tokenEndpointAuthMethodsSupported ?? []
            )
        }
        return TokenClient(
            tokenEndpoint: tokenEndpoint, clientID: provider.clientID, clientSecret: provider.clientSecret,
            authentication: authentication, transport: transport
        )
    }

    /// The validator for this provider's ID tokens (OpenID providers only).
    public func idTokenValidator(cacheDirectory: String, transport: any HTTPTransport, clock: Clock) throws -> IDTokenValidator? {
        guard let metadata else { return nil }
        return try IDTokenValidator(for: configuration, metadata: metadata, cacheDirectory: cacheDirectory, transport: transport, clock: clock)
    }

    /// How this provider revokes tokens: RFC 7009 (from discovery, Yahoo's field name, or the
    /// RFC 8414 metadata), GitHub's token deletion, or not at all.
    public func revocationMethod(transport: any HTTPTransport) async -> RevocationMethod {
        if let github { return .github(github) }
        var endpoint = metadata?.revocationEndpoint
        if endpoint == nil, let issuer {
            endpoint = try? await AuthorizationServerMetadata.revocationEndpoint(forIssuer: issuer, transport: transport)
        }
        guard let endpoint, let url = try? ProviderURLPolicy.check(endpoint, field: "revocation_endpoint") else { return .none }
        return .rfc7009(endpoint: url)
    }
}

/// One sign-in with a provider: the authorization (browser and loopback listener, paste, or device
/// code), the token exchange, then the identity: ID token validation and userinfo for OpenID
/// providers, the REST API for GitHub. Returns a verified credential and profile; stores nothing.
public struct ProviderSignIn: Sendable {
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
        let resolved = try await ResolvedProvider.resolve(
            provider, transport: env.transport, clock: env.clock, cacheDirectory: env.cacheDirectory
        )
        env.log("\(provider.id): authorize \(resolved.authorizationEndpoint), token \(resolved.tokenEndpoint.redactedForDisplay)")
        let scopes = resolved.scopes + options.extraScopes
        let receivedAt: Date
        let tokens: TokenResponse
        let nonce: String?
        if options.method == .device {
            guard let endpoint = resolved.deviceAuthorizationEndpoint else { throw ProviderError.noDeviceEndpoint(provider.id) }
            (tokens, receivedAt) = try await deviceGrant(endpoint: endpoint, resolved: resolved, scopes: scopes, timeout: options.timeout)
            nonce = nil
        } else {
            if let prompt = options.preferredPrompt, parameters["prompt"] == nil,
                resolved.metadata?.promptValuesSupported?.contains(prompt) ?? true
            {
                parameters["prompt"] = prompt
            }
            if let methods = resolved.metadata?.codeChallengeMethodsSupported, !methods.isEmpty, !methods.contains(PKCE.method) {
                throw OAuthError.pkceUnsupported(methods: methods)
            }
            let (code, request) = try await authorize(resolved: resolved, scopes: scopes, parameters: parameters, options: options)
            env.log("authorization code received; exchanging it at the token endpoint")
            let client = resolved.tokenClient(transport: env.transport)
            env.log("client authentication: \(client.authentication.rawValue)")
            receivedAt = env.clock.now()
            tokens = try await client.exchange(code: code, redirectURI: request.redirectURI, codeVerifier: request.pkce.codeVerifier)
            nonce = request.nonce
        }
        let profile = try await identity(resolved: resolved, tokens: tokens, nonce: nonce)
        let credential = OAuthCredential(
            providerID: provider.id, accessToken: tokens.accessToken, tokenType: tokens.tokenType, idToken: tokens.idToken,
            refreshToken: tokens.refreshToken, expiresAt: tokens.expiresIn.map { receivedAt.addingTimeInterval(TimeInterval($0)) },
            obtainedAt: receivedAt, scope: tokens.scope, rawNonce: nonce
        )
        return (credential, profile)
    }

    // MARK: Authorization code

    /// Builds the request, shows the URL, and waits for the code by the chosen method.
    private func authorize(
        resolved: ResolvedProvider, scopes: [String], parameters: [String: String], options: SignInOptions
    ) async throws -> (code: String, request: AuthorizationRequest) {
        let env = environment
        let listener: LoopbackRedirectListener? =
            provider.redirectURI != nil ? nil : try LoopbackRedirectListener(port: options.redirectPort ?? provider.redirectPort ?? 0)
        let request: AuthorizationRequest
        do {
            request = try AuthorizationRequest(
                authorizationEndpoint: resolved.authorizationEndpoint, clientID: provider.clientID,
                redirectURI: listener?.redirectURI ?? provider.redirectURI ?? "",
                scopes: scopes, customParameters: parameters, random: env.random,
                includesNonce: resolved.metadata != nil
            )
        } catch {
            await listener?.close()
            throw error
        }
        let issuer = resolved.issuer
        let issRequired = resolved.issuerParameterRequired
        env.notify("To sign in with \(provider.id), open this URL in a browser:\n\n  \(request.url.absoluteString)\n")
        if options.opensBrowser, !env.browser.open(request.url) {
            env.notify("Could not start a browser; open the URL above yourself.")
        }
        let pasted: @Sendable () async throws -> String = {
            env.notify("After signing in, paste the address your browser was sent to (or just the code), then press Enter:")
            guard let line = await env.readPastedLine() else { throw OAuthError.unreadablePastedRedirect("nothing was pasted") }
            return try PastedRedirect.code(
                fromPasted: line, for: request, issuer: issuer, issuerParameterRequired: issRequired, warn: { env.notify($0) }
            )
        }
        guard let listener else { return (try await withTimeout(options.timeout, pasted), request) }
        env.log("listening on \(listener.redirectURI)")
        let fromListener: @Sendable () async throws -> String = {
            try await listener.waitForCallback(timeout: options.timeout) { callback in
                try AuthorizationResponse.code(
                    from: callback.parameters.map { ($0.name, $0.value) }, for: request, issuer: issuer, issuerParameterRequired: issRequired
                )
            }
        }
        guard options.method == .loopback(acceptsPaste: true) else { return (try await fromListener(), request) }
        // Whichever answers first: the browser's redirect, or a paste.
        let code = try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask(operation: fromListener)
            group.addTask(operation: pasted)
            defer { group.cancelAll() }
            return try await group.next()!
        }
        await listener.close()
        return (code, request)
    }

    /// Runs `body`, giving up with a timeout error after `timeout`.
    private func withTimeout(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> String) async throws -> String {
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask(operation: body)
            group.addTask {
                try await Task.sleep(for: timeout)
                throw OAuthError.timedOut(after: timeout)
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    // MARK: Device authorization grant

    private func deviceGrant(
        endpoint: String, resolved: ResolvedProvider, scopes: [String], timeout: Duration
    ) async throws -> (TokenResponse, Date) {
        let env = environment
        let client = DeviceAuthorizationClient(
            deviceAuthorizationEndpoint: try ProviderURLPolicy.check(endpoint, field: "device_authorization_endpoint"),
            tokenClient: resolved.tokenClient(transport: env.transport, forDeviceFlow: true), clock: env.clock, sleep: env.sleep
        )
        let authorization = try await client.start(scopes: scopes)
        env.notify(
            "To sign in with \(provider.id), open \(authorization.verificationURI) on any device and enter the code \(authorization.userCode)"
                + (authorization.verificationURIComplete.map { "\n(or open \($0))" } ?? "")
        )
        let (seconds, attoseconds) = timeout.components
        let deadline = env.clock.now().addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
        let tokens = try await client.poll(authorization, deadline: deadline)
        return (tokens, env.clock.now())
    }

    // MARK: Identity

    /// The verified profile: ID token (+ userinfo) for OpenID providers, the REST API for GitHub.
    private func identity(resolved: ResolvedProvider, tokens: TokenResponse, nonce: String?) async throws -> FederatedProfile {
        let env = environment
        if let github = resolved.github {
            return try await GitHubProfileClient(endpoints: github, transport: env.transport).fetchProfile(accessToken: tokens.accessToken)
        }
        guard let idToken = tokens.idToken else {
            throw OAuthError.invalidTokenResponse("no id_token, although the openid scope was requested")
        }
        let validator = try resolved.idTokenValidator(cacheDirectory: env.cacheDirectory, transport: env.transport, clock: env.clock)!
        let verified = try await validator.validate(idToken, expectedNonce: nonce, accessToken: tokens.accessToken)
        env.log("ID token verified: \(verified.algorithm.rawValue) signature, iss, aud, exp, iat" + (nonce == nil ? "" : ", nonce"))
        var claims = verified.claims.objectValue ?? [:]
        if let userinfoEndpoint = resolved.metadata?.userinfoEndpoint {
            let userinfo = try await fetchUserinfo(endpoint: userinfoEndpoint, accessToken: tokens.accessToken, subject: verified.subject)
            claims.merge(userinfo) { _, fromUserinfo in fromUserinfo }
        }
        return FederatedProfile(providerID: provider.id, verified: verified, claims: claims)
    }

    /// Userinfo claims (OpenID Connect Core §5.3); `sub` must match the ID token's (§5.3.2).
    private func fetchUserinfo(endpoint: String, accessToken: String, subject: String) async throws -> [String: JSONValue] {
        let url = try ProviderURLPolicy.check(endpoint, field: "userinfo_endpoint")
        let response = try await environment.transport.send(
            HTTPRequest(
                url: url, headers: [("Authorization", "Bearer " + accessToken), ("Accept", "application/json")],
                maxResponseBytes: TokenClient.maximumResponseBytes
            )
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
