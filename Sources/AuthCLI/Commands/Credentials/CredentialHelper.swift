import AuthApp
import AuthPlatform

/// What the credential helpers (`git-credential`, `kube-credential`, `docker-credential`) share:
/// the operation argument, the tool's request on stdin, and the token of the provider a host maps to.
enum CredentialHelper {
    /// The `<operation>` argument, one of `operations`.
    static func operation(_ invocation: ParsedInvocation, _ argument: Argument<String>, among operations: [String]) throws -> String {
        let value = try invocation[argument]
        guard operations.contains(value) else {
            throw UsageError.invalidValue(
                option: "<\(argument.spec.name)>", value: value, reason: "expected \(operations.joined(separator: ", "))",
                command: invocation.commandPath)
        }
        return value
    }

    /// The tool's request, as text (git's and docker's are a few hundred bytes).
    static func readRequest(_ env: CommandEnvironment, command: [String]) throws -> String {
        let limit = CommandEnvironment.maximumStandardInputBytes
        guard let bytes = env.context.readStandardInput(limit) else {
            throw UsageError.invalidUsage("the request on stdin is larger than \(limit) bytes", command: command)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `host[:port]` of `url` (or of a bare `host[:port]`), lowercased; nil when there is none.
    static func hostAndPort(of text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        let url = trimmed.contains("://") ? URL(string: trimmed) : URL(string: "https://" + trimmed)
        guard let host = url?.host?.lowercased(), !host.isEmpty else { return nil }
        return url?.port.map { "\(host):\($0)" } ?? host
    }

    /// The account name of the current user's `providerID` identity (GitHub login, username, email).
    static func accountName(providerID: String, in env: CommandEnvironment) throws -> String? {
        try CredentialHelpers(runtime: env.runtime).accountName(providerID: providerID)
    }
}
