import AuthPlatform

/// The fields of an OpenID Provider Metadata document (OpenID Connect Discovery 1.0 §3) that
/// authctl uses.
package struct ProviderMetadata: Codable, Sendable, Equatable {
    package var issuer: String
    /// Nil for an issuer that only issues ID tokens (GitHub Actions): ``OpenIDProvider`` then
    /// refuses every grant but an ID token obtained elsewhere.
    package var authorizationEndpoint: String?
    package var tokenEndpoint: String?
    package var jwksURI: String
    package var userinfoEndpoint: String?
    package var revocationEndpoint: String?
    /// Default per Discovery §3: `client_secret_basic`.
    package var tokenEndpointAuthMethodsSupported: [String]
    package var codeChallengeMethodsSupported: [String]
    package var idTokenSigningAlgValuesSupported: [String]
    /// RFC 9207 §3: when true, the authorization response must carry `iss`.
    package var authorizationResponseIssParameterSupported: Bool
    /// OpenID Connect Prompt Create §4.1; nil when the provider does not list them.
    package var promptValuesSupported: [String]?
    /// RFC 8628 §4.
    package var deviceAuthorizationEndpoint: String?

    package init(
        issuer: String, authorizationEndpoint: String?, tokenEndpoint: String?, jwksURI: String,
        userinfoEndpoint: String? = nil, revocationEndpoint: String? = nil,
        tokenEndpointAuthMethodsSupported: [String] = ["client_secret_basic"],
        codeChallengeMethodsSupported: [String] = [], idTokenSigningAlgValuesSupported: [String] = ["RS256"],
        authorizationResponseIssParameterSupported: Bool = false
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.jwksURI = jwksURI
        self.userinfoEndpoint = userinfoEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.tokenEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
        self.idTokenSigningAlgValuesSupported = idTokenSigningAlgValuesSupported
        self.authorizationResponseIssParameterSupported = authorizationResponseIssParameterSupported
    }

    /// Reads a discovery document, checking the issuer (Discovery §4.3) and that every endpoint
    /// obeys ``URLPolicy``. `authorization_endpoint` and `token_endpoint` may be absent together
    /// or alone (an issuer of ID tokens only, as GitHub Actions' publishes); `jwks_uri` may not.
    package static func parse(_ body: [UInt8], expectedIssuer: String, url: String) throws -> ProviderMetadata {
        try parse(body, expectedIssuers: [expectedIssuer], url: url)
    }

    /// ``parse(_:expectedIssuer:url:)`` where the document may name any of `expectedIssuers` (a
    /// shared tenant's template, ``Tenancy``); the first is the one reported on a mismatch.
    package static func parse(_ body: [UInt8], expectedIssuers: [String], url: String) throws -> ProviderMetadata {
        guard let document = try? JSONValue.parse(body), document.objectValue != nil else {
            throw ProviderError.invalidDiscoveryDocument(url: url, reason: "not a JSON object")
        }
        func required(_ name: String) throws(ProviderError) -> String {
            guard let value = document[name]?.stringValue, !value.isEmpty else {
                throw .invalidDiscoveryDocument(url: url, reason: "'\(name)' is missing")
            }
            return value
        }
        func optional(_ name: String) -> String? {
            document[name]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        }
        func strings(_ name: String) -> [String]? {
            document[name]?.arrayValue?.compactMap(\.stringValue)
        }
        let issuer = try required("issuer")
        guard expectedIssuers.contains(issuer) else {
            throw ProviderError.issuerMismatch(expected: expectedIssuers.first ?? "", received: issuer)
        }
        var metadata = ProviderMetadata(
            issuer: issuer,
            authorizationEndpoint: optional("authorization_endpoint"),
            tokenEndpoint: optional("token_endpoint"),
            jwksURI: try required("jwks_uri"),
            userinfoEndpoint: document["userinfo_endpoint"]?.stringValue,
            revocationEndpoint: try revocationEndpoint(in: document),
            tokenEndpointAuthMethodsSupported: strings("token_endpoint_auth_methods_supported") ?? ["client_secret_basic"],
            codeChallengeMethodsSupported: strings("code_challenge_methods_supported") ?? [],
            idTokenSigningAlgValuesSupported: strings("id_token_signing_alg_values_supported") ?? ["RS256"],
            authorizationResponseIssParameterSupported: document["authorization_response_iss_parameter_supported"]?.boolValue ?? false
        )
        metadata.promptValuesSupported = strings("prompt_values_supported")
        metadata.deviceAuthorizationEndpoint = try deviceAuthorizationEndpoint(in: document)
        if let authorize = metadata.authorizationEndpoint { try URLPolicy.check(authorize, field: "authorization_endpoint", allowQuery: true) }
        if let token = metadata.tokenEndpoint { try URLPolicy.check(token, field: "token_endpoint") }
        try URLPolicy.check(metadata.jwksURI, field: "jwks_uri")
        if let userinfo = metadata.userinfoEndpoint { try URLPolicy.check(userinfo, field: "userinfo_endpoint") }
        return metadata
    }
}

