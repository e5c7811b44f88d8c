import AuthApp

/// `authctl switch <user>`: make another signed-in user the current one.
struct SwitchCommand: Command {
    static let user = Argument.required("user", help: "The uid or email of the user, as 'authctl users' shows it.")

    static let name = "switch"
    static let spec = CommandSpec(
        name: name,
        abstract: "Make another signed-in user the current one.",
        arguments: [user.spec],
        examples: [Example("Switch to Bob:", "authctl switch bob@example.com")])

    let query: String

    init(_ invocation: ParsedInvocation) throws {
        query = try invocation[Self.user]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let user = try AccountOperations(runtime: env.runtime).switchUser(to: query)
        if env.json { env.output(Render.json(user)) }
        env.notice("Switched to \(user.email ?? user.uid).")
        return .success
    }
}
