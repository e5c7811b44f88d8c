import AuthPlatform
import AuthStorage

/// The providers file (`providers.json`): which providers this user has configured.
package struct ProvidersDocument: VersionedDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "providers.json"
    package static let sealedMembers = [SealedMember("clientSecret", label: "client secret")]
    package var providers: [ProviderConfiguration]

    package init() { providers = [] }
}

/// The configured providers: adds, lists and removes them (every change holds the store's lock),
/// and looks one up as a provider of its kind.
package struct ProviderRegistry: Sendable {
    package static let fileName = ProvidersDocument.fileName
    package let presets: ProviderPresets
    private let store: any DocumentStore<ProvidersDocument>

    package init(store: any DocumentStore<ProvidersDocument>, presets: ProviderPresets = .builtIn) {
        self.store = store
        self.presets = presets
    }

    /// The registry in `storage`'s `providers.json`.
    package init(storage: any DocumentStorage, presets: ProviderPresets = .builtIn) {
        self.init(store: storage.store(ProvidersDocument.fileName, of: ProvidersDocument.self), presets: presets)
    }

    package func all() throws -> [ProviderConfiguration] {
        try store.read().providers.sorted { $0.id < $1.id }
    }

    /// The provider with `id`; ``ProviderError/invalidProviderID(_:presets:suggestion:)`` for an id
    /// no provider can have, else ``ProviderError/unknownProvider(_:configured:takesIssuer:)``.
    package func provider(_ id: String) throws -> ProviderConfiguration {
        let providers = try all()
        guard let provider = providers.first(where: { $0.id == id }) else { throw notConfigured(id, among: providers) }
        return provider
    }

    private func notConfigured(_ id: String, among providers: [ProviderConfiguration]) -> ProviderError {
        do {
            _ = try presets.requireKind(forID: id)
        } catch {
            return error
        }
        return .unknownProvider(
            id, configured: providers.map(\.id), takesIssuer: presets.takesIssuer(id), takesSecret: presets.preset(id)?.requiresClientSecret != nil)
    }

    /// The configured provider `id`, looked up as a provider of its kind (discovery for OpenID).
    package func resolve(_ id: String, services: ProviderServices) async throws -> any IdentityProviderKind {
        try await resolve(try provider(id), services: services)
    }

    /// `configuration`, looked up as a provider of its kind.
    package func resolve(_ configuration: ProviderConfiguration, services: ProviderServices) async throws -> any IdentityProviderKind {
        try await presets.requireKind(forID: configuration.id).resolve(configuration, preset: presets.preset(configuration.id), services: services)
    }

    /// The configured provider whose tokens `host` (`host[:port]`) takes for `tool`, if any.
    package func provider(forCredentialHost host: String, tool: CredentialTool) throws -> ProviderConfiguration? {
        let host = host.lowercased()
        return try all().first { configuration in
            presets.kind(forID: configuration.id)?.credentialHosts(for: configuration, tool: tool).contains(host) == true
        }
    }

    /// The kind's name (`oidc`, `github`) of a configured provider.
    package func kindName(of configuration: ProviderConfiguration) -> String? {
        presets.kind(forID: configuration.id)?.kindName
    }

    /// `configuration` with a preset's tenant and issuer filled in when none is given, checked locally.
    package func completed(_ configuration: ProviderConfiguration) throws -> ProviderConfiguration {
        var configuration = configuration
        let preset = presets.preset(configuration.id)
        if let tenancy = preset?.tenancy {
            let tenant = configuration.tenant ?? tenancy.defaultTenant
            guard let normalized = tenancy.normalized(tenant) else { throw ProviderError.invalidTenant(tenant, provider: configuration.id) }
            configuration.tenant = normalized
        }
        if configuration.issuer.isEmpty, let issuer = preset?.issuer(forTenant: configuration.tenant) {
            configuration.issuer = issuer
        }
        if let preset {
            configuration.scopes = preset.addedScopes.filter { !configuration.scopes.contains($0) } + configuration.scopes
            configuration.customParameters.merge(preset.addedParameters) { configured, _ in configured }
        }
        return try configuration.validated(presets: presets)
    }

    /// What the provider says about `configuration` before it is stored: it is looked up as a
    /// sign-in would (discovery for OpenID), so a typo or a provider that is down shows now, not
    /// at the first sign-in. An issuer that differs from the provider's own only by a trailing
    /// slash takes the provider's spelling (the ID tokens' `iss` must match it exactly, OpenID
    /// Discovery §4.3); the second value says so.
    package func checkedAtProvider(
        _ configuration: ProviderConfiguration, services: ProviderServices
    ) async throws -> (configuration: ProviderConfiguration, correctedIssuer: String?) {
        let configuration = try completed(configuration)
        do {
            return try await checkedDiscovery(configuration, services: services)
        } catch let error as HTTPTransportError where error.code == .providerError {
            throw IssuerCheckFailed(issuer: configuration.issuer, underlying: error)
        } catch let error as ProviderError {
            switch error {
            case .httpStatus, .invalidDiscoveryDocument: throw IssuerCheckFailed(issuer: configuration.issuer, underlying: error)
            default: throw error
            }
        }
    }

    private func checkedDiscovery(
        _ configuration: ProviderConfiguration, services: ProviderServices
    ) async throws -> (configuration: ProviderConfiguration, correctedIssuer: String?) {
        var configuration = configuration
        do {
            _ = try await resolve(configuration, services: services)
            return (configuration, nil)
        } catch ProviderError.issuerMismatch(let expected, let received)
            where expected.trailingSlashTrimmed == received.trailingSlashTrimmed
        {
            configuration.issuer = received
            _ = try await resolve(configuration, services: services)
            return (configuration, received)
        } catch ProviderError.issuerMismatch(_, let received) {
            // A domain tenant (`--tenant contoso.com`): discovery names the tenant's id, which
            // ID tokens carry; store that tenant and issuer.
            guard let tenant = configuration.tenant,
                let tenantID = presets.preset(configuration.id)?.tenancy?.tenantID(namedBy: received, issuer: configuration.issuer, tenant: tenant)
            else { throw ProviderError.issuerMismatch(expected: configuration.issuer, received: received) }
            configuration.issuer = received
            configuration.tenant = tenantID
            _ = try await resolve(configuration, services: services)
            return (configuration, received)
        }
    }

    /// Stores `configuration` after checking it; a preset's issuer is filled in when none is given.
    package func add(_ configuration: ProviderConfiguration) throws {
        let configuration = try completed(configuration)
        try store.update { document in
            guard !document.providers.contains(where: { $0.id == configuration.id }) else {
                throw ProviderError.alreadyConfigured(configuration.id)
            }
            document.providers.append(configuration)
        }
    }

    /// Removes `id`; throws ``ProviderError/unknownProvider(_:configured:)`` if it is not there.
    package func remove(_ id: String) throws {
        try store.update { document in
            guard let index = document.providers.firstIndex(where: { $0.id == id }) else {
                throw notConfigured(id, among: document.providers)
            }
            document.providers.remove(at: index)
        }
    }
}

extension String {
    /// Without one terminating `/`: the form OpenID Discovery §4.1 builds the well-known URL from.
    fileprivate var trailingSlashTrimmed: Substring { hasSuffix("/") ? dropLast() : self[...] }
}

/// The check of a provider being added found no usable provider at its issuer (nothing listens,
/// discovery answered 404 or something that is not a discovery document): the issuer is likely
/// wrong. The underlying error's code and message, with the remedy to check the issuer or skip
/// the check.
package struct IssuerCheckFailed: AuthCoreError {
    package var issuer: String
    package var underlying: any AuthCoreError

    package init(issuer: String, underlying: any AuthCoreError) {
        self.issuer = issuer
        self.underlying = underlying
    }

    package var code: ErrorCode { underlying.code }
    package var message: String { underlying.message }
    package var remedy: Remedy? { .checkIssuer(issuer) }
    package var details: [String: ErrorDetail] { underlying.details }
    package var description: String { message }
}
