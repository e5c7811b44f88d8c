import AuthPlatform

/// What a client-credentials grant asks for (RFC 6749 §4.4.2), kept with the session so that an
/// expired token is re-acquired with the same request: a machine has no refresh token (§4.4.3).
package struct ClientCredentialsRequest: Codable, Sendable, Equatable {
    package var scopes: [String]
    /// `audience`: the API the token is for, where the provider asks for it (Auth0, Okta); not a
    /// standard parameter, so only sent when given.
    package var audience: String?
    /// `resource` (RFC 8707 §2): the absolute URI of the API the token is for.
    package var resource: String?

    package init(scopes: [String] = [], audience: String? = nil, resource: String? = nil) {
        self.scopes = scopes
        self.audience = audience
        self.resource = resource
    }
}

extension ClientCredentialsRequest: JSONObjectDecodable {
    package init(reading object: JSONObjectReader) throws {
        self.init(
            scopes: try object.strings("scopes"), audience: try object.string(ifPresent: "audience"),
            resource: try object.string(ifPresent: "resource"))
    }
}

extension TokenClient {
    /// RFC 6749 §4.4.2: `grant_type` for a client acting on its own behalf.
    package static let clientCredentialsGrantType = "client_credentials"

    /// Tokens for the client itself (RFC 6749 §4.4), authenticated as the client always is. A
    /// public client has nothing to prove itself with: the caller refuses it first.
    package func clientCredentials(_ request: ClientCredentialsRequest) async throws -> TokenResponse {
        var fields = [("grant_type", Self.clientCredentialsGrantType)]
        if !request.scopes.isEmpty { fields.append(("scope", AuthorizationRequest.uniqued(request.scopes).joined(separator: " "))) }
        if let audience = request.audience { fields.append(("audience", audience)) }
        if let resource = request.resource { fields.append(("resource", resource)) }
        return try await post(fields)
    }
}
