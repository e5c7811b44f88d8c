import AuthOAuth
import AuthPlatform

/// How the authorization reaches authctl; the flow turns it into an ``AuthorizationGrant``.
package enum SignInMethod: Sendable, Equatable {
    /// The browser redirects to the loopback listener (RFC 8252 §7.3); with `acceptsPaste`, a
    /// redirected URL or code pasted on stdin is taken too, whichever comes first. A provider
    /// configured with a registered non-loopback `redirectURI` gets no listener: the person pastes.
    case loopback(acceptsPaste: Bool)
    /// The device authorization grant (RFC 8628): a code to enter on another device.
    case device
    /// An ID token obtained elsewhere (`--id-token-stdin`), with the raw nonce it was issued for.
    case idToken(String, rawNonce: String?)
}

/// A sign-in with a configured provider: the person's ``SignInRequest`` (scopes on top of the
/// provider's, parameters, prompt, timeout, ports, browser), the command's deadline, and the grant
/// the application layer chose.
package struct SignInOptions: Sendable {
    /// How long to wait for the person: five minutes (`signin --timeout`).
    package static let defaultTimeout: Duration = SignInRequest.defaultTimeout

    /// What the person asked; its ports override the provider's ``ProviderConfiguration/redirectPorts``.
    package var request: SignInRequest
    /// When the whole sign-in gives up (the command's deadline): the wait for the person gets
    /// what is left of it, if that is less than the request's timeout.
    package var deadline: Date?
    package var method: SignInMethod

    package init(request: SignInRequest, deadline: Date? = nil, method: SignInMethod = .loopback(acceptsPaste: false)) {
        self.request = request
        self.deadline = deadline
        self.method = method
    }

    /// The request's fields one by one (tests, and callers with no request at hand).
    package init(
        extraScopes: [String] = [], customParameters: [String: String] = [:], timeout: Duration = defaultTimeout, deadline: Date? = nil,
        redirectPorts: [UInt16] = [], opensBrowser: Bool = true, preferredPrompt: String? = nil,
        method: SignInMethod = .loopback(acceptsPaste: false)
    ) {
        self.init(
            request: SignInRequest(
                scopes: extraScopes, parameters: customParameters, preferredPrompt: preferredPrompt, timeout: timeout,
                redirectPorts: redirectPorts, opensBrowser: opensBrowser),
            deadline: deadline, method: method)
    }
}

/// One sign-in with a configured provider: look the provider up, obtain tokens by the grant the
/// options choose, have the provider prove who signed in, and return the verified credential and
/// profile. Stores nothing: the account rules decide what happens next.
package struct SignInFlow: Sendable {
    package let provider: ProviderConfiguration
    package let registry: ProviderRegistry
    package let services: ProviderServices
    package let context: GrantContext

    package init(provider: ProviderConfiguration, registry: ProviderRegistry, services: ProviderServices, context: GrantContext) {
        self.provider = provider
        self.registry = registry
        self.services = services
        self.context = context
    }

    /// Signs in and hands the verified credential and profile to `complete` (the account rules),
    /// which returns its result and who signed in; only then is a browser waiting on the redirect
    /// told how the sign-in ended ("Signed in as ...", or the failure), so its page never lies.
    package func run<Result: Sendable>(
        _ options: SignInOptions,
        complete: (ProviderCredential, FederatedProfile) async throws -> (result: Result, who: String)
    ) async throws -> Result {
        // 1. The custom parameters: the provider's, overridden by the person's; none reserved.
        let parameters = provider.customParameters.merging(options.request.parameters) { _, given in given }
        try AuthorizationRequest.checkCustomParameters(parameters)

        // 2. The provider, looked up as its kind (discovery for OpenID), and its server.
        // An ID token obtained elsewhere needs no server: an issuer of ID tokens only has none.
        let resolved = try await registry.resolve(provider, services: services)
        let granted: GrantOutcome
        if case .idToken(let token, let rawNonce) = options.method {
            granted = IDTokenGrant(idToken: token, rawNonce: rawNonce).outcome(context: context)
        } else {
            let server = try resolved.authorizationServer(services: services)
            services.log("\(provider.id): authorize \(server.authorizationEndpoint), token \(server.tokenClient.tokenEndpoint.redactedForDisplay)")

            // 3. Tokens, by the grant the options choose.
            var request = options.request
            request.providerID = provider.id
            request.scopes = resolved.scopes + options.request.scopes
            request.parameters = parameters
            request.timeout = waitLimit(options)
            granted = try await grant(for: options).tokens(from: server, request: request, context: context)
        }
        do {
            // 4. Who signed in, proven by the provider.
            let identity = try await resolved.identity(of: granted.tokens, services: services)

            // 5. The credential, through the account rules.
            var credential = ProviderCredential(providerID: provider.id, tokens: granted.tokens, idTokenExpiresAt: identity.idToken?.expiresAt)
            credential.idTokenFlag = identity.idTokenFlag(receivedAt: granted.tokens.receivedAt)
            let (result, who) = try await complete(credential, identity.profile)
            await granted.reply.finish(.signedIn(who: who))
            return result
        } catch {
            await granted.reply.finish(.failed(error))
            throw error
        }
    }

    /// Signs in and returns the verified credential and profile, storing nothing; a waiting
    /// browser is told who signed in.
    package func run(_ options: SignInOptions) async throws -> (ProviderCredential, FederatedProfile) {
        try await run(options) { credential, profile in
            ((credential, profile), profile.email ?? profile.displayName ?? profile.subject)
        }
    }

    /// How long the grant may wait for the person: `timeout`, or what is left before the deadline.
    func waitLimit(_ options: SignInOptions) -> Duration {
        guard let deadline = options.deadline else { return options.request.timeout }
        let left = Duration.milliseconds(Int64(max(0, deadline.timeIntervalSince(context.clock.now())) * 1000))
        return min(options.request.timeout, left)
    }

    /// The grant for `options`: loopback (perhaps racing a paste), a paste to a registered
    /// redirect URI, a device code, or an ID token from elsewhere.
    func grant(for options: SignInOptions) -> any AuthorizationGrant {
        switch options.method {
        case .device:
            return DeviceCodeGrant()
        case .idToken(let token, let rawNonce):
            return IDTokenGrant(idToken: token, rawNonce: rawNonce)
        case .loopback(let acceptsPaste):
            if let registered = provider.redirectURI {
                return PastedCodeGrant(redirectURI: registered, opensBrowser: options.request.opensBrowser)
            }
            let ports = options.request.redirectPorts.isEmpty ? provider.redirectPorts : options.request.redirectPorts
            return LoopbackCodeGrant(ports: ports, acceptsPaste: acceptsPaste, opensBrowser: options.request.opensBrowser)
        }
    }
}
