import AuthCore
import AuthJOSE
import AuthOAuth
import AuthPlatform
import AuthProviders

/// What a front door needs of a sign-in before and around ``SignIn/run(_:ports:)``, as values: the
/// provider the signed-in user's rules choose, the `KEY=VALUE` parameters checked, the constants
/// its options show. The door names none of the services behind them (issue 35).
extension SignIn {
    /// How long a sign-in may take when the person does not say (`--timeout`'s default).
    package static let defaultTimeout: Duration = SignInRequest.defaultTimeout

    /// The provider ids a door can offer without anything added here, for its help: the built-in
    /// presets and the OpenID Connect prefix.
    package static let builtInProviderSummary: String = ProviderPresets.builtIn.idSummary

    /// `KEY=VALUE` pairs (`--param`) as the authorization request's custom parameters, refused
    /// (``OAuthError/malformedParameter(_:)``, or a parameter the flow sets itself) before anything
    /// is asked of the person.
    package static func customParameters(_ pairs: [String]) throws -> [String: String] {
        try AuthorizationRequest.parseParameters(pairs)
    }

    /// Whether the project runs `providerID`'s flow (it is not added on this machine), for a door's
    /// wording; an unknown provider is refused here, with the registry's suggestion, before the
    /// door chooses a browser or asks anything of the person.
    package func runsByProject(_ providerID: String) throws -> Bool {
        if case .project = try route(providerID) { return true }
        return false
    }

    /// A link or an email link needs a signed-in user: ``AccountError/notSignedIn`` otherwise,
    /// before anything is sent or asked.
    package func checkSignedIn() throws {
        guard try runtime.accounts().currentAccount() != nil else { throw AccountError.notSignedIn }
    }

    /// The provider a reauthentication runs with when the person names none: the one asked for,
    /// else the one the current user last signed in with (nil: nobody is signed in).
    package func reauthenticationProvider(asked: String?) throws -> String? {
        let account = try runtime.accounts().currentAccount()
        return asked ?? account?.signInProviderID
    }

    /// The provider of a sign-in for `purpose`, checked against the current user before the person
    /// spends time in a browser: a sign-in takes the one asked for; a link needs a signed-in user
    /// who has not linked it yet; a reauthentication needs a signed-in user and one of their
    /// providers (the one asked for, else ``reauthenticationProvider(asked:)``).
    package func provider(for purpose: FederatedPurpose, asked: String?) throws -> String {
        let account = try runtime.accounts().currentAccount()
        switch purpose {
        case .signIn:
            guard let asked else { throw ProviderNotGiven(purpose: purpose) }
            return asked
        case .link:
            guard let user = account?.user else { throw AccountError.notSignedIn }
            guard let asked else { throw ProviderNotGiven(purpose: purpose) }
            if user.identity(for: asked) != nil { throw AccountError.providerAlreadyLinked(providerID: asked) }
            return asked
        case .reauthenticate:
            guard let account, let chosen = asked ?? account.signInProviderID else { throw AccountError.notSignedIn }
            guard account.user.identity(for: chosen) != nil else {
                throw AccountError.noSuchProvider(providerID: chosen, linked: account.user.providerData.map(\.providerID))
            }
            return chosen
        }
    }
}

/// A sign-in or a link asked for with no provider (a door that let it through): nothing was asked.
package struct ProviderNotGiven: AuthCoreError, Equatable {
    package var purpose: FederatedPurpose
    package var code: ErrorCode { .invalidArgument }
    package var message: String { "a \(purpose == .link ? "link" : "sign-in") needs a provider, and none was given" }
    package var remedy: Remedy? { purpose == .link ? .link(providerID: nil) : .signIn(providerID: nil) }
}

extension SignIn.Ports {
    /// The door's side of a sign-in's wait, in values and callbacks: what it opens the page with,
    /// whether it does, why not, what it can paste, how it tells the person and shows the wait. The
    /// transport, clock and randomness are the runtime's; `--verbose` lines go to its log.
    package init(
        runtime: AuthRuntime, browser: any BrowserOpener, opensBrowser: Bool, whyNoBrowser: String? = nil, paste: SignIn.PasteAbility,
        notify: @escaping @Sendable (String) -> Void, readPastedLine: @escaping @Sendable () async -> String? = { nil },
        progress: any ProgressDisplay = NoProgress(),
        presentForAnotherDevice: (@Sendable (_ url: String, _ following: String, _ then: String?) -> Void)? = nil,
        routeChosen: @escaping @Sendable (SignIn.RouteNotice) -> Void = { _ in }
    ) {
        var grant = GrantContext(
            transport: runtime.transport, clock: runtime.clock, random: runtime.effects.random, browser: browser, notify: notify,
            log: runtime.options.log, readPastedLine: readPastedLine, progress: progress)
        grant.presentForAnotherDevice = presentForAnotherDevice
        grant.whyNoBrowser = whyNoBrowser
        self.init(grant: grant, opensBrowser: opensBrowser, paste: paste, routeChosen: routeChosen)
    }
}

/// A token a door reads from its standard input (`--id-token-stdin`, `--custom-token-stdin`,
/// `verify`): at most one compact JWS's worth of bytes, trimmed.
package enum StandardInputToken {
    /// The most bytes a token may have (``CompactJWS/maximumTokenBytes``).
    package static let maximumBytes = CompactJWS.maximumTokenBytes

    /// The token `read` returns when asked for at most ``maximumBytes`` and a line break; more than
    /// that (`read` returns nil) is ``JOSEError/tokenTooLarge(byteCount:limit:)``.
    package static func read(_ read: (_ limit: Int) -> [UInt8]?) throws -> String {
        guard let bytes = read(maximumBytes + 2) else {
            throw JOSEError.tokenTooLarge(byteCount: maximumBytes + 3, limit: maximumBytes)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }
}

extension SignInClient {
    /// The client signs in as itself with `scopes` (after the configured ones), and the
    /// `audience` and `resource` (RFC 8707) some providers ask for.
    package func run(providerID: String, scopes: [String], audience: String?, resource: String?) async throws -> SignInResult {
        try await run(providerID: providerID, request: ClientCredentialsRequest(scopes: scopes, audience: audience, resource: resource))
    }
}

extension ProviderRoutes {
    /// `error` with the routes of the providers it names (the account-exists hint), so it never
    /// names a way that cannot work here.
    package func routed(_ error: AccountError) -> AccountError {
        error.withSignInRoutes(routes(for:))
    }

    /// The providers a person can sign in with here, for a "not signed in" that names none: those
    /// added here (providers.json), then the project's password sign-in when a project is configured.
    package func choices() -> [String] {
        let configured = ((try? runtime.registry.all()) ?? []).map(\.id)
        let project = ((try? FirebaseBackendKind.project(in: runtime)) ?? nil) != nil ? [SignInRoute.passwordProviderID] : []
        return configured + project.filter { !configured.contains($0) }
    }
}

extension AuthRuntime.Options {
    /// Sign-ins take a second factor's code from `code`, given the factor's name as the project
    /// has it (nil: unnamed); a nil answer is no code, and the sign-in stops naming the factors.
    package mutating func askSecondFactor(_ code: @escaping @Sendable (_ factorName: String?) async -> String?) {
        secondFactor = SecondFactorSource { await code($0.displayName) }
    }
}
