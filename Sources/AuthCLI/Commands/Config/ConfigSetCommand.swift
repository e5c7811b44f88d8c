import AuthApp
import AuthPlatform

/// `authctl config set <key> <value>`.
struct ConfigSetCommand: Command {
    static let key = Argument.required("key", help: "The setting's name.")
    static let value = Argument.required("value", help: "Its new value.")

    static let name = "set"
    static let spec = CommandSpec(
        name: name,
        abstract: "Change a setting.",
        arguments: [key.spec, value.spec],
        examples: [
            Example("Ask for a sign-in in the last minute:", "authctl config set recent-login-seconds 60"),
            Example("Keep refresh tokens and client secrets in the system keyring, or fail:", "authctl config set storage keyring"),
        ])

    let name: String
    let text: String

    init(_ invocation: ParsedInvocation) throws {
        name = try invocation[Self.key]
        text = try invocation[Self.value]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let change = try AccountSettings(runtime: env.runtime).set(name, to: text)
        if let overriding = change.overriddenBy {
            env.notice("authctl: \(AuthRuntime.storageVariable)=\(overriding) is set and wins over this setting.")
        }
        if env.json { env.output(Render.json(change.policy)) }
        env.notice("\(name) = \(try change.policy.value(of: name))")
        if !change.moved.isEmpty { env.notice("Moved the secrets of \(change.moved.joined(separator: ", ")).") }
        return .success
    }
}
