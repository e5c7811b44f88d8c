import AuthApp
import AuthPlatform

/// `authctl config get <key>`.
struct ConfigGetCommand: Command {
    static let key = Argument.required("key", help: "The setting's name.")

    static let name = "get"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print a setting's value.",
        arguments: [key.spec],
        examples: [Example("Print one setting:", "authctl config get one-account-per-email")])

    let name: String

    init(_ invocation: ParsedInvocation) throws {
        name = try invocation[Self.key]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let policy = try AccountSettings(runtime: env.runtime).policy()
        let value = try policy.value(of: name)
        guard env.json else {
            env.output("\(value)\n")
            return .success
        }
        // Typed as in 'config list --json' (true, 300), not the text form's strings.
        guard case .object(let settings) = Render.json(policy), let typed = settings[name] else {
            throw UsageError.invalidValue(option: "<key>", value: name, reason: "no such setting", command: ["config", "get"])
        }
        env.output(JSONValue.object([name: typed]))
        return .success
    }
}
