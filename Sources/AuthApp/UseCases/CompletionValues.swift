import AuthProviders
import AuthStorage

/// What completion offers after `--provider`: the configured providers, the built-in presets,
/// then what each backend kind adds (a project's `password`), each once. Read from the runtime's
/// storage, the same documents every command reads; the files only, not the keyring (a client
/// secret is not needed to name its provider, and a completion must never prompt or fail loudly):
/// the sealed layer's references stay as they are in the files.
package struct CompletionValues: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// Configured ids first, then the presets, then the backend kinds' values; nothing that cannot be read.
    package func providerIDs() -> [String] {
        let configured = (try? ProviderRegistry(storage: runtime.storageWithoutSecrets).all().map(\.id)) ?? []
        let kinds = backendProviderIDs()
        var seen: Set<String> = []
        return (configured + ProviderPresets.builtIn.presets.map(\.id) + kinds).filter { seen.insert($0).inserted }
    }

    /// What the backend kinds in use add (a project's `password`), in the registry's order.
    package func backendProviderIDs() -> [String] {
        runtime.backends.all.flatMap { $0.completionValues(in: runtime) }
    }
}
