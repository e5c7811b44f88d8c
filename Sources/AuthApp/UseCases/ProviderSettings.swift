import AuthOAuth
import AuthPlatform
import AuthProviders

/// The providers added in the home (`providers add/list/show/remove`): the issuer rule (a preset's
/// built-in issuer, else one must be given), the check at the provider (its discovery document,
/// and the issuer as the provider spells it), and the store. Never shows a client secret.
package struct ProviderSettings: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// A provider to add, as the person describes it.
    package struct Addition: Sendable, Equatable {
        package var id: String
        /// Empty: the preset's built-in issuer (for a kind that uses one).
        package var issuer: String
        package var clientID: String
        package var clientSecret: String?
        package var scopes: [String]
        /// `KEY=VALUE` pairs added to every authorization request.
        package var parameters: [String]
        package var redirectPorts: [UInt16]
        package var acceptsHS256IDTokens: Bool
        package var apiBase: String?
        package var redirectURI: String?
        package var tenant: String?
        /// Ask the provider for its discovery document first (false: offline set-up).
        package var checksAtProvider: Bool

        package init(
            id: String, issuer: String = "", clientID: String, clientSecret: String? = nil, scopes: [String] = [], parameters: [String] = [],
            redirectPorts: [UInt16] = [], acceptsHS256IDTokens: Bool = false, apiBase: String? = nil, redirectURI: String? = nil,
            tenant: String? = nil, checksAtProvider: Bool = true
        ) {
            self.id = id
            self.issuer = issuer
            self.clientID = clientID
            self.clientSecret = clientSecret
            self.scopes = scopes
            self.parameters = parameters
            self.redirectPorts = redirectPorts
            self.acceptsHS256IDTokens = acceptsHS256IDTokens
            self.apiBase = apiBase
            self.redirectURI = redirectURI
            self.tenant = tenant
            self.checksAtProvider = checksAtProvider
        }
    }

    /// A provider as it is stored (its secret never shown), with the name of its kind.
    package struct Entry: Sendable, Equatable {
        package var configuration: ProviderConfiguration
        /// The preset's kind name (GitHub, OpenID Connect, ...); nil for an unknown id.
        package var kindName: String?
        package var id: String { configuration.id }
        package var issuer: String { configuration.issuer }
    }

    /// What adding did.
    package struct Added: Sendable, Equatable {
        package var entry: Entry
        /// The issuer as the provider spells it, when it differed from the one given (a trailing slash).
        package var correctedIssuer: String?
        /// Unchecked and ending with '/': ID tokens must then name exactly that issuer.
        package var uncheckedIssuerEndsWithSlash: Bool
    }

    /// The provider needs an issuer and none was given (no preset has one built in).
    package struct IssuerNeeded: AuthCoreError, Equatable {
        package var providerID: String
        package init(providerID: String) { self.providerID = providerID }
        package var code: ErrorCode { .invalidArgument }
        package var message: String { "\(providerID) needs its issuer URL: no preset has one built in" }
    }

    /// The client secret was to be read from `source` and it is empty (exit 2).
    package static func missingClientSecret(source: String) -> any Error { ProviderError.missingClientSecret(source: source) }

    /// The preset ids, for help text.
    package static var presetIDList: String { ProviderPresets.builtIn.presetIDList }
    /// The presets' built-in issuers, for help text.
    package static var issuerSummary: String { ProviderPresets.builtIn.issuerSummary }

    /// Adds (or replaces) `addition`: checked at the provider unless told not to, then stored.
    package func add(_ addition: Addition) async throws -> Added {
        var configuration = ProviderConfiguration(
            id: addition.id, issuer: addition.issuer, clientID: addition.clientID, clientSecret: addition.clientSecret, scopes: addition.scopes,
            customParameters: try AuthorizationRequest.parseParameters(addition.parameters), redirectPorts: addition.redirectPorts,
            acceptsHS256IDTokens: addition.acceptsHS256IDTokens, apiBase: addition.apiBase, redirectURI: addition.redirectURI,
            tenant: addition.tenant)
        let registry = runtime.registry
        // A kind that needs an issuer gets the preset's (the registry fills it in), or the one given.
        if configuration.issuer.isEmpty, registry.presets.takesIssuer(configuration.id) { throw IssuerNeeded(providerID: configuration.id) }
        var corrected: String?
        if addition.checksAtProvider {
            let checked = try await registry.checkedAtProvider(configuration, services: runtime.services)
            configuration = checked.configuration
            corrected = checked.correctedIssuer
        }
        try runtime.home.ensureExists()
        try registry.add(configuration)
        return Added(
            entry: try provider(configuration.id), correctedIssuer: corrected,
            uncheckedIssuerEndsWithSlash: !addition.checksAtProvider && configuration.issuer.hasSuffix("/"))
    }

    /// Every provider added, by id.
    package func list() throws -> [Entry] {
        let registry = runtime.registry
        return try registry.all().map { Entry(configuration: $0, kindName: registry.kindName(of: $0)) }
    }

    /// One provider; not added is ``ProviderError`` naming those that are.
    package func provider(_ id: String) throws -> Entry {
        let registry = runtime.registry
        let configuration = try registry.provider(id)
        return Entry(configuration: configuration, kindName: registry.kindName(of: configuration))
    }

    package func remove(_ id: String) throws {
        try runtime.registry.remove(id)
    }
}
