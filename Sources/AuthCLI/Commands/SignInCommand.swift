import AuthCore
import Foundation

/// `signin --provider P`: the browser flow, then the account rules, then the keystore.
enum SignInCommand {
    struct Arguments {
        var providerID: String
        var scopes: [String]
        var parameters: [String]
        var timeout: Duration
        var browserCommand: String?
        var opensBrowser: Bool
        var redirectPort: UInt16?
    }

    static func run(_ arguments: Arguments, in env: CommandEnvironment) async throws {
        let options = SignInOptions(
            extraScopes: arguments.scopes, customParameters: try AuthorizationRequest.parseParameters(arguments.parameters),
            timeout: arguments.timeout, redirectPort: arguments.redirectPort, opensBrowser: arguments.opensBrowser
        )
        try env.home.ensureExists()
        try env.home.checkSecure()
        // Fail on a locked, corrupt or insecure keystore before the person spends time in a browser.
        _ = try env.auth.currentUser()
        let provider = try env.registry.provider(arguments.providerID)
        let (credential, profile) = try await runFlow(provider: provider, options: options, browserCommand: arguments.browserCommand, in: env)
        let result = try env.auth.signIn(with: credential, profile: profile)
        if env.json { env.output(Render.json(result)) }
        let who = result.user.email ?? result.user.displayName ?? result.user.uid
        env.notice("Signed in as \(who) with \(provider.id)\(result.additionalUserInfo.isNewUser ? " (new user \(result.user.uid))" : "").")
    }

    /// Runs the provider flow in a task that Ctrl-C cancels.
    static func runFlow(
        provider: ProviderConfiguration, options: SignInOptions, browserCommand: String?, in env: CommandEnvironment
    ) async throws -> (OAuthCredential, FederatedProfile) {
        let command = browserCommand ?? env.context.environment["AUTHCTL_BROWSER"]
        let browser = env.context.makeBrowser(command.map(ProcessBrowserOpener.splitCommand))
        let context = env.context
        let verbose = env.verbose
        let flow = OIDCSignIn(
            provider: provider,
            environment: SignInEnvironment(
                transport: context.transport, clock: context.clock, random: context.random, browser: browser,
                cacheDirectory: env.home.cacheDirectory.path,
                notify: { context.writeStandardError($0 + "\n") },
                log: { if verbose { context.writeStandardError("authctl: " + $0 + "\n") } }
            )
        )
        let task = Task { try await flow.run(options) }
        let removeHandler = context.onInterrupt { task.cancel() }
        defer { removeHandler() }
        do {
            return try await task.value
        } catch where task.isCancelled {
            throw SignInInterrupted()
        }
    }
}

/// Ctrl-C during a sign-in.
struct SignInInterrupted: AuthCoreError {
    var code: AuthErrorCode { .cancelled }
    var message: String { "sign-in cancelled (interrupted); nothing was stored" }
}
