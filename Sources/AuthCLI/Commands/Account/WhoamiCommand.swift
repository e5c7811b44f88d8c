import AuthApp
import AuthPlatform

/// `authctl whoami`: the signed-in user; `--check` answers with the exit status only.
struct WhoamiCommand: Command {
    static let check = Option.flag(
        "check",
        help: "Print nothing; exit 0 if a user is signed in and a token can be had without a browser (not "
            + "expired, or refreshable), else 3: the same answer as 'authctl status --check'.")
    static let refresh = Option.flag(
        "refresh",
        help: "With a Firebase project: read the user from the project first (accounts:lookup), and show the claims "
            + "of an ID token renewed now (custom claims set since the last sign-in appear).")

    static let name = "whoami"
    static let spec = CommandSpec(
        name: name,
        abstract: "Show the signed-in user.",
        options: [check.spec, refresh.spec],
        exclusiveOptions: [[check.long, refresh.long]],
        examples: [
            Example("Show the user and linked providers as JSON:", "authctl whoami --json"),
            Example("Sign in only when needed, in a script:", "authctl whoami --check || authctl signin --provider oidc.corp"),
        ])

    let checkOnly: Bool
    let refreshes: Bool

    init(_ invocation: ParsedInvocation) throws {
        checkOnly = try invocation[Self.check]
        refreshes = try invocation[Self.refresh]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let current = CurrentUser(runtime: env.runtime)
        // A silent probe for scripts: only the exit status speaks, by the rule `token` keeps.
        if checkOnly { return try current.canGetToken() ? .success : .notSignedIn }
        let user = try await current.signedIn(from: refreshes ? .backend : .keystore)
        let details = try await current.details(renewed: refreshes)
        if case .leftOut(let reason) = details {
            env.notice("authctl: the second factors and custom claims are left out: \(reason)")
        }
        if env.json {
            var json = Render.json(user).objectValue ?? [:]
            if case .known(let factors, let customClaims) = details {
                json["secondFactors"] = .array(factors.map(Render.json))
                json["customClaims"] = .object(customClaims)
            }
            env.output(JSONValue.object(json))
        } else {
            var text = Render.text(user)
            if case .known(let factors, let customClaims) = details { text += Render.text(factors: factors, customClaims: customClaims) }
            env.output(text)
        }
        return .success
    }
}
