import AuthApp
import AuthPlatform

/// `authctl signin`: sign in through the browser (or a paste, a device code, or an ID token
/// from stdin), then the account rules.
struct SignInCommand: Command {
    /// The ids `--provider` takes, for signin and link: locally, ones `providers add` added; with
    /// a Firebase project, any the project enables, with nothing added here.
    static let providerHelp = "\(SignIn.builtInProviderSummary). Locally, one added with 'authctl providers add'; "
        + "with a Firebase project, any provider the project enables, with nothing to add here."
    static let provider = Option.required(
        "provider", "ID", help: "The provider to sign in with: " + providerHelp + " With a Firebase project, also password.",
        unless: ["custom-token-stdin", "anonymous", "email-link"])
    static let idTokenStdin = Option.flag(
        "id-token-stdin",
        help: "Sign in with an ID token read on stdin (for CI) instead of the browser. It is verified "
            + "against the provider: signature, issuer, audience (the client ID), expiry.")
    static let accessTokenStdin = Option.flag(
        "access-token-stdin",
        help: "With a Firebase project: sign in with the provider's access token read on stdin (google.com, facebook.com, "
            + "github.com); for twitter.com, the token and its secret, separated by a space: TOKEN SECRET. The project asks "
            + "the provider whose it is. A yahoo.com access token is refused (the project cannot tell which app it was "
            + "issued to): use --id-token-stdin or the browser.")
    static let ci = Option.string(
        "ci", "SOURCE",
        help: "Sign a CI job in with its own OpenID Connect token: github-actions (asked for with the job's "
            + "ACTIONS_ID_TOKEN_REQUEST_URL/_TOKEN, audience the client ID), gitlab (the id_tokens: variable "
            + "\(CITokenSource.gitLabDefaultVariable)) or env:VAR. Verified as --id-token-stdin; when it expires, "
            + "token, exec and the credential helpers fetch and verify a new one from the same place.")
    static let rawNonce = Option.string("raw-nonce", "NONCE", help: "With --id-token-stdin: the token's nonce must be the SHA-256 (hex) of NONCE.")
    static let email = Option.string("email", "EMAIL", help: "With --provider password (Firebase): the account's email.")
    static let passwordStdin = Option.flag(
        "password-stdin", help: "With --provider password: read the password from stdin instead of asking for it.")
    static let create = Option.flag("create", help: "With --provider password: create the account (accounts:signUp).")
    static let clientCredentials = Option.flag(
        "client-credentials",
        help: "Sign the client itself in (RFC 6749 §4.4), for machines: no browser, no person; the provider "
            + "needs a client secret. The token is asked for again when it expires.")
    static let audience = Option.string("audience", "API", help: "With --client-credentials: the audience parameter some providers require.")
    static let resource = Option.string("resource", "URI", help: "With --client-credentials: the API the token is for (RFC 8707).")
    /// `--totp CODE`: the second factor of an account that has one (signin, reauth).
    static let totp = Option.string(
        "totp", "CODE", help: "With a Firebase project: the code of the account's authenticator app (TOTP second factor); asked for on a terminal.")
    static let customTokenStdin = Option.flag(
        "custom-token-stdin", help: "Sign in to the Firebase project with a custom token read on stdin (minted by your backend).")

    static let anonymous = Option.flag(
        "anonymous", help: "With a Firebase project: sign in as a new anonymous user (a uid, no person); link a provider later to keep it.")
    static let emailLink = Option.string(
        "email-link", "EMAIL",
        help: "With a Firebase project: email a sign-in link to EMAIL, then sign in with the link pasted here (or given on stdin).")
    static let continueURL = Option.string("continue-url", "URL", help: "With --email-link: where the link leads once used (an authorized domain).")

