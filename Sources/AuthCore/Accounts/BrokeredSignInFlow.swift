import AuthOAuth
import AuthPlatform
import AuthProviders

/// A sign-in whose provider flow the account backend runs (``ProviderFlowBroker``): ask it for
/// the authorization URL, send the browser there, bring the provider's answer back, hand it over.
/// authctl holds no client id or secret of the provider; the backend checks `state` and
/// exchanges the code.
package struct BrokeredSignInFlow: Sendable {
    /// Where the provider sends the browser back to.
    package enum Return: Sendable, Equatable {
        /// `http://localhost:PORT/callback` on the one-shot listener (RFC 8252 §7.3; `localhost`,
        /// not the IP literal, because it is what a Firebase project authorizes by default). With
        /// `acceptsPaste`, the address pasted on stdin is taken too, whichever comes first. The
        /// first free one of `ports` (none: any free port).
        case loopback(ports: [UInt16], acceptsPaste: Bool)
        /// The backend's handler page (``ProviderFlowBroker/handlerURI``), which every provider app
        /// registered as the Firebase docs say accepts; the person pastes the address it shows.
        case handler
    }

    /// A sign-in through the backend: the person's ``SignInRequest`` as it applies here (its ports
    /// and prompt are the caller's to apply), what it is for, the return, and the provider's rules.
    package struct Request: Sendable {
        package var providerID: String
        package var purpose: FederatedPurpose
        package var returning: Return
        package var scopes: [String]
        package var customParameters: [String: String]
        /// How long the person has to finish in the browser.
        package var timeout: Duration
        /// False for `--no-browser`: only print the URL.
        package var opensBrowser: Bool
        /// The provider's rules for a project's flow (its preset's data).
        package var traits: ProjectFlowTraits

        /// `asked`'s provider, scopes, parameters, timeout and browser.
        package init(_ asked: SignInRequest, purpose: FederatedPurpose, returning: Return, traits: ProjectFlowTraits? = nil) {
            self.init(
                providerID: asked.providerID, purpose: purpose, returning: returning, scopes: asked.scopes, customParameters: asked.parameters,
                timeout: asked.timeout, opensBrowser: asked.opensBrowser, traits: traits)
        }

        package init(
            providerID: String, purpose: FederatedPurpose, returning: Return, scopes: [String] = [], customParameters: [String: String] = [:],
            timeout: Duration, opensBrowser: Bool = true, traits: ProjectFlowTraits? = nil
        ) {
            self.providerID = providerID
            self.purpose = purpose
            self.returning = returning
            self.scopes = scopes
            self.customParameters = customParameters
            self.timeout = timeout
            self.opensBrowser = opensBrowser
            self.traits = traits ?? ProviderPresets.builtIn.projectFlow(for: providerID)
        }
    }

    package let broker: any ProviderFlowBroker
    package let context: GrantContext

    package init(broker: any ProviderFlowBroker, context: GrantContext) {
        self.broker = broker
        self.context = context
    }

    /// The whole flow for the request's purpose, as `authctl signin`, `link` and `reauth` run it:
    /// ``obtain(_:)``, then ``exchange(_:for:)``; a browser waiting on the listener is told how the
    /// sign-in ended only once the project has answered.
    package func run(_ request: Request) async throws -> SignInResult {
        let (answer, reply) = try await obtain(request)
        do {
            let result = try await exchange(answer, for: request.purpose)
            await reply.finish(.signedIn(who: result.user.email ?? result.user.displayName ?? result.user.uid))
            return result
        } catch {
            await reply.finish(.failed(error))
            throw error
        }
    }

    /// The first half alone (the library's `getCredentialWith`): the provider's answer, for any
    /// purpose, to be exchanged later. Nothing is asked of the account rules; a browser waiting on
    /// the listener is told to return to the program, which finishes the sign-in when it uses it.
    package func answer(_ request: Request) async throws -> ProviderAnswer {
        let (answer, reply) = try await obtain(request)
        await reply.finish(.answered(providerID: request.providerID))
        return answer
    }

    /// The second half: the answer handed to the project, which checks it against its session,
    /// exchanges the code and applies the account rules of `purpose` (signInWithIdp).
    package func exchange(_ answer: ProviderAnswer, for purpose: FederatedPurpose) async throws -> SignInResult {
        context.log("\(answer.providerID): the provider answered; handing the answer to the project")
        return try await broker.completeProviderFlow(answer.authorization, answer: answer.redirect, purpose: purpose)
    }

    /// createAuthUri, the browser, and the provider's answer (the listener or a paste), with the
    /// browser's request still waiting for how it ends (none for a paste). The return rules refuse
    /// before any request.
    private func obtain(_ request: Request) async throws -> (ProviderAnswer, any BrowserReply) {
        try BrokeredReturnRules.check(request.traits, providerID: request.providerID, returning: request.returning)
        switch request.returning {
        case .handler:
            let authorization = try await begin(request, continueURI: broker.handlerURI)
            present(authorization, request, pasteFollows: true)
            let wait = SignInWait(
                in: context, listener: nil, paste: { try await pasted(for: authorization) }, pastesFromStart: true,
                launch: launch(authorization, request),
                browserFailed: { reason, _ in presentForAnotherDevice(authorization, request, browserFailure: reason, pasteFollows: true) },
                timeout: request.timeout, returning: .projectHandler(handler: broker.handlerURI))
            let answer = try await wait.run()
            return (ProviderAnswer(authorization: authorization, redirect: answer), NoBrowserReply())
        case .loopback(let ports, let acceptsPaste):
            let listener = try LoopbackCodeGrant.listen(on: ports, context: context)
            let authorization: BrokeredAuthorization
            do {
                authorization = try await begin(request, continueURI: Self.localhostURI(listener.redirectURI))
            } catch {
                await listener.close()
                throw error
            }
            present(authorization, request, pasteFollows: acceptsPaste)
            let timeout = request.timeout
            let fromListener: @Sendable () async throws -> Answer = {
                let (answer, reply) = try await listener.waitForCallback(timeout: timeout) { callback in
                    try ForwardedRedirect.verdict(for: callback, continueURI: authorization.continueURI, authorizationURL: authorization.authorizationURL)
                }
                return Answer(redirect: answer, reply: reply)
            }
            let wait = SignInWait(
                in: context, listener: fromListener,
                paste: { Answer(redirect: try await pasted(for: authorization), reply: NoBrowserReply()) }, pastesFromStart: acceptsPaste,
                launch: launch(authorization, request),
                browserFailed: { reason, offered in
                    if offered { return presentForAnotherDevice(authorization, request, browserFailure: reason, pasteFollows: true) }
                    context.notify("The browser did not open (\(reason)): open the URL above in a browser on this machine yourself.")
                },
                timeout: timeout, returning: .projectLoopback(handler: broker.handlerURI))
            let answer = try await wait.run(closing: listener)
            return (ProviderAnswer(authorization: authorization, redirect: answer.redirect), answer.reply)
        }
    }

    /// The provider's answer and the browser's request waiting for the outcome (none for a paste).
    private struct Answer: Sendable {
        var redirect: ForwardedRedirect
        var reply: any BrowserReply
    }

    private func begin(_ request: Request, continueURI: String) async throws -> BrokeredAuthorization {
        let authorization = try await broker.beginProviderFlow(BrokeredFlowRequest(
            providerID: request.providerID, continueURI: continueURI, scopes: request.scopes, customParameters: request.customParameters
        ))
        context.log("\(request.providerID): the project's flow session is open; the provider returns to \(continueURI)")
        return authorization
    }

    /// Prints the URL (always, so it can be opened by hand; the wait starts the browser), or, with
    /// no browser, shows it for another device.
    private func present(_ authorization: BrokeredAuthorization, _ request: Request, pasteFollows: Bool) {
        guard request.opensBrowser else { return presentForAnotherDevice(authorization, request, browserFailure: nil, pasteFollows: pasteFollows) }
        context.notify("To sign in with \(request.providerID), open this URL in a browser:\n\n  \(authorization.authorizationURL.absoluteString)\n")
    }

    /// The QR code where it fits, then the URL and why no browser opened, below it.
    private func presentForAnotherDevice(_ authorization: BrokeredAuthorization, _ request: Request, browserFailure: String?, pasteFollows: Bool) {
        let url = authorization.authorizationURL.absoluteString
        var text = "To sign in with \(request.providerID), open this URL in a browser on any device:\n\n  \(url)\n"
        if let browserFailure {
            text += "\nThe browser did not open (\(browserFailure))."
        } else if let why = context.whyNoBrowser {
            text += "\nNo browser is opened: \(why)."
        }
        context.showForAnotherDevice(url, following: text, then: pasteFollows ? pastePrompt(authorization) : nil)
    }

    /// Starts the browser now; its watch goes to the wait.
    private func launch(_ authorization: BrokeredAuthorization, _ request: Request) -> BrowserLaunchWatch? {
        request.opensBrowser ? context.browser.launch(authorization.authorizationURL) : nil
    }

    private func pastePrompt(_ authorization: BrokeredAuthorization) -> String {
        "After signing in, paste the whole address your browser ended on (\(authorization.continueURI)?…), then press Enter:"
    }

    private func pasted(for authorization: BrokeredAuthorization) async throws -> ForwardedRedirect {
        context.notify(pastePrompt(authorization))
        guard let line = await context.readPastedLine() else { throw OAuthError.unreadablePastedRedirect("nothing was pasted") }
        return try ForwardedRedirect.pasted(line, continueURI: authorization.continueURI, authorizationURL: authorization.authorizationURL)
    }

    /// `http://localhost:PORT/callback` for the listener's `http://127.0.0.1:PORT/callback`: the
    /// listener takes both host names, and `localhost` is what a project authorizes by default.
    static func localhostURI(_ redirectURI: String) -> String {
        guard var components = URLComponents(string: redirectURI) else { return redirectURI }
        components.host = "localhost"
        return components.string ?? redirectURI
    }
}

