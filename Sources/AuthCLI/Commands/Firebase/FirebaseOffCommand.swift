import AuthApp
import AuthPlatform

/// `authctl firebase off`: back to local accounts (the project's accounts stay in their own
/// keystore, for a later `firebase use`).
struct FirebaseOffCommand: Command {
    static let name = "off"
    static let spec = CommandSpec(
        name: name,
        abstract: "Go back to local accounts.",
        discussion: ["The project's signed-in users are kept apart and come back with 'authctl firebase use'."],
        examples: [Example("Stop using the project:", "authctl firebase off")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let previous = try ProjectSettings(runtime: env.runtime).off()
        if env.json { env.output(JSONValue.object(["project": .null])) }
        env.notice(previous.map { "Accounts are local again (the project \($0) is no longer used)." } ?? "Accounts were already local.")
        return .success
    }
}
