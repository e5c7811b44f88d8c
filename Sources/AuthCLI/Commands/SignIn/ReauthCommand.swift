import AuthApp

/// `authctl reauth`: sign in again as the current user (with `prompt=login`), to prove it is
/// still them; another person's identity is a user mismatch.
struct ReauthCommand: Command {
    static let provider = Option.string(
        "provider", "ID", help: "The provider to sign in with. Default: the one the current user signed in with.")

    static let name = "reauth"
    static let spec = CommandSpec(
        name: name,
        abstract: "Sign in again as the current user, to prove it is you.",
        discussion: [
            "Some changes, such as unlinking a provider or deleting the account, need a recent sign-in "
                + "(config recent-login-seconds); linking does not. reauth runs "
                + "the browser sign-in again and fails with a user mismatch if a different user comes "
                + "back; the session is kept either way.",
            BrowserFlowOptions.discussion(offersIDToken: false),
        ],
        options: [provider.spec] + BrowserFlowOptions.specs + [SignInCommand.passwordStdin.spec, SignInCommand.totp.spec],
        exclusiveOptions: BrowserFlowOptions.exclusions,
        examples: [
            Example("Sign in again with the same provider:", "authctl reauth"),
            Example("Prove it is you through a linked provider:", "authctl reauth --provider oidc.corp"),
            Example("With a Firebase project, prove it with the account's password:", "authctl reauth --provider password"),
        ])

    let providerID: String?
    let runner: SignInRunner
    let passwordFromStandardInput: Bool
    let totp: String?

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        runner = SignInRunner(purpose: .reauthenticate, flowOptions: try BrowserFlowOptions(invocation))
        passwordFromStandardInput = try invocation[SignInCommand.passwordStdin]
        totp = try invocation[SignInCommand.totp]
        if passwordFromStandardInput, let providerID, providerID != SignInCommand.passwordProviderID {
            throw UsageError.invalidUsage("--password-stdin goes with --provider password", command: invocation.commandPath)
        }
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let env = try env.withSecondFactor(totp: totp)
        try env.checkKeyringBeforeSignIn()
        if try SignIn(runtime: env.runtime).reauthenticationProvider(asked: providerID) == SignInCommand.passwordProviderID {
            try SignInRunner.checkHome(env)
            let accounts = EmailAndPassword(runtime: env.runtime)
            let password = try await SignInCommand.password(
                fromStandardInput: passwordFromStandardInput, in: env, command: [Self.name], interrupted: .reauthentication)
            // The second factor's code may be asked for at the terminal: Ctrl-C there stores nothing.
            let result = try await env.interruptible(.reauthentication) { try await accounts.reauthenticate(password: password) }
            SignInRunner.report(result, purpose: .reauthenticate, in: env)
            return .success
        }
        return try await runner.run(in: env, providerID: providerID)
    }
}
