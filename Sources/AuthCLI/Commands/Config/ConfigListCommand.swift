import AuthCore
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
        let policy = try env.localAuth.policy()
        if env.json {
            env.output(Render.json(policy))
            return .success
        }
        for key in AccountPolicy.keys { env.output("\(key.name) = \(try policy.value(of: key.name))\n") }
        return .success
    }
}
