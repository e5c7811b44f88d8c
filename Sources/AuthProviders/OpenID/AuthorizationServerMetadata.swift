import AuthPlatform

extension ProviderMetadata {
    /// Where a metadata document names its RFC 7009 endpoint: `revocation_endpoint` (RFC 8414 §2),
    /// then Yahoo's non-standard `token_revocation_endpoint`.
    package static let revocationEndpointNames = ["revocation_endpoint", "token_revocation_endpoint"]
    /// RFC 8628 §4.
    package static let deviceAuthorizationEndpointName = "device_authorization_endpoint"

    /// The revocation endpoint of a discovery or RFC 8414 document, if it names one; throws if it
    /// breaks ``URLPolicy``, as the other endpoints do.
    package static func revocationEndpoint(in document: JSONValue) throws -> String? {
        for name in revocationEndpointNames {
            if let value = document[name]?.stringValue, !value.isEmpty {
                try URLPolicy.check(value, field: name)
                return value
            }
        }
        return nil
    }

    /// The device authorization endpoint (RFC 8628 §4), if the document names one.
    package static func deviceAuthorizationEndpoint(in document: JSONValue) throws -> String? {
        guard let value = document[deviceAuthorizationEndpointName]?.stringValue, !value.isEmpty else { return nil }
        try URLPolicy.check(value, field: deviceAuthorizationEndpointName)
        return value
    }
}

/// OAuth 2.0 Authorization Server Metadata (RFC 8414), read only for what OpenID discovery may
/// leave out: some servers (django-oauth-toolkit) list `revocation_endpoint` only here.
package enum AuthorizationServerMetadata {
    /// RFC 8414 §3.
    package static let wellKnownSuffix = "/.well-known/oauth-authorization-server"

    /// RFC 8414 §3.1: the suffix goes between the host and the issuer's path; then the
    /// OpenID-style form (suffix appended to the issuer), which many servers serve as well.
    package static func documentURLs(forIssuer issuer: String) -> [String] {
        let trimmed = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        guard var components = URLComponents(string: trimmed), !components.path.isEmpty else {
            return [trimmed + wellKnownSuffix]
        }
        let path = components.percentEncodedPath
        components.percentEncodedPath = wellKnownSuffix + path
        return [components.string, trimmed + wellKnownSuffix].compactMap { $0 }
    }

    /// The revocation endpoint the issuer's RFC 8414 document names, or nil when no document
    /// answers 200 with this exact issuer (§3.3) and a revocation endpoint.
    package static func revocationEndpoint(forIssuer issuer: String, transport: any HTTPTransport) async throws -> String? {
        for url in documentURLs(forIssuer: issuer) {
            let requestURL = try URLPolicy.check(url, field: "authorization server metadata URL")
            let response = try await transport.send(
                HTTPRequest(url: requestURL, headers: [("Accept", "application/json")], maxResponseBytes: Discovery.maximumDocumentBytes)
            )
            guard response.status == 200, let document = try? JSONValue.parse(response.body),
                document["issuer"]?.stringValue == issuer
            else { continue }
            if let endpoint = try ProviderMetadata.revocationEndpoint(in: document) { return endpoint }
        }
        return nil
    }
}
