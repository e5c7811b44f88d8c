import AuthApp
import AuthPlatform

/// `authctl token`: only the token on stdout, for `$(...)`; an access token about to expire is
/// refreshed first, once however many processes ask.
struct TokenCommand: Command {
    static let provider = Option.string("provider", "ID", help: "Whose token to print. Default: the provider the user signed in with.")
    static let idToken = Option.flag("id-token", help: "Print the OpenID Connect ID token instead of the access token.")
    static let minValid = Option.seconds(
        "min-valid",
        help: "Refresh the token first unless it stays valid this long. A refresh cannot outlast the provider's token "
            + "lifetime: a token with 90% of it left (half, for a CI job's) is handed out as it is, and a --min-valid above "
            + "the default that it does not meet is said on stderr.",
        default: .seconds(Int64(GetToken.defaultMinimumValidity)), range: 0...86_400)
    static let forceRefresh = Option.flag(
        "force-refresh",
        help: "Renew the token now, whatever its age (to see custom claims set since it was issued). Many processes "
            + "asking at once still renew once: one that waited takes the token renewed after it asked.")

    static let name = "token"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print an access token for scripts.",
        discussion: [
            "Prints the token alone on stdout, so that it can be used in a pipeline. With a Firebase "
                + "project (authctl firebase use) and no --provider, it is the project's Firebase ID token, "
                + "for your backend and Security Rules. A token that "
                + "expires within --min-valid seconds is refreshed first, once even when many authctl "
                + "processes ask at the same time. A token with nearly all of the provider's lifetime "
                + "left is never refreshed, since a refresh could not make it last longer. --id-token "
                + "refreshes the same way, and a CI job's (signed in with its own token) is fetched again from its source; an ID "
                + "token that has expired all the same is refused. If nobody is "
                + "signed in, or the provider refuses the refresh, the exit status is 3 and you need to "
                + "sign in again.",
            "--force-refresh renews the token now however long it has left, as the Firebase SDKs' "
                + "getIDToken(forcingRefresh: true) does: a Firebase ID token then carries the custom claims an admin "
                + "set since it was issued. --verbose says that it was renewed.",
        ],
        options: [provider.spec, idToken.spec, minValid.spec, forceRefresh.spec],
        exclusiveOptions: [[minValid.long, forceRefresh.long]],
        examples: [
            Example(
                "Call an API as the signed-in user:",
                "curl -H \"Authorization: Bearer $(authctl token --provider oidc.corp)\" \\\n"
                    + "  https://api.corp.example/me"),
            Example("Check the ID token against its provider:", "authctl token --id-token | authctl verify --provider oidc.corp"),
            Example("Get an ID token with the custom claims set since the last sign-in:", "authctl token --id-token --force-refresh"),
        ])

    let providerID: String?
    let wantsIDToken: Bool
    let minimumValidity: Duration
    let forced: Bool

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        wantsIDToken = try invocation[Self.idToken]
        minimumValidity = try invocation[Self.minValid]
        forced = try invocation[Self.forceRefresh]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let token = try await Self.token(
            providerID: providerID, wantsIDToken: wantsIDToken, minimumValidity: minimumValidity, forced: forced, in: env)
        if env.json {
            env.output(JSONValue.object([token.isIDToken ? "idToken" : "accessToken": .string(token.value)]))
        } else {
            env.output(data: token.value + "\n")
        }
        return .success
    }

    /// A token handed out, and when it expires (nil when unknown or not asked for).
    typealias FreshToken = GetToken.Output

    /// The token by the one rule of ``GetToken``: the backend's own ID token when no provider is
    /// named and there is one; else the provider's ID token or access token, refreshed when needed
    /// (`forced`: now, whatever its age).
    static func token(
        providerID: String?, wantsIDToken: Bool, minimumValidity: Duration, forced: Bool = false, withExpiry: Bool = false,
        in env: CommandEnvironment
    ) async throws -> FreshToken {
        do {
            if forced {
                return try await GetToken(runtime: env.runtime).run(
                    GetToken.Input(providerID: providerID, kind: wantsIDToken ? .id : .access, minimumValidity: GetToken.forced, withExpiry: withExpiry))
            }
            // Above the default, a person asked for a validity: when the provider's lifetime cannot give it, say so.
            let asked = minimumValidity > .seconds(Int64(GetToken.defaultMinimumValidity))
            let token = try await freshToken(
                providerID: providerID, wantsIDToken: wantsIDToken, minimumValidity: minimumValidity, withExpiry: withExpiry || asked, in: env)
            if asked, let expiresAt = token.expiresAt {
                let left = Int(expiresAt.timeIntervalSince(env.context.clock.now()).rounded(.down))
                if Double(left) < minimumValidity.timeInterval {
                    env.notice("authctl: the token is valid for \(Render.duration(max(left, 0))), less than --min-valid "
                        + "\(minimumValidity.components.seconds)s: the provider's tokens do not last that long, and a refresh cannot make one outlast them")
                }
            }
            return token
        } catch AccountError.notSignedIn {
            // A helper configured with --provider P (or a host that maps to P) says which sign-in fixes it.
            throw providerID.map { AccountError.notSignedInWith(providerID: $0) } ?? AccountError.notSignedIn
        }
    }

    private static func freshToken(
        providerID: String?, wantsIDToken: Bool, minimumValidity: Duration, withExpiry: Bool, in env: CommandEnvironment
    ) async throws -> FreshToken {
        try await GetToken(runtime: env.runtime).run(
            GetToken.Input(providerID: providerID, kind: wantsIDToken ? .id : .access, minimumValidity: minimumValidity.timeInterval, withExpiry: withExpiry))
    }
}
