import AuthStorage

/// The providers file (`providers.json`): which providers this user has configured.
public struct ProvidersDocument: VersionedDocument, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "providers.json"
    public var providers: [ProviderConfiguration]

    public init() { providers = [] }
}

/// The configured providers: adds, lists and removes them (every change holds the store's lock),
/// and looks one up as a provider of its kind.
public struct ProviderRegistry: Sendable {
    public static let fileName = ProvidersDocument.fileName
    public let presets: ProviderPresets
    private let store: any DocumentStore<ProvidersDocument>

    public init(store: any DocumentStore<ProvidersDocument>, presets: ProviderPresets = .builtIn) {
        self.store = store
        self.presets = presets
    }

    /// The registry in `storage`'s `providers.json`.
    public init(storage: any DocumentStorage, presets: ProviderPresets = .builtIn) {
        self.init(store: storage.store(ProvidersDocument.fileName, of: ProvidersDocument.self), presets: presets)
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

    /// The configured provider `id`, looked up as a provider of its kind (discovery for OpenID).
    public func resolve(_ id: String, services: ProviderServices) async throws -> any IdentityProviderKind {
        try await resolve(try provider(id), services: services)
    }

    /// `configuration`, looked up as a provider of its kind.
    public func resolve(_ configuration: ProviderConfiguration, services: ProviderServices) async throws -> any IdentityProviderKind {
        try await presets.requireKind(forID: configuration.id).resolve(configuration, services: services)
    }

    /// The configured provider whose tokens `host` (`host[:port]`) takes for `tool`, if any.
    public func provider(forCredentialHost host: String, tool: CredentialTool) throws -> ProviderConfiguration? {
        let host = host.lowercased()
        return try all().first { configuration in
            presets.kind(forID: configuration.id)?.credentialHosts(for: configuration, tool: tool).contains(host) == true
        }
    }

    /// The kind's name (`oidc`, `github`) of a configured provider.
    public func kindName(of configuration: ProviderConfiguration) -> String? {
        presets.kind(forID: configuration.id)?.kindName
    }

    /// Stores `configuration` after checking it; a preset's issuer is filled in when none is given.
    public func add(_ configuration: ProviderConfiguration) throws {
        var configuration = configuration
        if configuration.issuer.isEmpty, let issuer = presets.preset(configuration.id)?.defaultIssuer {
            configuration.issuer = issuer
        }
        configuration = try configuration.validated(presets: presets)
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
