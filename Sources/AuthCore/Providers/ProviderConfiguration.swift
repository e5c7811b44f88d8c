import Foundation

/// One configured provider, as stored in `providers.json`.
public struct ProviderConfiguration: Codable, Sendable, Equatable {
    /// `oidc.<name>`, or a preset: `github.com`, `yahoo.com`.
    public var id: String
    /// The issuer identifier; discovery must return exactly this string. Empty for GitHub, which
    /// is not an OpenID provider.
    public var issuer: String
    public var clientID: String
    /// Kept only in the 0600 providers file; never printed.
    public var clientSecret: String?
    /// Scopes requested in addition to ``OAuthProvider/defaultOIDCScopes``.
    public var scopes: [String]
    /// Extra authorization request parameters, such as `prompt=login`.
    public var customParameters: [String: String]
    /// A fixed loopback port, for providers that register the redirect URI with its port.
    public var redirectPort: UInt16?
    /// True only when the provider was added with `--hs256-id-tokens`: ID tokens MACed with the
    /// client secret are then accepted. Never implied, so a public key can never become an HMAC key.
    public var acceptsHS256IDTokens: Bool?
    /// GitHub: the server root for GitHub Enterprise Server (`--api-base`); nil for github.com.
    public var apiBase: String?
    /// A redirect URI registered with the provider that is not a loopback listener
    /// (`--redirect-uri`): the browser lands there and the person pastes the address back.
    public var redirectURI: String?

    /// GitHub's endpoints, at `apiBase` when one is configured (the URL policy applies).
    public func githubEndpoints() throws(ProviderError) -> GitHubEndpoints {
        guard let apiBase else { return try GitHubEndpoints(apiBase: nil) }
        guard let url = URL(string: apiBase) else { throw .malformedURL(field: "api base", url: apiBase) }
        return try GitHubEndpoints(apiBase: url)
    }

    /// What kind of provider this is: GitHub is OAuth plus a REST API, the rest are OpenID.
    public var kind: ProviderPreset.Kind {
        id == GitHubEndpoints.providerID ? .github : .oidc
    }

    /// The HMAC key for HS256 ID tokens, when this provider opted in.
    public var hs256Secret: [UInt8]? {
        guard acceptsHS256IDTokens == true, let clientSecret else { return nil }
        return Array(clientSecret.utf8)
    }

    public init(
        id: String, issuer: String, clientID: String, clientSecret: String? = nil, scopes: [String] = [],
        customParameters: [String: String] = [:], redirectPort: UInt16? = nil, acceptsHS256IDTokens: Bool = false,
        apiBase: String? = nil, redirectURI: String? = nil
    ) {
        self.id = id
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scopes = scopes
        self.customParameters = customParameters
        self.redirectPort = redirectPort
        self.acceptsHS256IDTokens = acceptsHS256IDTokens ? true : nil
        self.apiBase = apiBase
        self.redirectURI = redirectURI
    }

    /// Checks the id, the issuer URL and the parameters before anything is stored.
    public func validated() throws(ProviderError) -> ProviderConfiguration {
        try ProviderID.validate(id)
        switch kind {
        case .github:
            guard issuer.isEmpty else { throw .notApplicable(option: "--issuer", provider: id) }
            _ = try githubEndpoints()
            guard clientSecret != nil else { throw .missingClientSecret(source: "the configuration: GitHub's code exchange needs the client secret") }
        case .oidc:
            guard apiBase == nil else { throw .notApplicable(option: "--api-base", provider: id) }
            try ProviderURLPolicy.check(issuer, field: "issuer")
        }
        if let redirectURI { try ProviderURLPolicy.check(redirectURI, field: "redirect URI", allowQuery: true) }
        if acceptsHS256IDTokens == true, clientSecret == nil {
            throw .missingClientSecret(source: "the configuration: --hs256-id-tokens needs a client secret, the HMAC key")
        }
        return self
    }
}

/// Provider ids: `oidc.<name>` for OpenID providers, and the presets `github.com`, `yahoo.com`.
public enum ProviderID {
    public static let oidcPrefix = "oidc."
    static let maximumNameLength = 64

    public static func validate(_ id: String) throws(ProviderError) {
        if ProviderPreset.named(id) != nil { return }
        guard id.hasPrefix(oidcPrefix) else { throw .invalidProviderID(id) }
        let name = id.dropFirst(oidcPrefix.count)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")
        guard !name.isEmpty, name.count <= maximumNameLength, name.allSatisfy(allowed.contains) else {
            throw .invalidProviderID(id)
        }
    }
}

/// Where a provider may live: https anywhere, plain http on loopback hosts only (RFC 8252 §8.3
/// for the redirect; the same reasoning lets test and demo providers run on 127.0.0.1).
public enum ProviderURLPolicy {
    /// Throws unless `string` is an absolute https URL, or http on a loopback host, with a host,
    /// and without query or fragment (OpenID Discovery §3: the issuer has neither).
    @discardableResult
    public static func check(_ string: String, field: String, allowQuery: Bool = false) throws(ProviderError) -> URL {
        guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty, components.fragment == nil,
            allowQuery || components.query == nil, let url = components.url
        else { throw .malformedURL(field: field, url: string) }
        switch scheme {
        case "https": return url
        case "http" where isLoopbackHost(host): return url
        case "http": throw .insecureURL(field: field, url: string)
        default: throw .malformedURL(field: field, url: string)
        }
    }

    /// 127.0.0.0/8, ::1 and localhost.
    public static func isLoopbackHost(_ rawHost: String) -> Bool {
        let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            guard let value = Int(octet), (0...255).contains(value), String(value) == octet else { return false }
            return true
        }
    }
}