    static let name = "signin"
    static let spec = CommandSpec(
        name: name,
        abstract: "Sign in with a provider through your browser.",
        discussion: [
            "authctl opens the provider's sign-in page in your browser and waits for the provider to "
                + "redirect back to a one-time listener on 127.0.0.1 (OAuth authorization code flow with "
                + "PKCE). When the sign-in completes, the session is saved and the user is shown.",
            BrowserFlowOptions.discussion(offersIDToken: true),
            "Nothing is stored unless every check passes: state, iss, the ID token's signature and "
                + "claims, and userinfo. Signing in again with the same identity lands on the same user.",
            "If a user with the same verified email already signs in with another provider, the sign-in "
                + "stops (status 6) and the new credential is kept for 10 minutes: sign in with the provider "
                + "you used before, then run 'authctl link --pending' to add this one.",
        ],
        options: [provider.spec] + BrowserFlowOptions.specs
            + [idTokenStdin.spec, accessTokenStdin.spec, ci.spec, rawNonce.spec, clientCredentials.spec, audience.spec, resource.spec, email.spec, passwordStdin.spec,
               create.spec, customTokenStdin.spec, totp.spec, anonymous.spec, emailLink.spec, continueURL.spec],
        exclusiveOptions: BrowserFlowOptions.exclusions + [
            [idTokenStdin.long, BrowserFlowOptions.browser.long], [idTokenStdin.long, BrowserFlowOptions.noBrowser.long],
            [customTokenStdin.long, provider.long], [customTokenStdin.long, idTokenStdin.long],
            [clientCredentials.long, idTokenStdin.long], [clientCredentials.long, BrowserFlowOptions.device.long],
            [ci.long, idTokenStdin.long], [ci.long, BrowserFlowOptions.browser.long], [ci.long, BrowserFlowOptions.noBrowser.long],
            [ci.long, BrowserFlowOptions.device.long], [ci.long, clientCredentials.long], [ci.long, customTokenStdin.long],
            [ci.long, rawNonce.long],
            [accessTokenStdin.long, idTokenStdin.long], [accessTokenStdin.long, ci.long], [accessTokenStdin.long, rawNonce.long],
            [accessTokenStdin.long, BrowserFlowOptions.browser.long], [accessTokenStdin.long, BrowserFlowOptions.noBrowser.long],
            [accessTokenStdin.long, BrowserFlowOptions.device.long], [accessTokenStdin.long, clientCredentials.long],
            [accessTokenStdin.long, customTokenStdin.long],
            [clientCredentials.long, BrowserFlowOptions.browser.long], [clientCredentials.long, BrowserFlowOptions.noBrowser.long],
            [anonymous.long, provider.long], [anonymous.long, customTokenStdin.long], [anonymous.long, emailLink.long],
            [emailLink.long, provider.long], [emailLink.long, customTokenStdin.long],
        ],
        examples: [
            Example("Sign in with a provider you added:", "authctl signin --provider oidc.corp"),
            Example(
                "In a GitHub Actions job (permissions: id-token: write), sign in with the job's own token, renewed as it expires:",
                "authctl signin --provider oidc.actions --ci github-actions"),
            Example(
                "A service signs in as itself:",
                "authctl signin --provider oidc.corp --client-credentials --scope api"),
        ],
        familiarNames: ["login", "log-in", "sign-in"])

    /// What signs the person in.
    enum Method: Sendable {
        case provider(String)
        /// Email and password, in the Firebase project.
        case password(email: String, fromStandardInput: Bool, create: Bool)
        /// A custom token from stdin, in the Firebase project.
        case customToken
        /// The client itself (RFC 6749 §4.4).
        case clientCredentials(providerID: String, scopes: [String], audience: String?, resource: String?)
        /// A new anonymous user, in the Firebase project.
        case anonymous
        /// A link emailed by the Firebase project, pasted back.
        case emailLink(email: String, continueURL: String?)
    }

    /// `password`: the email/password provider of a Firebase project.
    static let passwordProviderID = SignInRoute.passwordProviderID

    let method: Method
    let runner: SignInRunner
    let totp: String?

