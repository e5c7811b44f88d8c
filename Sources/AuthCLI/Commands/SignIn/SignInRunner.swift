import AuthApp
import AuthPlatform

/// What `signin`, `link` and `reauth` share: the provider flow (or an ID token from stdin), then
/// the account rules, then the report.
struct SignInRunner: Sendable {
    /// What the verified credential is for.
    typealias Purpose = FederatedPurpose

    var purpose: Purpose
    var flowOptions: BrowserFlowOptions
    /// `--id-token-stdin` and its `--raw-nonce` (signin only).
    var idTokenFromStandardInput = false
    var rawNonce: String?
    /// `--access-token-stdin`: a provider's access token (Twitter's followed by its secret) (signin only).
    var accessTokenFromStandardInput = false
    /// `--ci`: the job's own token, fetched now and again when it expires (signin only).
    var ciSource: CITokenSource?

    /// Runs the sign-in for `purpose` with `providerID` (for a reauthentication, nil: the current
    /// user's), through the application layer's ``SignIn``, which checks it against the current
    /// user and chooses the route and the return. A locked, corrupt or insecure keystore, or a
    /// rule that cannot pass, fails before the person spends time in a browser.
    func run(in env: CommandEnvironment, providerID asked: String?) async throws -> ExitStatus {
        let customParameters = try SignIn.customParameters(flowOptions.parameters)
        try env.runtime.checkHome()
        let signIn = SignIn(runtime: env.runtime)
        let providerID = try signIn.provider(for: purpose, asked: asked)
        // An unknown provider is refused (with its suggestion) before the browser is chosen.
        let projectRuns = try signIn.runsByProject(providerID)
        let proof: SignIn.Proof
        var browser: any BrowserOpener = NoBrowser()
        var whyNoBrowser: String?
        var opensBrowser = flowOptions.opensBrowser
        if let ciSource {
            proof = .ci(ciSource)
        } else if idTokenFromStandardInput {
            proof = .idToken(try env.readToken(), rawNonce: rawNonce)
        } else if accessTokenFromStandardInput {
            proof = try Self.accessToken(try env.readToken())
        } else {
            let chosen = try chooseBrowser(in: env, projectRuns: projectRuns)
            browser = chosen.opener
            whyNoBrowser = chosen.whyNone
            opensBrowser = chosen.opens
            proof = flowOptions.device ? .device : .browser
        }
        var input = SignIn.Input(
            providerID: providerID, purpose: purpose, proof: proof, scopes: flowOptions.scopes, customParameters: customParameters,
            timeout: flowOptions.timeout, timeoutSetting: "--timeout", redirectPorts: flowOptions.redirectPorts)
        input.appAcceptsLocalhost = flowOptions.localhost
        input.asksToPaste = flowOptions.paste
        let ports = signInPorts(in: env, browser: browser, opens: opensBrowser, whyNoBrowser: whyNoBrowser)
        let option = ciSource != nil ? "--ci" : "--device"
        let result: SignInResult
        do {
            let request = input
            result = try await env.interruptible(.of(purpose)) { try await signIn.run(request, ports: ports) }
        } catch let error as LocalFlowNeedsProvider {
            throw LocalFlowNeedsProviderHere(providerID: error.providerID, option: option, remedy: error.remedy)
        }
        Self.report(result, purpose: purpose, in: env)
        return .success
    }

    /// `--access-token-stdin`'s text: the token, or an OAuth 1.0a token and its secret separated by
    /// white space (whether the provider takes a secret is ``AccessTokenRule``'s to say).
    static func accessToken(_ text: String) throws -> SignIn.Proof {
        let fields = text.split(whereSeparator: \.isWhitespace).map(String.init)
        switch fields.count {
        case 1: return .accessToken(fields[0], secret: nil)
        case 2: return .accessToken(fields[0], secret: fields[1])
        default:
            throw UsageError.invalidValue(
                option: "--access-token-stdin", value: "", reason: "stdin must hold the access token (and, for twitter.com, its secret after a space)")
        }
    }

