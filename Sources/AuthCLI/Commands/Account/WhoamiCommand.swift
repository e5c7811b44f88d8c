import AuthApp
import AuthPlatform
import AuthCore

/// `authctl whoami`: the signed-in user; `--check` answers with the exit status only.
struct WhoamiCommand: Command {
    static let check = Option.flag(
        "check",
        help: "Print nothing; exit 0 if a user is signed in, 3 if not. Whether a token can still be had "
            + "(not expired, or refreshable) is 'authctl status --check'.")
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
        let auth = try env.auth
        let user = refreshes ? try await auth.backend.lookUpCurrentUser() : try auth.currentUser()
        // A silent probe for scripts: only the exit status speaks.
        if checkOnly { return user == nil ? .notSignedIn : .success }
        guard let user else { throw AccountError.notSignedIn }
        let project = try await projectDetails(in: env)
        if env.json {
            var json = Render.json(user).objectValue ?? [:]
            if let project {
                json["secondFactors"] = .array(project.factors.map(Render.json))
                json["customClaims"] = .object(project.customClaims)
            }
            env.output(JSONValue.object(json))
        } else {
            env.output(Render.text(user) + (project.map { Render.text(factors: $0.factors, customClaims: $0.customClaims) } ?? ""))
        }
        return .success
    }

    /// With a Firebase project: the second factors (accounts:lookup) and the custom claims of the
    /// user's ID token. A project that cannot be read now leaves them out, saying so.
    func projectDetails(in env: CommandEnvironment) async throws -> (factors: [MultiFactorInfo], customClaims: [String: JSONValue])? {
        guard try env.firebaseProject != nil else { return nil }
        let methods = SignInMethods(runtime: env.runtime)
        do {
            let claims = try await GetToken(runtime: env.runtime).backendClaims(renewed: refreshes).map(SignInMethods.customClaims) ?? [:]
            return (try await methods.enrolledFactors(), claims)
        } catch let error as any AuthCoreError where error.code != .invalidUserToken {
            env.notice("authctl: the second factors and custom claims are left out: \(error.message)")
            return nil
        }
    }
}