/// The provider's answer to a flow the backend runs, not yet handed over: the session it belongs
/// to (createAuthUri's `sessionId`, with the provider and the return) and the whole address the
/// provider sent the browser to (`requestUri`, and `postBody` for an answer posted as a form). It
/// is for no purpose yet: ``BrokeredSignInFlow/exchange(_:for:)`` signs in, links or
/// reauthenticates with it, once; the backend refuses a session used before or too old.
package struct ProviderAnswer: Sendable, Equatable {
    package var authorization: BrokeredAuthorization
    package var redirect: ForwardedRedirect

    package init(authorization: BrokeredAuthorization, redirect: ForwardedRedirect) {
        self.authorization = authorization
        self.redirect = redirect
    }

    package var providerID: String { authorization.providerID }
    /// The backend's session (signInWithIdp's `sessionId`).
    package var sessionID: String { authorization.sessionID }
    /// The address the provider returned to (signInWithIdp's `requestUri`).
    package var requestURI: String { redirect.requestURI }
    /// An answer posted as a form (signInWithIdp's `postBody`).
    package var postBody: String? { redirect.postBody }
}

/// Providers whose answer cannot reach a terminal program by a given return, said before the
/// person spends time in a browser, with what works instead. The rules are the provider's preset
/// data (``ProjectFlowTraits``).
package enum BrokeredReturnRules {
    package static func check(_ traits: ProjectFlowTraits, providerID: String, returning: BrokeredSignInFlow.Return) throws(BrokeredFlowError) {
        if traits.cannotRunThroughProject { throw .appleNeedsVerifiedHTTPS }
        if traits.answersByFormPost, returning == .handler { throw .postedAnswerCannotBePasted(providerID: providerID) }
    }
}

/// A provider flow the backend could run, but whose answer could never come back here.
package enum BrokeredFlowError: AuthCoreError, Equatable {
    /// Sign in with Apple returns only to verified https domains, by form POST.
    case appleNeedsVerifiedHTTPS
    /// A SAML provider posts its answer to the handler page: nothing there can be copied.
    case postedAnswerCannotBePasted(providerID: String)

    package var remedy: Remedy? {
        if case .postedAnswerCannotBePasted = self { return .signInAnotherWay([.listener]) }
        return nil
    }

    package var code: ErrorCode { .configurationError }

    package var message: String {
        switch self {
        case .appleNeedsVerifiedHTTPS:
            "Sign in with Apple returns only to a verified https domain, by a form POST that no terminal program can "
                + "receive or paste; sign in with Apple in your app (it links Apple to the project's user), then sign in "
                + "here with another provider linked to that user"
        case .postedAnswerCannotBePasted(let providerID):
            "\(providerID) posts its answer to the project's handler page as a form, which cannot be copied into the terminal "
                + "(for the answer to come to this machine's listener, the identity provider must accept http://localhost "
                + "as an assertion consumer service)"
        }
    }
}
