import AuthApp
import AuthPlatform

/// `authctl account delete`: delete the signed-in user (needs a recent sign-in).
struct AccountDeleteCommand: Command {
    static let name = "delete"
    static let spec = CommandSpec(
        name: name,
        abstract: "Delete the signed-in user and their tokens from this keystore.",
        discussion: ["Needs a sign-in within the last 5 minutes (run 'authctl reauth' first)."],
        examples: [Example("Delete the current user:", "authctl account delete")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let user = try await AccountOperations(runtime: env.runtime).delete()
        if env.json { env.output(JSONValue.object(["deleted": .string(user.uid)])) }
        env.notice("Deleted user \(user.uid) from this keystore.")
        return .success
    }
}
