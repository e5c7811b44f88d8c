import AuthApp
import AuthPlatform

/// `authctl git-credential get|store|erase|capability`: a git credential helper
/// (gitcredentials(7)). For a host that takes a provider's tokens, `get` answers the token
/// (``GitCredentialAnswer``); for any other host it prints nothing, so git asks its next helper.
/// `erase` of the token it gave (git was refused with it) expires that access token, so the next
/// `get` refreshes; `store` changes nothing; any other operation is ignored, as a helper must.
struct GitCredentialCommand: Command {
    static let operation = Argument<String>.required(
        "operation", help: "What git asks: get, store, erase or capability (any other is ignored).",
        choices: ["get", "store", "erase", "capability"])
    static let provider = Option.string(
        "provider", "ID",
        help: "Answer every host git asks about with this provider's token (scope the helper to a URL in git config). "
            + "Default: the GitHub provider whose host git asks about.")
    static let minValid = TokenCommand.minValid

    static let name = "git-credential"
    static let spec = CommandSpec(
        name: name,
        abstract: "Give git a provider's token (a git credential helper).",
        discussion: [
            "git runs it with get, store or erase and its request on stdin (key=value lines). For get, "
                + "over https (http only to this machine), it answers the token, refreshed first if needed, "
                + "for github.com or a GitHub Enterprise Server added with "
                + "'authctl providers add github.com --api-base URL', or for any host with --provider. A git that "
                + "announces capability[]=authtype (2.46 and later) gets authtype=Bearer and the token as an "
                + "ephemeral credential; an older one gets username=x-access-token and the token as the password. "
                + "Other hosts get no answer, so git asks its next helper.",
            "erase with the token it gave (git was refused with it) expires that access token, so the next get "
                + "refreshes it; the refresh token stays. store changes nothing: the tokens are authctl's, and "
                + "'authctl signout' forgets them. capability prints the capabilities it understands; any other "
                + "operation is ignored. It never opens a browser: without a session, get exits 3.",
        ],
        arguments: [operation.spec],
        options: [provider.spec, minValid.spec],
        examples: [
            Example("Use it for github.com:", "git config --global \\\n  credential.https://github.com.helper '!authctl git-credential'"),
            Example(
                "A git server that takes an OpenID provider's tokens:",
                "git config --global credential.https://git.corp.example.helper \\\n  '!authctl git-credential --provider oidc.corp'"),
        ])

    let operation: String
    let providerID: String?
    let minimumValidity: Duration

    init(_ invocation: ParsedInvocation) throws {
        // Any operation parses: gitcredentials(7) asks a helper to ignore the ones it does not know.
        operation = try invocation[Self.operation]
        providerID = try invocation[Self.provider]
        minimumValidity = try invocation[Self.minValid]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        switch operation {
        case "capability":
            env.output(data: GitCredentialAnswer.capabilityAdvertisement)
            return .success
        case "get", "store", "erase": break
        default:
            env.log("git-credential: ignoring the operation \(operation), which this helper does not know")
            return .success
        }
        let request = GitCredentialRequest(parsing: try CredentialHelper.readRequest(env, command: ["git-credential"]))
        guard operation != "store", let host = request["host"]?.lowercased(), Self.isSafe(protocol: request["protocol"], host: host),
            let provider = try providerID ?? CredentialHelpers(runtime: env.runtime).providerID(forHost: host, tool: .git)
        else {
            env.log("git-credential \(operation): no answer for this request")
            return .success
        }
        if operation == "erase" { return try erase(request, host: host, provider: provider, in: env) }
        env.log("git-credential get: \(host) takes \(provider)'s token")
        let token = try await TokenCommand.token(
            providerID: provider, wantsIDToken: false, minimumValidity: minimumValidity, withExpiry: true, in: env)
        let answer = GitCredentialAnswer(token: token.value, expiresAt: token.expiresAt, bearer: request.takesAuthType)
        if env.json {
            env.output(JSONValue.object(Dictionary(uniqueKeysWithValues: answer.attributes.map { ($0.key, JSONValue.string($0.value)) })))
        } else {
            env.output(data: answer.text)
        }
        return .success
    }

    /// git was refused with the token it presents: when it is the stored access token, it is
    /// marked expired (the refresh token stays), so the next `get` refreshes. Nothing to print.
    func erase(_ request: GitCredentialRequest, host: String, provider: String, in env: CommandEnvironment) throws -> ExitStatus {
        guard let refused = request.presentedSecret, try CredentialHelpers(runtime: env.runtime).expireAccessToken(providerID: provider, refused: refused) else {
            env.log("git-credential erase: \(host) refused no token of \(provider)'s that is still stored")
            return .success
        }
        env.log("git-credential erase: \(host) refused \(provider)'s access token; the next get refreshes it")
        return .success
    }

    /// A token goes over https, or over http only to this machine (as ``URLPolicy``).
    static func isSafe(protocol scheme: String?, host: String) -> Bool {
        switch scheme?.lowercased() {
        case "https": true
        case "http": URLPolicy.isLoopbackHost(hostWithoutPort(host))
        default: false
        }
    }

    static func hostWithoutPort(_ host: String) -> String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") { return String(host[...close]) }
        return host.split(separator: ":", maxSplits: 1).first.map(String.init) ?? host
    }
}
