import AuthCore
import AuthJOSE
import AuthOAuth
import AuthPlatform
import AuthProviders

/// Sign in, link or reauthenticate with a provider: the one place that chooses the route (this
/// machine's flow with the provider added here, or the project's), the return (loopback, the
/// project's handler and a paste, a device code, an ID token) and what a reauthentication asks
/// of the provider. The command and the library only say what the person gave and render.
package struct SignIn: Sendable {
    /// What proves who the person is.
    package enum Proof: Sendable {
        /// The provider's page in a browser (or printed), answered on the loopback listener or pasted.
        case browser
        /// A code to enter on another device (RFC 8628); this machine's flow only.
        case device
        /// An ID token obtained elsewhere, with the raw nonce it was issued for.
        case idToken(String, rawNonce: String?)
        /// A CI job's own ID token, fetched from its source now and again when it expires.
        case ci(CITokenSource)
        /// An access token obtained elsewhere: proved by the provider's API when the provider is
        /// added here (GitHub's), else posted to the project (Google's, Facebook's; Twitter's with
        /// its OAuth 1.0a `secret`) if the provider's rule takes one (``AccessTokenRule``).
        case accessToken(String, secret: String?)
        /// A credential a provider already verified on this machine (the library's `getCredentialWith`).
        case verified(ProviderCredential, FederatedProfile)
        /// The provider's answer to a project's flow, obtained earlier (the library's
        /// `getCredentialWith`, ``SignIn/credential(_:ports:)``): handed to the project that ran the
        /// flow, which applies the account rules of the purpose (signInWithIdp); no browser opens.
        case providerAnswer(ProviderAnswer)
    }

    /// What the person asked for: the one ``SignInRequest`` (Decisions/0038), with what it is for,
    /// what proves who they are, and what only this layer reads.
    package struct Input: Sendable {
        /// The provider, scopes, parameters, timeout and ports, as given; ``SignIn`` adds the
        /// prompt of the purpose and the door's browser, and hands it to the grant or the project.
        package var request: SignInRequest
        package var purpose: FederatedPurpose
        package var proof: Proof
        /// Where the timeout was set, for the timed-out message.
        package var timeoutSetting: String
        /// The person says the provider's app in a project's console accepts `http://localhost`
        /// (for GitHub, whose OAuth Apps take one callback, the handler page, unless so told).
        package var appAcceptsLocalhost = false
        /// The person asked to paste the redirected address (`--paste`): it is taken from the
        /// start, and with a project its handler page is the return.
        package var asksToPaste = false
        /// With an ID token: the name Apple hands only on a first sign-in, outside the token
        /// (the library's `appleCredential(withIDToken:rawNonce:fullName:)`). It goes with the
        /// token to a project (signInWithIdp's `user`) and names the user when the token does not.
        package var fullName: PersonName?

        package init(
            providerID: String, purpose: FederatedPurpose, proof: Proof, scopes: [String] = [], customParameters: [String: String] = [:],
            timeout: Duration = SignInRequest.defaultTimeout, timeoutSetting: String, redirectPorts: [UInt16] = []
        ) {
            request = SignInRequest(providerID: providerID, scopes: scopes, parameters: customParameters, timeout: timeout, redirectPorts: redirectPorts)
            self.purpose = purpose
            self.proof = proof
            self.timeoutSetting = timeoutSetting
        }

        package var providerID: String { request.providerID }
        package var scopes: [String] { request.scopes }
        package var customParameters: [String: String] { request.parameters }
        /// How long the whole sign-in may take (the person, discovery, the exchange).
        package var timeout: Duration { request.timeout }
        package var redirectPorts: [UInt16] { request.redirectPorts }
    }

    /// What the front door supplies: how the person is shown the page and answers. The door says
    /// what it can do; ``PastePolicy`` decides, once, what the sign-in does with it.
    package struct Ports: Sendable {
        /// The browser, the messages, the paste, the waiting line and the QR code; its transport,
        /// clock and randomness are replaced by the runtime's, its paste policy set by ``PastePolicy``.
        package var grant: GrantContext
        /// False: nothing is opened, the URL is printed (`--no-browser`, a headless machine).
        package var opensBrowser: Bool
        /// Whether and when the door can take a pasted address.
        package var paste: PasteAbility
        /// Told which route and return run, before the browser opens.
        package var routeChosen: @Sendable (RouteNotice) -> Void

        package init(
            grant: GrantContext, opensBrowser: Bool, paste: PasteAbility, routeChosen: @escaping @Sendable (RouteNotice) -> Void = { _ in }
        ) {
            self.grant = grant
            self.opensBrowser = opensBrowser
            self.paste = paste
            self.routeChosen = routeChosen
        }
    }

    /// Which route a sign-in takes, and why, for the person.
    package struct RouteNotice: Sendable, Equatable {
        /// Why the return is the handler page.
        package enum Reason: Sendable, Equatable {
            /// The person asked to paste (`--paste`).
            case pasteAsked
            /// No browser opens here (`--no-browser`, or the headless rules: `why`), so the person
            /// signs in elsewhere and pastes.
            case noBrowser(why: String?)
            /// The provider's app knows only the handler page (a GitHub OAuth App).
            case appTakesOneCallback
            /// The return is this machine's listener.
            case loopback
        }

        package var providerID: String
        package var returning: BrokeredSignInFlow.Return
        /// The project's handler page.
        package var handler: String
        package var reason: Reason
    }

    /// Where the provider's flow runs.
    package enum Route: Sendable {
        /// On this machine, with the provider added here.
        case local(ProviderConfiguration)
        /// By the project, with the app in its console (the provider is not added here).
        case project(any ProviderFlowBroker)
    }

    /// The credential of a flow run for later use (the library's `getCredentialWith`), for no
    /// purpose yet: each is a ``Proof`` of a later ``run(_:ports:)``.
    package enum Obtained: Sendable {
        /// This machine's flow: the provider's tokens, verified here.
        case verified(ProviderCredential, FederatedProfile)
        /// The project's flow: the provider's answer, which the project exchanges when it is used
        /// (``Proof/providerAnswer(_:)``; Decisions/0051).
        case providerAnswer(ProviderAnswer)
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// The route of ``ProviderRoute/rule(for:configured:hasProject:presets:)``: a provider added here
    /// runs here; otherwise a project runs it, if the backend is one (Apple too, whose refusal says
    /// why); otherwise it must be added here (the registry's error, with its suggestion). An id that
    /// is no Firebase provider id (`github` for `github.com`) is looked up here, so a typo gets the
    /// registry's "did you mean" before any project is asked.
    package static func route(_ providerID: String, accounts: AccountService, registry: ProviderRegistry) throws -> Route {
        let broker = accounts.backend as? any ProviderFlowBroker
        let configured = try registry.all().contains { $0.id == providerID }
        switch ProviderRoute.rule(for: providerID, configured: configured, hasProject: broker != nil, presets: registry.presets) {
        case .projectFlow, .projectCannotReturn:
            if let broker { return .project(broker) }
            return .local(try registry.provider(providerID))
        case .local, .projectPassword, .notConfigured:
            return .local(try registry.provider(providerID))
        }
    }

    /// The route `providerID` would take here, so a front door refuses an unknown provider (with
    /// its suggestion) before it asks anything of the person.
    package func route(_ providerID: String) throws -> Route {
        try Self.route(providerID, accounts: try runtime.accounts(), registry: runtime.registry)
    }

    /// A reauthentication asks the provider to show its login again (OpenID Connect Core §3.1.2.1
    /// `prompt=login`), on every route.
    static func prompt(for purpose: FederatedPurpose) -> String? {
        purpose == .reauthenticate ? "login" : nil
    }

    /// Signs in, links or reauthenticates; `currentUser` picks the provider for the signed-in account.
    package func run(_ input: Input, ports: Ports) async throws -> SignInResult {
        try runtime.checkHome()  // a home that cannot be written fails before the browser, not after it
        try runtime.checkSecretStorage()
        let runtime = runtime.withDeadline(input.timeout, setting: input.timeoutSetting)
        let accounts = try runtime.accounts()
        try AuthorizationRequest.checkCustomParameters(input.customParameters)
        if case .accessToken(_, let secret) = input.proof, accounts.backend is any ProviderFlowBroker {
            // Refused before any request: the project could not tell whose token it is.
            try AccessTokenRule.check(input.providerID, hasSecret: secret != nil, presets: runtime.registry.presets)
        }
        let grant = context(ports, input, in: runtime)
        if case .providerAnswer(let answer) = input.proof {
            // The project that ran the flow takes its answer, whatever the route would be now.
            return try await exchange(answer, purpose: input.purpose, accounts: accounts, grant: grant)
        }
        switch try Self.route(input.providerID, accounts: accounts, registry: runtime.registry) {
        case .project(let broker):
            return try await runByProject(input, broker: broker, ports: ports, grant: grant)
        case .local(let provider):
            if case .verified(let credential, let profile) = input.proof {
                return try await Self.apply(input.purpose, credential, profile, accounts)
            }
            let options = try await options(input, provider: provider, ports: ports, runtime: runtime)
            let flow = SignInFlow(provider: provider, registry: runtime.registry, services: runtime.services, context: grant)
            let purpose = input.purpose
            let ciSource: CITokenSource? = if case .ci(let source) = input.proof { source } else { nil }
            let clock = runtime.clock
            if case .accessToken(let token, let secret) = input.proof {
                var (credential, profile) = try await Self.proveAccessToken(token, provider: provider, runtime: runtime)
                credential.secret = secret
                return try await Self.apply(purpose, credential, profile, accounts)
            }
            let fullName = input.fullName
            return try await flow.run(options) { verified, verifiedProfile in
                var credential = verified
                var profile = verifiedProfile
                Self.name(&credential, &profile, fullName)
                if let ciSource {
                    credential.ciSource = ciSource
                    credential.obtainedAt = credential.obtainedAt ?? clock.now()
                }
                let result = try await Self.apply(purpose, credential, profile, accounts)
                return (result, result.user.email ?? result.user.displayName ?? result.user.uid)
            }
        }
    }

    /// Runs the provider's flow for later use, storing nothing: on this machine, the verified
    /// credential; through the project, its createAuthUri, the browser and the provider's answer,
    /// which the project exchanges when the credential is used (Decisions/0051). `input`'s purpose
    /// is not read: the flow asks the provider for nothing a purpose would add (no `prompt=login`).
    package func credential(_ input: Input, ports: Ports) async throws -> Obtained {
        try runtime.checkHome()
        try runtime.checkSecretStorage()
        let runtime = runtime.withDeadline(input.timeout, setting: input.timeoutSetting)
        let accounts = try runtime.accounts()
        try AuthorizationRequest.checkCustomParameters(input.customParameters)
        switch try Self.route(input.providerID, accounts: accounts, registry: runtime.registry) {
        case .project(let broker):
            return .providerAnswer(try await answerFromProject(input, broker: broker, ports: ports, grant: context(ports, input, in: runtime)))
        case .local(let provider):
            let flow = SignInFlow(provider: provider, registry: runtime.registry, services: runtime.services, context: context(ports, input, in: runtime))
            let (credential, profile) = try await flow.run(try await options(input, provider: provider, ports: ports, runtime: runtime))
            return .verified(credential, profile)
        }
    }

    /// The local flow's options: the grant the proof and the ports choose.
    func options(_ input: Input, provider: ProviderConfiguration, ports: Ports, runtime: AuthRuntime) async throws -> SignInOptions {
        let method: SignInMethod
        switch input.proof {
        case .browser: method = .loopback(acceptsPaste: Self.policy(input, ports).pastesFromStart)
        case .device: method = .device
        case .idToken(let token, let rawNonce): method = .idToken(token, rawNonce: rawNonce)
        case .ci(let source):
            let fetcher = CITokenFetcher(environment: runtime.environment, transport: runtime.transport)
            method = .idToken(try await fetcher.idToken(from: source, audience: provider.clientID), rawNonce: nil)
        case .accessToken, .verified, .providerAnswer: method = .loopback(acceptsPaste: false)
        }
        var request = input.request
        request.preferredPrompt = Self.prompt(for: input.purpose)
        request.opensBrowser = ports.opensBrowser
        return SignInOptions(request: request, deadline: runtime.transport.deadline, method: method)
    }

    /// The front door's grant context on the runtime's effects, with the paste policy's answer to
    /// "may a failed browser bring the paste prompt".
    func context(_ ports: Ports, _ input: Input, in runtime: AuthRuntime) -> GrantContext {
        var context = ports.grant
        context.canAskForPaste = Self.policy(input, ports).offersAfterBrowserFails
        context.transport = runtime.transport
        context.clock = runtime.clock
        context.random = runtime.effects.random
        return context
    }

    /// A name handed apart from the ID token (Apple's first sign-in) kept with the credential, to
    /// be sent with it, and the profile's display name when the token carries none.
    static func name(_ credential: inout ProviderCredential, _ profile: inout FederatedProfile, _ fullName: PersonName?) {
        guard let fullName, !fullName.isEmpty else { return }
        credential.fullName = fullName
        profile.displayName = profile.displayName ?? fullName.displayName
    }

    /// The account rules for `purpose`.
    static func apply(_ purpose: FederatedPurpose, _ credential: ProviderCredential, _ profile: FederatedProfile, _ accounts: AccountService) async throws -> SignInResult {
        switch purpose {
        case .signIn: try await accounts.signIn(with: credential, profile: profile)
        case .link: try await accounts.link(with: credential, profile: profile)
        case .reauthenticate: try await accounts.reauthenticate(with: credential, profile: profile)
        }
    }
}
