import AuthCore
import AuthPlatform
import Foundation

/// `authctl config get <key>`.
struct ConfigGetCommand: Command {
    static let key = Argument.required("key", help: "The setting's name.")

    static let spec = CommandSpec(
        name: "get",
        abstract: "Print a setting's value.",
        arguments: [key.spec],
        examples: [Example("Print one setting:", "authctl config get one-account-per-email")])

    let name: String

    init(_ invocation: ParsedInvocation) throws {
        name = try invocation[Self.key]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let value = try env.localAuth.policy().value(of: name)
        env.json ? env.output(JSONValue.object([name: .string(value)])) : env.output(value + "\n")
        return .success
    }
}
