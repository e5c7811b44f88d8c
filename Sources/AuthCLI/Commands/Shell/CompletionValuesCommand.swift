import AuthFirebase
import AuthProviders
import AuthStorage

/// `authctl provider-ids` (hidden): what the completion scripts offer after `--provider`, one
/// id a line: the providers of `providers.json`, the built-in presets, and with a Firebase
/// project `password`. Reads the files without the keyring (a client secret is not needed to name
/// its provider) and prints nothing on an error: completion must never fail loudly.
struct CompletionValuesCommand: Command {
    static let name = "provider-ids"
    static let spec = CommandSpec(
        name: name, abstract: "List the provider ids completion offers.", examples: [Example("What --provider completes to:", "authctl provider-ids")],
        isHidden: true)

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        env.output(data: Self.providerIDs(in: HomeDocumentStorage(home: env.home, lockTimeout: env.runtime.lockTimeout)).map { $0 + "\n" }.joined())
        return .success
    }

    /// Configured ids first, then the presets, then `password` when a project keeps the accounts.
    static func providerIDs(in storage: any DocumentStorage) -> [String] {
        let configured = (try? ProviderRegistry(storage: storage).all().map(\.id)) ?? []
        let project = (try? storage.store(FirebaseDocument.fileName, of: FirebaseDocument.self).read().project) ?? nil
        var seen: Set<String> = []
        return (configured + ProviderPresets.builtIn.presets.map(\.id) + (project == nil ? [] : ["password"])).filter { seen.insert($0).inserted }
    }
}
