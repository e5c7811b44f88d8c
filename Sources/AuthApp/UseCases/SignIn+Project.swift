import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders

/// The project's route: the flow the Firebase project runs (createAuthUri, the browser, then
/// signInWithIdp with the provider's answer), in one step for `authctl`, or in two for a credential
/// obtained now and used later (the library's `getCredentialWith`; Decisions/0051).
extension SignIn {
    /// The project's flow: createAuthUri, the browser, the answer forwarded to signInWithIdp.
    func runByProject(_ input: Input, broker: any ProviderFlowBroker, ports: Ports, grant: GrantContext) async throws -> SignInResult {
        switch input.proof {
        case .browser: break
        case .idToken(let token, let rawNonce):
            return try await signInWithIDToken(token, rawNonce: rawNonce, input: input, broker: broker)
        case .accessToken(let token, let secret):
            return try await signInWithAccessToken(token, secret: secret, input: input)
        case .providerAnswer(let answer):
            return try await BrokeredSignInFlow(broker: broker, context: grant).exchange(answer, for: input.purpose)
        case .device, .ci, .verified:
            throw LocalFlowNeedsProvider(
                providerID: input.providerID, proof: input.proof.name, remedy: runtime.registry.presets.addRemedy(input.providerID))
        }
        let request = try projectFlowRequest(input, broker: broker, ports: ports, purpose: input.purpose)
        return try await BrokeredSignInFlow(broker: broker, context: grant).run(request)
    }

    /// The first half of the project's flow alone (createAuthUri, the browser, the answer), for a
    /// credential used later: the same refusals before any request and the same route notice as
    /// ``runByProject(_:broker:ports:grant:)``, and no purpose's prompt.
    func answerFromProject(_ input: Input, broker: any ProviderFlowBroker, ports: Ports, grant: GrantContext) async throws -> ProviderAnswer {
        guard case .browser = input.proof else {
            throw LocalFlowNeedsProvider(
                providerID: input.providerID, proof: input.proof.name, remedy: runtime.registry.presets.addRemedy(input.providerID))
        }
        let request = try projectFlowRequest(input, broker: broker, ports: ports, purpose: nil)
        return try await BrokeredSignInFlow(broker: broker, context: grant).answer(request)
    }

    /// The second half: an answer obtained earlier, handed to the project that ran its flow for
    /// `purpose`'s account rules. A home whose backend is no project any more cannot use it.
    func exchange(_ answer: ProviderAnswer, purpose: FederatedPurpose, accounts: AccountService, grant: GrantContext) async throws -> SignInResult {
        guard let broker = accounts.backend as? any ProviderFlowBroker else { throw ProviderAnswerNeedsItsProject(providerID: answer.providerID) }
        return try await BrokeredSignInFlow(broker: broker, context: grant).exchange(answer, for: purpose)
    }

    /// The project's flow as `input` and the door ask for it: the return (loopback, or the handler
    /// page and a paste) and why, every refusal that needs no request, then the route notice; with
    /// a `purpose`, its prompt (a reauthentication's `prompt=login`).
    func projectFlowRequest(_ input: Input, broker: any ProviderFlowBroker, ports: Ports, purpose: FederatedPurpose?) throws -> BrokeredSignInFlow.Request {
        let traits = runtime.registry.presets.projectFlow(for: input.providerID)
        let appAcceptsLocalhost = input.appAcceptsLocalhost || !traits.returnsOnlyToHandler || broker.oneCallbackAppsAcceptLocalhost
        let reason: RouteNotice.Reason =
            input.asksToPaste ? .pasteAsked
            : !ports.opensBrowser ? .noBrowser(why: ports.grant.whyNoBrowser)
            : appAcceptsLocalhost || !Self.policy(input, ports).canPaste ? .loopback : .appTakesOneCallback
        let returning: BrokeredSignInFlow.Return = reason == .loopback ? .loopback(ports: input.redirectPorts, acceptsPaste: false) : .handler
        // Every refusal that needs no request comes before the notice of which route runs.
        try BrokeredReturnRules.check(traits, providerID: input.providerID, returning: returning)
        ports.routeChosen(RouteNotice(providerID: input.providerID, returning: returning, handler: broker.handlerURI, reason: reason))
        var request = input.request
        if let purpose, let prompt = Self.prompt(for: purpose), request.parameters["prompt"] == nil { request.parameters["prompt"] = prompt }
        request.opensBrowser = ports.opensBrowser
        // Without a purpose, `run` is not called: the request's purpose is the exchange's to give.
        return BrokeredSignInFlow.Request(request, purpose: purpose ?? .signIn, returning: returning, traits: traits)
    }
}
