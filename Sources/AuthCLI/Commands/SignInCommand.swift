import AuthCore
import AuthCrypto
import Foundation
import AuthOAuth
import AuthPlatform
import AuthProviders

/// `signin`, `link` and `reauth`: the browser flow (or an ID token from stdin), then the account
/// rules, then the keystore.
enum SignInCommand {
    /// What the verified credential is for.
    enum Purpose: String {
        case signIn = "signin"
        case link
        case reauthenticate = "reauth"
    }

    struct Arguments {
        var purpose: Purpose
        var providerID: String?
        var scopes: [String]
        var parameters: [String]
        var timeout: Duration
        var browserCommand: String?
        var opensBrowser: Bool
        var redirectPort: UInt16?
        var idTokenFromStandardInput: Bool
        var rawNonce: String?
        var linkPending: Bool
        var paste: Bool
        var device: Bool
    }

    static func run(_ arguments: Arguments, in env: CommandEnvironment) async throws {
        let customParameters = try AuthorizationRequest.parseParameters(arguments.parameters)
        try env.home.ensureExists()
        try env.home.checkSecure()
        let auth = env.auth
        // Fail on a locked, corrupt or insecure keystore, or a rule that cannot pass, before the
        // person spends time in a browser.
        let account = try auth.currentAccount()
        if arguments.linkPending {
            guard account != nil else { throw AccountError.notSignedIn }
            return report(try await auth.linkPending(), purpose: .link, in: env)
        }
        let providerID: String
        switch arguments.purpose {
        case .signIn:
            providerID = arguments.providerID!
        case .link:
            guard let user = account?.user else { throw AccountError.notSignedIn }
            guard let given = arguments.providerID else {
                throw UsageError.missingOption("--provider", command: ["link"])
            }
            if user.identity(for: given) != nil { throw AccountError.providerAlreadyLinked(providerID: given) }
            providerID = given
        case .reauthenticate:
            guard let account else { throw AccountError.notSignedIn }
            guard let chosen = arguments.providerID ?? account.lastProviderID ?? account.user.providerData.first?.providerID else {
                throw AccountError.notSignedIn
            }
            guard account.user.identity(for: chosen) != nil else {
                throw AccountError.noSuchProvider(providerID: chosen, linked: account.user.providerData.map(\.providerID))
            }
            providerID = chosen
        }
        let provider = try env.registry.provider(providerID)
        let options: SignInOptions
        var browser: any BrowserOpener = NoBrowser()
        if arguments.idTokenFromStandardInput {
            options = SignInOptions(method: .idToken(try env.readToken(), rawNonce: arguments.rawNonce))
        } else {
            let browserCommand = arguments.browserCommand ?? env.context.environment["AUTHCTL_BROWSER"]
            try refuseNonInteractiveBrowser(arguments, browserCommand: browserCommand, in: env)
            browser = env.context.makeBrowser(browserCommand.map(ProcessBrowserOpener.splitCommand))
            let acceptsPaste = arguments.paste || (!arguments.opensBrowser && env.context.standardInputIsTerminal)
            options = SignInOptions(
                extraScopes: arguments.scopes, customParameters: customParameters, timeout: arguments.timeout,
                redirectPort: arguments.redirectPort, opensBrowser: arguments.opensBrowser,
                preferredPrompt: arguments.purpose == .reauthenticate ? "login" : nil,
                method: arguments.device ? .device : .loopback(acceptsPaste: acceptsPaste)
            )
        }
        let flow = SignInFlow(provider: provider, registry: env.registry, services: env.services, context: env.grantContext(browser: browser))
        let result = try await runFlow(flow, options: options, in: env) { credential, profile in
            let result: AuthDataResult
            switch arguments.purpose {
            case .signIn: result = try await auth.signIn(with: credential, profile: profile)
            case .link: result = try await auth.link(with: credential, profile: profile)
            case .reauthenticate: result = try await auth.reauthenticate(with: credential, profile: profile)
            }
            return (result, result.user.email ?? result.user.displayName ?? result.user.uid)
        }
        report(result, purpose: arguments.purpose, in: env)
    }

    private static func report(_ result: AuthDataResult, purpose: Purpose, in env: CommandEnvironment) {
        if env.json { env.output(Render.json(result)) }
        let who = result.user.email ?? result.user.displayName ?? result.user.uid
        let provider = result.additionalUserInfo.providerID
        switch purpose {
        case .signIn:
            env.notice("Signed in as \(who) with \(provider)\(result.additionalUserInfo.isNewUser ? " (new user \(result.user.uid))" : "").")
        case .link:
            env.notice("Linked \(provider) to \(who); providers: \(result.user.providerData.map(\.providerID).joined(separator: ", ")).")
        case .reauthenticate:
            env.notice("Reauthenticated \(who) with \(provider).")
        }
    }

    /// Never opens a browser for a background job: without a terminal on stdin and stderr, or
    /// under `CI`, only an explicit `--browser`/`AUTHCTL_BROWSER`, `--no-browser`, or `--device`
    /// may go on (`--id-token-stdin` never gets here).
    static func refuseNonInteractiveBrowser(_ arguments: Arguments, browserCommand: String?, in env: CommandEnvironment) throws {
        let context = env.context
        let ci = context.environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
        let interactive = context.standardInputIsTerminal && context.standardErrorIsTerminal && !ci
        guard interactive || browserCommand != nil || !arguments.opensBrowser || arguments.device else {
            throw InteractiveSignInRequired(reason: ci ? "CI is set" : "there is no terminal on stdin and stderr")
        }
    }

    /// Runs the sign-in, and `complete` (the account rules), in a task that Ctrl-C cancels.
    static func runFlow(
        _ flow: SignInFlow, options: SignInOptions, in env: CommandEnvironment,
        complete: @escaping @Sendable (OAuthCredential, FederatedProfile) async throws -> (result: AuthDataResult, who: String)
    ) async throws -> AuthDataResult {
        let task = Task { try await flow.run(options, complete: complete) }
        let removeHandler = env.context.onInterrupt { task.cancel() }
        defer { removeHandler() }
        do {
            return try await task.value
        } catch where task.isCancelled {
            throw SignInInterrupted()
        }
    }
}

/// The browser of a sign-in that opens none (an ID token from stdin).
struct NoBrowser: BrowserOpener {
    func open(_ url: URL) -> Bool { false }
}

/// A browser sign-in asked for where nobody can use a browser (exit 3).
struct InteractiveSignInRequired: AuthCoreError {
    var reason: String
    var code: AuthErrorCode { .interactiveSignInRequired }
    var message: String {
        "interactive sign-in required, and \(reason): no browser is opened from a background job. "
            + "Use --device (a code to enter on another device), --id-token-stdin (a token issued to this job), "
            + "--no-browser to print the URL, or --browser CMD to open one anyway"
    }
}

/// Ctrl-C during a sign-in.
struct SignInInterrupted: AuthCoreError {
    var code: AuthErrorCode { .cancelled }
    var message: String { "sign-in cancelled (interrupted); nothing was stored" }
}
