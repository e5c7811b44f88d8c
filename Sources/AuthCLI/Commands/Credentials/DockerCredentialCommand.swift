import AuthApp
import AuthPlatform

/// `authctl docker-credential get|store|erase|list`, also run as `docker-credential-authctl`:
/// a Docker credential helper (the docker-credential-helpers protocol) for the registries that
/// take a signed-in provider's tokens, GitHub Packages (`ghcr.io`) first of all.
struct DockerCredentialCommand: Command {
    static let operations = ["get", "store", "erase", "list"]
    static let operation = Argument<String>.required("operation", help: "What docker asks: get, store, erase or list.", choices: operations)
    /// The name docker runs for `"credHelpers": {"ghcr.io": "authctl"}`; `make install` links it.
    static let executableName = "docker-credential-authctl"
    /// The protocol's answer for a registry the helper has nothing for (docker-credential-helpers
    /// `credentials.errCredentialsNotFound`), on stdout with exit status 1.
    static let notFound = "credentials not found in native keychain"

    static let name = "docker-credential"
    static let spec = CommandSpec(
        name: name,
        abstract: "Give docker a registry token (a Docker credential helper).",
        discussion: [
            "docker runs it as docker-credential-authctl (make install links it) with the registry on stdin. "
                + "get answers with the account name and the token, refreshed first if needed, for ghcr.io and "
                + "docker.pkg.github.com (github.com), or containers.HOST for a GitHub Enterprise Server; other "
                + "registries get docker's 'credentials not found' answer. list shows the registries it answers "
                + "for. store and erase change nothing: the tokens are authctl's. It never opens a browser.",
            "To use it, name it in ~/.docker/config.json: {\"credHelpers\": {\"ghcr.io\": \"authctl\"}}.",
        ],
        arguments: [operation.spec],
        examples: [
            Example("What docker gets for ghcr.io:", "echo ghcr.io | authctl docker-credential get"),
            Example("The registries it answers for:", "authctl docker-credential list"),
        ])

    let operation: String

    init(_ invocation: ParsedInvocation) throws {
        operation = try CredentialHelper.operation(invocation, Self.operation, among: Self.operations)
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        switch operation {
        case "get": return try await get(serverURL: try CredentialHelper.readRequest(env, command: ["docker-credential"]), in: env)
        case "list": return try list(in: env)
        default:
            _ = try CredentialHelper.readRequest(env, command: ["docker-credential"])  // docker writes its request; read it all
            return .success
        }
    }

    func get(serverURL rawURL: String, in env: CommandEnvironment) async throws -> ExitStatus {
        let serverURL = rawURL.trimmingWhitespace()
        guard let host = CredentialHelper.hostAndPort(of: serverURL),
            let provider = try CredentialHelpers(runtime: env.runtime).providerID(forHost: host, tool: .docker)
        else {
            env.output(data: Self.notFound + "\n")
            return .unexpectedFailure
        }
        do {
            let token = try await TokenCommand.token(
                providerID: provider, wantsIDToken: false, minimumValidity: CredentialHelpers.defaultMinimumValidity, in: env)
            let username = try CredentialHelper.accountName(providerID: provider, in: env) ?? GitCredentialAnswer.username
            env.output(foreign: ["ServerURL": .string(serverURL), "Username": .string(username), "Secret": .string(token.value)] as JSONValue)
            return .success
        } catch let error as any AuthCoreError {
            // docker shows the helper's stdout, not its stderr; the funnel still reports on stderr.
            env.output("\(RemedyWording.message(error.message, remedy: error.remedy))\n")
            throw error
        }
    }

    /// `{"https://ghcr.io": "login", ...}` for every signed-in provider with registries.
    func list(in env: CommandEnvironment) throws -> ExitStatus {
        var registries: [String: JSONValue] = [:]
        for (host, accountName) in try CredentialHelpers(runtime: env.runtime).hosts(for: .docker) {
            registries["https://" + host] = .string(accountName)
        }
        env.output(foreign: JSONValue.object(registries))
        return .success
    }
}