    init(_ invocation: ParsedInvocation) throws {
        let providerID = try invocation[Self.provider]
        let email = try invocation[Self.email]
        let path = invocation.commandPath
        let continueURL = try invocation[Self.continueURL]
        if try invocation[Self.customTokenStdin] {
            method = .customToken
        } else if try invocation[Self.anonymous] {
            method = .anonymous
        } else if let address = try invocation[Self.emailLink] {
            method = .emailLink(email: address, continueURL: continueURL)
        } else if let providerID, providerID == Self.passwordProviderID {
            guard let email else { throw UsageError.missingOption("--" + Self.email.long, command: path) }
            method = .password(email: email, fromStandardInput: try invocation[Self.passwordStdin], create: try invocation[Self.create])
        } else if let providerID, try invocation[Self.clientCredentials] {
            method = .clientCredentials(
                providerID: providerID, scopes: try invocation[BrowserFlowOptions.scope], audience: try invocation[Self.audience],
                resource: try invocation[Self.resource])
        } else if let providerID {
            method = .provider(providerID)
        } else {
            throw UsageError.missingOption("--" + Self.provider.long, command: path)
        }
        let passwordOnly = try [invocation[Self.passwordStdin], invocation[Self.create], email != nil].contains(true)
        if case .password = method {} else if passwordOnly {
            throw UsageError.invalidUsage("--email, --password-stdin and --create go with --provider password", command: path)
        }
        if case .emailLink = method {} else if continueURL != nil {
            throw UsageError.invalidUsage("--continue-url goes with --email-link", command: path)
        }
        if case .clientCredentials = method {} else if try invocation[Self.audience] != nil || invocation[Self.resource] != nil {
            throw UsageError.invalidUsage("--audience and --resource go with --client-credentials", command: path)
        }
        var runner = SignInRunner(purpose: .signIn, flowOptions: try BrowserFlowOptions(invocation))
        runner.idTokenFromStandardInput = try invocation[Self.idTokenStdin]
        runner.accessTokenFromStandardInput = try invocation[Self.accessTokenStdin]
        runner.rawNonce = try invocation[Self.rawNonce]
        if let text = try invocation[Self.ci] {
            guard let source = CITokenSource(parsing: text) else {
                throw UsageError.invalidValue(option: "--" + Self.ci.long, value: text, reason: "use " + CITokenSource.syntax)
            }
            runner.ciSource = source
        }
        if case .provider = method {} else if runner.accessTokenFromStandardInput {
            throw UsageError.invalidUsage("--access-token-stdin goes with a provider's sign-in (--provider ID, not password)", command: path)
        }
        if runner.rawNonce != nil, !runner.idTokenFromStandardInput {
            throw UsageError.invalidUsage("--raw-nonce goes with --id-token-stdin", command: path)
        }
        self.runner = runner
        totp = try invocation[Self.totp]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let env = try env.withSecondFactor(totp: totp)
        try env.checkKeyringBeforeSignIn()
        switch method {
        case .provider(let providerID):
            return try await runner.run(in: env, providerID: providerID)
        case .password(let email, let fromStandardInput, let create):
            try SignInRunner.checkHome(env)
            let accounts = EmailAndPassword(runtime: env.runtime)
            let password = try await Self.password(fromStandardInput: fromStandardInput, in: env)
            // The second factor's code may be asked for at the terminal: Ctrl-C there stores nothing.
            let result = try await env.interruptible(.signIn) {
                try await accounts.signIn(email: email, password: password, mode: create ? .signUp : .signIn)
            }
            SignInRunner.report(result, purpose: .signIn, in: env)
        case .clientCredentials(let providerID, let scopes, let audience, let resource):
            try SignInRunner.checkHome(env)
            let result = try await SignInClient(runtime: env.runtime).run(providerID: providerID, scopes: scopes, audience: audience, resource: resource)
            SignInRunner.report(result, purpose: .signIn, in: env)
        case .customToken:
            try SignInRunner.checkHome(env)
            SignInRunner.report(try await CustomToken(runtime: env.runtime).signIn(try env.readToken()), purpose: .signIn, in: env)
        case .anonymous:
            try SignInRunner.checkHome(env)
            SignInRunner.report(try await SignInMethods(runtime: env.runtime).signInAnonymously(), purpose: .signIn, in: env)
        case .emailLink(let email, let continueURL):
            try SignInRunner.checkHome(env)
            SignInRunner.report(try await Self.signInWithEmailLink(email, continueURL: continueURL, linking: false, in: env), purpose: .signIn, in: env)
        }
        return .success
    }

    /// The password: stdin's first line, or typed at the terminal without echo (Ctrl-C there
    /// ends as `interrupted`, exit 4, the terminal's echo restored).
    static func password(
        fromStandardInput: Bool, in env: CommandEnvironment, command: [String] = ["signin"], interrupted: Interrupted = .signIn
    ) async throws -> String {
        if fromStandardInput {
            guard let bytes = env.context.readStandardInput(CommandEnvironment.maximumStandardInputBytes) else {
                throw UsageError.invalidValue(option: "--" + passwordStdin.long, value: "", reason: "standard input is too large for a password")
            }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                .first.map(String.init) ?? ""
        }
        let context = env.context
        let typed = !context.standardInputIsTerminal ? nil : try await env.interruptible(interrupted) {
            let typed = await context.readSecret("Password: ")
            try Task.checkCancellation()
            return typed
        }
        guard let typed else {
            throw UsageError.invalidUsage("no terminal to ask for the password on; give it with --password-stdin", command: command)
        }
        return typed
    }
}
