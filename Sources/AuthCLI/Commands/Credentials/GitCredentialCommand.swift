import AuthCore
import AuthPlatform
import AuthProviders
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `authctl git-credential get|store|erase`: a git credential helper (gitcredentials(7)). For a
/// host that takes a provider's tokens it answers `username=x-access-token` and the token as the
/// password; for any other host it prints nothing, so git asks its next helper.
struct GitCredentialCommand: Command {
    static let operation = Argument<String>.required("operation", help: "What git asks: get, store or erase.")
    static let provider = Option.string(
        "provider", "ID",
        help: "Answer every host git asks about with this provider's token (scope the helper to a URL in git config). "
            + "Default: the GitHub provider whose host git asks about.")
    static let minValid = TokenCommand.minValid

    /// What git sends as the username with a token (GitHub documents `x-access-token`).
    static let username = "x-access-token"
    static let operations = ["get", "store", "erase"]

    static let name = "git-credential"
    static let spec = CommandSpec(
        name: name,
        abstract: "Give git a provider's token (a git credential helper).",
        discussion: [
            "git runs it with get, store or erase and its request on stdin (key=value lines). For get, "
                + "over https (http only to this machine), it answers username=x-access-token and the token, "
                + "refreshed first if needed, for github.com or a GitHub Enterprise Server added with "
                + "'authctl providers add github.com --api-base URL', or for any host with --provider. Other hosts get no answer, so git asks its "
                + "next helper. store and erase change nothing: the tokens are authctl's, and 'authctl "
                + "signout' forgets them. It never opens a browser: without a session, it exits 3."
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
        operation = try CredentialHelper.operation(invocation, Self.operation, among: Self.operations)
        providerID = try invocation[Self.provider]
        minimumValidity = try invocation[Self.minValid]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let request = Self.attributes(try CredentialHelper.readRequest(env, command: ["git-credential"]))
        guard operation == "get", let host = request["host"]?.lowercased(), Self.isSafe(protocol: request["protocol"], host: host),
            let provider = try providerID ?? env.registry.provider(forCredentialHost: host, tool: .git)?.id
        else {
            env.log("git-credential \(operation): no answer for this request")
            return .success
        }
        env.log("git-credential get: \(host) takes \(provider)'s token")
        let token = try await TokenCommand.token(
            providerID: provider, wantsIDToken: false, minimumValidity: minimumValidity, withExpiry: true, in: env)
        var answer = "username=\(Self.username)\npassword=\(token.value)\n"
        // git 2.41 and later stop using the password then; older versions ignore the line.
        if let expiresAt = token.expiresAt { answer += "password_expiry_utc=\(Int(expiresAt.timeIntervalSince1970))\n" }
        if env.json {
            env.output(["username": .string(Self.username), "password": .string(token.value)] as JSONValue)
        } else {
            env.output(answer)
        }
        return .success
    }

    /// git's request: `key=value` lines up to a blank line (git-credential(1) "INPUT/OUTPUT
    /// FORMAT"); the first value of a key wins, array keys (`key[]`) are not needed here.
    static func attributes(_ text: String) -> [String: String] {
        var attributes: [String: String] = [:]
        // "\r\n" is one Character in Swift: split on both line ends.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if line.isEmpty { break }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals])
            if attributes[key] == nil { attributes[key] = String(line[line.index(after: equals)...]) }
        }
        return attributes
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