    /// The browser of a sign-in: none from a background job unless one is named (refused), then
    /// the headless rules; `opens` is false when no browser is opened (the URL is printed), and
    /// `whyNone` is the headless rule's reason, said with the URL.
    func chooseBrowser(in env: CommandEnvironment, projectRuns: Bool = false) throws -> (opener: any BrowserOpener, opens: Bool, whyNone: String?) {
        let explicit = flowOptions.browserCommand.map { (command: $0, source: "--browser") }
            ?? env.context.environment[BrowserFlowOptions.browserVariable].map { (command: $0, source: BrowserFlowOptions.browserVariable) }
        try refuseNonInteractiveBrowser(browserCommand: explicit?.command, projectRuns: projectRuns, in: env)
        guard flowOptions.opensBrowser, !flowOptions.device else { return (NoBrowser(), flowOptions.opensBrowser, nil) }
        switch Self.decideBrowser(explicit: explicit, in: env) {
        case .launch(let command, _): return (env.context.makeBrowser(command), true, nil)
        case .printOnly(let reason): return (NoBrowser(), false, reason)
        }
    }

    /// The headless rules (``BrowserLaunch``) on this machine; `--verbose` says which rule chose
    /// what (the person is told why no browser opens with the URL).
    static func decideBrowser(explicit: (command: String, source: String)?, in env: CommandEnvironment) -> BrowserLaunchDecision {
        let environment = env.context.environment
        let decision = BrowserLaunch.decide(
            explicit: explicit, environment: environment, host: env.context.browserHost(BrowserLaunch.candidateNames(environment)))
        switch decision {
        case .launch(let command, let rule): env.log("browser: \(rule): \(command.joined(separator: " "))")
        case .printOnly(let reason): env.log("browser: none: \(reason)")
        }
        return decision
    }

    /// The home exists and is private, before anything is asked of the person.
    static func checkHome(_ env: CommandEnvironment) throws {
        try env.runtime.checkHome()
    }

    static func report(_ result: SignInResult, purpose: Purpose, in env: CommandEnvironment) {
        if env.json { env.output(Render.json(result)) }
        let who = result.user.email ?? result.user.displayName ?? result.user.uid
        let provider = result.additionalUserInfo.providerID
        switch purpose {
        case .signIn where provider == "anonymous":
            // An anonymous user has no name but its uid: "as <uid> with anonymous (new user <uid>)" said it twice.
            env.notice("Signed in anonymously (\(result.additionalUserInfo.isNewUser ? "new user" : "uid") \(result.user.uid)).")
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
    func refuseNonInteractiveBrowser(browserCommand: String?, projectRuns: Bool = false, in env: CommandEnvironment) throws {
        let context = env.context
        let ci = context.environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
        let interactive = context.standardInputIsTerminal && context.standardErrorIsTerminal && !ci
        guard interactive || browserCommand != nil || !flowOptions.opensBrowser || flowOptions.device else {
            throw InteractiveSignInRequired(
                reason: ci ? "CI is set" : "there is no terminal on stdin and stderr", offersIDToken: purpose == .signIn,
                projectRuns: projectRuns)
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
    /// Whether the command takes `--id-token-stdin` (signin does; link and reauth do not).
    var offersIDToken: Bool
    /// A Firebase project runs the provider's flow (it is not added here): no device flow then.
    var projectRuns = false
    var code: ErrorCode { .interactiveSignInRequired }
    var message: String {
        guard !projectRuns else {
            return "interactive sign-in required, and \(reason): no browser is opened from a background job. Use --no-browser "
                + "to print the URL (sign in anywhere, then paste the address the browser ends on), or --browser CMD to open "
                + "one anyway; --device needs the provider added on this machine (authctl providers add)"
        }
        return "interactive sign-in required, and \(reason): no browser is opened from a background job. "
            + "Use --device (a code to enter on another device), "
            + (offersIDToken ? "--ci SOURCE or --id-token-stdin (a token issued to this job), " : "")
            + "--no-browser to print the URL, or --browser CMD to open one anyway"
    }
}
