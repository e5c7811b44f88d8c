import AuthCore
import AuthCrypto
import Foundation

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
            return report(try auth.linkPending(), purpose: .link, in: env)
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
        let (credential, profile): (OAuthCredential, FederatedProfile)
        if arguments.idTokenFromStandardInput {
            (credential, profile) = try await verifyIDTokenFromStandardInput(provider: provider, rawNonce: arguments.rawNonce, in: env)
        } else {
            let browserCommand = arguments.browserCommand ?? env.context.environment["AUTHCTL_BROWSER"]
            try refuseNonInteractiveBrowser(arguments, browserCommand: browserCommand, in: env)
            let acceptsPaste = arguments.paste || (!arguments.opensBrowser && env.context.standardInputIsTerminal)
            let options = SignInOptions(
                extraScopes: arguments.scopes, customParameters: customParameters, timeout: arguments.timeout,
                redirectPort: arguments.redirectPort, opensBrowser: arguments.opensBrowser,
                preferredPrompt: arguments.purpose == .reauthenticate ? "login" : nil,
                method: arguments.device ? .device : .loopback(acceptsPaste: acceptsPaste)
            )
            (credential, profile) = try await runFlow(provider: provider, options: options, browserCommand: browserCommand, in: env)
        }
        let result: AuthDataResult
        switch arguments.purpose {
        case .signIn: result = try auth.signIn(with: credential, profile: profile)
        case .link: result = try auth.link(with: credential, profile: profile)
        case .reauthenticate: result = try auth.reauthenticate(with: credential, profile: profile)
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

    /// Runs the provider flow in a task that Ctrl-C cancels.
    static func runFlow(
        provider: ProviderConfiguration, options: SignInOptions, browserCommand: String?, in env: CommandEnvironment
    ) async throws -> (OAuthCredential, FederatedProfile) {
        let browser = env.context.makeBrowser(browserCommand.map(ProcessBrowserOpener.splitCommand))
        let context = env.context
        let flow = ProviderSignIn(provider: provider, environment: env.signInEnvironment(browser: browser))
        let task = Task { try await flow.run(options) }
        let removeHandler = context.onInterrupt { task.cancel() }
        defer { removeHandler() }
        do {
            return try await task.value
        } catch where task.isCancelled {
            throw SignInInterrupted()
        }
    }

    /// The SDK's `OAuthProvider.credential(withProviderID:idToken:rawNonce:)`: an ID token
    /// obtained elsewhere, verified against the provider like any other.
    static func verifyIDTokenFromStandardInput(
        provider: ProviderConfiguration, rawNonce: String?, in env: CommandEnvironment
    ) async throws -> (OAuthCredential, FederatedProfile) {
        let token = try env.readToken()
        let validator = try await env.idTokenValidator(for: provider)
        // As in Firebase's Apple and generic OIDC flows, the token carries SHA-256(raw nonce), hex.
        let nonce = rawNonce.map { SHA256.hash(Array($0.utf8)).map { String(format: "%02x", $0) }.joined() }
        let verified = try await validator.validate(token, expectedNonce: nonce, accessToken: nil)
        env.log("ID token verified: signature (\(verified.algorithm.rawValue)), iss, aud, exp, iat" + (nonce == nil ? "" : ", nonce"))
        let credential = OAuthCredential(
            providerID: provider.id, accessToken: nil, idToken: token, expiresAt: verified.expiresAt, rawNonce: rawNonce
        )
        return (credential, FederatedProfile(providerID: provider.id, verified: verified, claims: verified.claims.objectValue ?? [:]))
    }
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