/// Fetches and caches provider metadata.
package struct Discovery: Sendable {
    /// OpenID Connect Discovery 1.0 §4: the well-known suffix appended to the issuer.
    package static let wellKnownPath = "/.well-known/openid-configuration"
    /// How long a fetched document is reused without asking again.
    package static let cacheLifetime: TimeInterval = 3600

    /// Discovery documents are small; refuse anything larger.
    package static let maximumDocumentBytes = 256 * 1024

    private let transport: any HTTPTransport
    private let clock: Clock
    private let cache: PrivateFileCache

    package init(transport: any HTTPTransport, clock: Clock, cacheDirectory: String) {
        self.transport = transport
        self.clock = clock
        self.cache = PrivateFileCache(directory: cacheDirectory)
    }

    /// `issuer` + `/.well-known/openid-configuration`, without doubling a trailing slash (§4.1).
    package static func documentURL(forIssuer issuer: String) -> String {
        (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + wellKnownPath
    }

    /// The metadata of `issuer`, from the cache when fresh, else from the provider.
    package func metadata(forIssuer issuer: String) async throws -> ProviderMetadata {
        try await metadata(forIssuer: issuer, accepting: [issuer])
    }

    /// The metadata at `issuer`'s well-known address, which may name any of `issuers`.
    package func metadata(forIssuer issuer: String, accepting issuers: [String]) async throws -> ProviderMetadata {
        let url = Self.documentURL(forIssuer: issuer)
        let cachePath = cache.path(prefix: "discovery", key: url)
        let now = clock.now()
        if let bytes = cache.read(cachePath, limit: 2 * Self.maximumDocumentBytes), let entry = try? JSONValue.parse(bytes),
            entry["url"]?.stringValue == url, let fetchedAt = entry["fetchedAt"]?.numberValue,
            let body = entry["body"]?.stringValue,
            (0..<Self.cacheLifetime).contains(now.timeIntervalSince1970 - fetchedAt),
            let metadata = try? ProviderMetadata.parse(Array(body.utf8), expectedIssuers: issuers, url: url)
        {
            return metadata
        }
        let requestURL = try URLPolicy.check(url, field: "discovery URL")
        let response = try await transport.send(
            HTTPRequest(url: requestURL, headers: [("Accept", "application/json")], maxResponseBytes: Self.maximumDocumentBytes)
        )
        guard response.status == 200 else {
            throw ProviderError.httpStatus(url: url, status: response.status, detail: nil)
        }
        let metadata = try ProviderMetadata.parse(response.body, expectedIssuers: issuers, url: url)
        if let body = String(validating: response.body, as: UTF8.self) {
            let entry: JSONValue = ["url": .string(url), "fetchedAt": .number(now.timeIntervalSince1970), "body": .string(body)]
            cache.write(cachePath, bytes: Array(entry.serialized().utf8))
        }
        return metadata
    }
}
