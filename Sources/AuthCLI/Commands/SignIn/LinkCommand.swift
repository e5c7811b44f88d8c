import AuthApp

/// `authctl link`: add a provider to the signed-in user, or link the credential an
/// account-exists sign-in kept pending.
struct LinkCommand: Command {
    static let provider = Option.string("provider", "ID", help: "The provider to link: " + SignInCommand.providerHelp)
    static let email = Option.string("email", "EMAIL", help: "With --provider password (Firebase): the email to link, with a password.")
    static let passwordStdin = Option.flag("password-stdin", help: "With --provider password: read the password from stdin instead of asking for it.")
    static let emailLink = Option.string(
        "email-link", "EMAIL", help: "With a Firebase project: link EMAIL by a sign-in link the project emails, pasted here (or on stdin).")
    static let pending = Option.flag("pending", help: "Link the credential saved when a sign-in stopped because the account already exists.")

    static let name = "link"
    static let spec = CommandSpec(
        name: name,
        abstract: "Link another provider to the signed-in user.",
        discussion: [
            "Runs the same browser sign-in as 'authctl signin', then adds that provider's identity to "
                + "the current user, so that either provider signs you in afterwards. Nothing changes if "
                + "the identity already belongs to another user or the provider is already linked.",
            "An anonymous user of a Firebase project ('authctl signin --anonymous') is upgraded so, keeping its uid: "
                + "with a provider, with --provider password --email EMAIL, or with --email-link EMAIL.",
            BrowserFlowOptions.discussion(offersIDToken: false),
        ],
        options: [provider.spec, pending.spec, email.spec, passwordStdin.spec, emailLink.spec] + BrowserFlowOptions.specs,
        exclusiveOptions: BrowserFlowOptions.exclusions + [
            [provider.long, pending.long], [emailLink.long, provider.long], [emailLink.long, pending.long], [email.long, pending.long],
        ],
        examples: [
            Example("Let another provider sign you in too:", "authctl link --provider oidc.lab"),
            Example("Keep an anonymous user's uid with a password:", "authctl link --provider password --email alice@example.com"),
            Example("Finish an 'account exists' sign-in, after signing in with your usual provider:", "authctl link --pending"),
        ])

    let providerID: String?
    let linksPending: Bool
    let runner: SignInRunner
    /// `--provider password --email`: the email, and whether the password comes on stdin.
    let passwordLink: (email: String, fromStandardInput: Bool)?
    let emailLinkAddress: String?

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        linksPending = try invocation[Self.pending]
        runner = SignInRunner(purpose: .link, flowOptions: try BrowserFlowOptions(invocation))
        emailLinkAddress = try invocation[Self.emailLink]
        let email = try invocation[Self.email]
        if providerID == SignInCommand.passwordProviderID {
            guard let email else { throw UsageError.missingOption("--" + Self.email.long, command: invocation.commandPath) }
            passwordLink = (email, try invocation[Self.passwordStdin])
        } else if try email != nil || invocation[Self.passwordStdin] {
            throw UsageError.invalidUsage("--email and --password-stdin go with --provider password", command: invocation.commandPath)
        } else {
            passwordLink = nil
        }
        if providerID == nil, !linksPending, emailLinkAddress == nil {
            throw UsageError.invalidUsage("give --provider ID, --email-link EMAIL or --pending", command: invocation.commandPath)
        }
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        try env.checkKeyringBeforeSignIn()
        if let emailLinkAddress {
            try SignInRunner.checkHome(env)
            let result = try await SignInCommand.signInWithEmailLink(emailLinkAddress, continueURL: nil, linking: true, in: env)
            SignInRunner.report(result, purpose: .link, in: env)
            return .success
        }
        if let passwordLink {
            try SignInRunner.checkHome(env)
            try SignIn(runtime: env.runtime).checkSignedIn()
            let password = try await SignInCommand.password(
                fromStandardInput: passwordLink.fromStandardInput, in: env, command: [Self.name], interrupted: .link)
            SignInRunner.report(
                try await SignInMethods(runtime: env.runtime).linkPassword(email: passwordLink.email, password: password), purpose: .link, in: env)
            return .success
        }
        if linksPending {
            _ = try SignIn.customParameters(runner.flowOptions.parameters)
            try SignInRunner.checkHome(env)
            try SignIn(runtime: env.runtime).checkSignedIn()
            SignInRunner.report(try await AccountOperations(runtime: env.runtime).linkPending(), purpose: .link, in: env)
            return .success
        }
        return try await runner.run(in: env, providerID: providerID)
    }
}
