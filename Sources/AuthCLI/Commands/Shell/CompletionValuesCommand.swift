import AuthApp

/// `authctl provider-ids` (hidden): what the completion scripts offer after `--provider`, one
/// id a line: the providers of `providers.json`, the built-in presets, and with a Firebase
/// project `password` (``CompletionValues``). Reads the files without the keyring (a client secret is not needed to name
/// its provider) and prints nothing on an error: completion must never fail loudly.
struct CompletionValuesCommand: Command {
    static let name = "provider-ids"
    static let spec = CommandSpec(
        name: name, abstract: "List the provider ids completion offers.", examples: [Example("What --provider completes to:", "authctl provider-ids")],
        isHidden: true)

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        env.output(data: CompletionValues(runtime: env.runtime).providerIDs().map { $0 + "\n" }.joined())
        return .success
    }
}
