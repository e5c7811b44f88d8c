/// The providers file (`providers.json`): which providers this user has configured.
public struct ProvidersDocument: VersionedDocument, Equatable {
    public static let schemaVersion = 1
    public var providers: [ProviderConfiguration]

    public init() { providers = [] }
}

/// Adds, lists and removes configured providers; every change holds the keystore lock.
public struct ProviderRegistry: Sendable {
    public static let fileName = "providers.json"
    private let store: SecureFileStore<ProvidersDocument>

    public init(home: HomeDirectory, lockTimeout: Duration) {
        store = SecureFileStore(home: home, fileName: Self.fileName, lockTimeout: lockTimeout)
    }

    public func all() throws -> [ProviderConfiguration] {
        try store.read().providers.sorted { $0.id < $1.id }
    }

    /// The provider with `id`, or ``ProviderError/unknownProvider(_:configured:)``.
    public func provider(_ id: String) throws -> ProviderConfiguration {
        let providers = try all()
        guard let provider = providers.first(where: { $0.id == id }) else {
            throw ProviderError.unknownProvider(id, configured: providers.map(\.id))
        }
        return provider
    }

    public func add(_ configuration: ProviderConfiguration) throws {
        let configuration = try configuration.validated()
        try store.update { document in
            guard !document.providers.contains(where: { $0.id == configuration.id }) else {
                throw ProviderError.alreadyConfigured(configuration.id)
            }
            document.providers.append(configuration)
        }
    }

    /// Removes `id`; throws ``ProviderError/unknownProvider(_:configured:)`` if it is not there.
    public func remove(_ id: String) throws {
        try store.update { document in
            guard let index = document.providers.firstIndex(where: { $0.id == id }) else {
                throw ProviderError.unknownProvider(id, configured: document.providers.map(\.id))
            }
            document.providers.remove(at: index)
        }
    }
}
