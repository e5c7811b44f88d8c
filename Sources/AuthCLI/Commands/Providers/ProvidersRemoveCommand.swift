import AuthApp
import AuthPlatform

/// `authctl providers remove ID`.
struct ProvidersRemoveCommand: Command {
    static let name = "remove"
    static let spec = CommandSpec(
        name: name,
        abstract: "Remove a provider you added.",
        arguments: [ProvidersShowCommand.id.spec],
        examples: [Example("Remove a provider:", "authctl providers remove oidc.corp")])

    let providerID: String

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[ProvidersShowCommand.id]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        try ProviderSettings(runtime: env.runtime).remove(providerID)
        env.notice("Removed \(providerID).")
        if env.json { env.output(JSONValue.object(["removed": .string(providerID)])) }
        return .success
    }
}
