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
        try env.home.ensureExists()
        let previous = try env.localAuth.policy()
        let policy = try env.localAuth.setPolicy(name, to: text)
        var moved: [String] = []
        if name == "storage" {
            do {
                moved = try moveSecrets(in: env)
            } catch {
                // The secrets stay where they were, and so does the setting that put them there.
                _ = try? env.localAuth.setPolicy(name, to: try previous.value(of: name))
                throw error
            }
        }
        if env.json { env.output(Render.json(policy)) }
        env.notice("\(name) = \(try policy.value(of: name))")
        if !moved.isEmpty { env.notice("Moved the secrets of \(moved.joined(separator: ", ")).") }
        return .success
    }

    /// `storage`: every secret of the home goes where the policy now keeps it, in an order that
    /// a kill -9 at any point cannot lose (Decisions/0024).
    private func moveSecrets(in env: CommandEnvironment) throws -> [String] {
        if let overriding = env.context.environment[CommandEnvironment.storageVariable], overriding != text {
            env.notice("authctl: \(CommandEnvironment.storageVariable)=\(overriding) is set and wins over this setting.")
        }
        return try env.storage.migrateSecrets(forgetAutoChoice: true)
    }
}
