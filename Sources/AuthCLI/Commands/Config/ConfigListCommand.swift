import AuthApp
import AuthPlatform

/// `authctl config list`.
struct ConfigListCommand: Command {
    static let name = "list"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print every setting.",
        examples: [Example("Print the settings:", "authctl config list")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let policy = try AccountSettings(runtime: env.runtime).policy()
        if env.json {
            env.output(Render.json(policy))
            return .success
        }
        for name in AccountSettings.names { env.output("\(name) = \(try policy.value(of: name))\n") }
        return .success
    }
}
