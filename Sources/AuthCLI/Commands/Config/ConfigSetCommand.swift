import AuthCore
import AuthPlatform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `authctl config set <key> <value>`.
struct ConfigSetCommand: Command {
    static let key = Argument.required("key", help: "The setting's name.")
    static let value = Argument.required("value", help: "Its new value.")

    static let name = "set"
    static let spec = CommandSpec(
        name: name,
        abstract: "Change a setting.",
        arguments: [key.spec, value.spec],
        examples: [Example("Ask for a sign-in in the last minute:", "authctl config set recent-login-seconds 60")])

    let name: String
    let text: String

    init(_ invocation: ParsedInvocation) throws {
        name = try invocation[Self.key]
        text = try invocation[Self.value]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        try env.home.ensureExists()
        let policy = try env.localAuth.setPolicy(name, to: text)
        if env.json { env.output(Render.json(policy)) }
        env.notice("\(name) = \(try policy.value(of: name))")
        return .success
    }
}
