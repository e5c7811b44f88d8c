import AuthPlatform

/// One configured provider, as stored in `providers.json`.
package struct ProviderConfiguration: Codable, Sendable, Equatable {
    /// `oidc.<name>`, or a preset: `github.com`, `yahoo.com`.
    package var id: String
    /// The issuer identifier; discovery must return exactly this string. Empty for a kind without
    /// issuers (GitHub, which is not an OpenID provider).
    package var issuer: String
    package var clientID: String
    /// Kept only in the 0600 providers file; never printed.
    package var clientSecret: String?
    /// Scopes requested in addition to the kind's own (``IdentityProviderKind/scopes``).
    package var scopes: [String]
    /// Extra authorization request parameters, such as `prompt=login`.
    package var customParameters: [String: String]
    /// A fixed loopback port, for providers that register the redirect URI with its port: the
    /// first of ``redirectPorts``, stored as before lists existed, so older versions still read it.
    package var redirectPort: UInt16?
    /// The ports tried after ``redirectPort`` when it is taken, in order; nil when there are none
    /// (older versions ignore the member and use the first port alone).
    package var fallbackRedirectPorts: [UInt16]?
    /// True only when the provider was added with `--hs256-id-tokens`: ID tokens MACed with the
    /// client secret are then accepted. Never implied, so a public key can never become an HMAC key.
    package var acceptsHS256IDTokens: Bool?
    /// The server root of a GitHub Enterprise Server (`--api-base`); nil for github.com and for
    /// kinds that take no API base.
    package var apiBase: String?
    /// A redirect URI registered with the provider that is not a loopback listener
    /// (`--redirect-uri`): the browser lands there and the person pastes the address back.
    package var redirectURI: String?
    /// The tenant of a provider whose issuer names one (`microsoft.com --tenant`); nil for others.
    package var tenant: String?

    package init(
        id: String, issuer: String, clientID: String, clientSecret: String? = nil, scopes: [String] = [],
        customParameters: [String: String] = [:], redirectPorts: [UInt16] = [], acceptsHS256IDTokens: Bool = false,
        apiBase: String? = nil, redirectURI: String? = nil, tenant: String? = nil
    ) {
        self.id = id
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scopes = scopes
        self.customParameters = customParameters
        self.redirectPorts = redirectPorts
        self.acceptsHS256IDTokens = acceptsHS256IDTokens ? true : nil
        self.apiBase = apiBase
        self.redirectURI = redirectURI
        self.tenant = tenant
    }

    /// The loopback ports to listen on, the first free one winning; empty: any free port.
    package var redirectPorts: [UInt16] {
        get { redirectPort.map { [$0] + (fallbackRedirectPorts ?? []) } ?? [] }
        set {
            redirectPort = newValue.first
            fallbackRedirectPorts = newValue.count > 1 ? Array(newValue.dropFirst()) : nil
        }
    }

    /// Checks the id, then what the provider's kind requires, then the rules every kind shares,
    /// before anything is stored.
    package func validated(presets: ProviderPresets) throws -> ProviderConfiguration {
        let kind = try presets.requireKind(forID: id)
        try kind.validate(self)
        let preset = presets.preset(id)
        if tenant != nil, preset?.tenancy == nil { throw ProviderError.notApplicable(option: "a tenant", provider: id) }
        if let reason = preset?.requiresClientSecret, clientSecret == nil { throw ProviderError.clientSecretRequired(provider: id, reason: reason) }
        if let redirectURI { try URLPolicy.check(redirectURI, field: "redirect URI", allowQuery: true) }
        if acceptsHS256IDTokens == true, clientSecret == nil {
            throw ProviderError.missingClientSecret(source: "the configuration: accepting HS256 ID tokens needs a client secret, the HMAC key")
        }
        return self
    }
}
