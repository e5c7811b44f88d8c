import AuthPlatform

/// What a token endpoint returned (RFC 6749 §5.1, OpenID Connect Core §3.1.3.3).
package struct TokenResponse: Sendable, Equatable {
    package var accessToken: String
    package var tokenType: String
    /// Seconds, as sent; turned into an absolute expiry at receipt.
    package var expiresIn: Int?
    package var refreshToken: String?
    package var idToken: String?
    package var scope: String?

    /// Parses a successful token response body.
    package static func parse(_ body: [UInt8]) throws(OAuthError) -> TokenResponse {
        guard let json = try? JSONValue.parse(body), json.objectValue != nil else {
            throw .invalidTokenResponse("not a JSON object")
        }
        guard let accessToken = json["access_token"]?.stringValue, !accessToken.isEmpty else {
            throw .invalidTokenResponse("no access_token")
        }
        return TokenResponse(
            accessToken: accessToken,
            tokenType: json["token_type"]?.stringValue ?? "Bearer",
            expiresIn: json["expires_in"]?.intValue ?? json["expires_in"]?.stringValue.flatMap { Int($0) },
            refreshToken: json["refresh_token"]?.stringValue,
            idToken: json["id_token"]?.stringValue,
            scope: json["scope"]?.stringValue
        )
    }
}

/// How the client proves itself at the token endpoint (RFC 6749 §2.3.1, OIDC Core §9).
package enum ClientAuthentication: String, Sendable, Equatable {
    case clientSecretBasic = "client_secret_basic"
    case clientSecretPost = "client_secret_post"
    /// Public client: only `client_id` (and PKCE) identify it.
    case none

    /// Picks the method the provider advertises: Basic first (the default in OIDC Discovery §3),
    /// then POST; `none` for a client without a secret.
    package static func choose(hasSecret: Bool, supported: [String]) -> ClientAuthentication {
        guard hasSecret else { return .none }
        if supported.contains(clientSecretBasic.rawValue) || supported.isEmpty { return .clientSecretBasic }
        if supported.contains(clientSecretPost.rawValue) { return .clientSecretPost }
        return .clientSecretBasic
    }
}

/// Talks to a token endpoint.
package struct TokenClient: Sendable {
    /// Token responses are small; refuse anything larger.
    package static let maximumResponseBytes = 256 * 1024

    package let tokenEndpoint: URL
    package let clientID: String
    package let clientSecret: String?
    package let authentication: ClientAuthentication
    let transport: any HTTPTransport

    package init(tokenEndpoint: URL, clientID: String, clientSecret: String?, authentication: ClientAuthentication, transport: any HTTPTransport) {
        self.tokenEndpoint = tokenEndpoint
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.authentication = authentication
        self.transport = transport
    }

    /// Exchanges an authorization code (RFC 6749 §4.1.3) with the PKCE verifier (RFC 7636 §4.5).
    package func exchange(code: String, redirectURI: String, codeVerifier: String) async throws -> TokenResponse {
        try await post([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("code_verifier", codeVerifier),
        ])
    }

    /// Sends a token request and reads the answer, success or RFC 6749 §5.2 error.
    func post(_ fields: [(String, String)]) async throws -> TokenResponse {
        let request = authenticatedFormRequest(to: tokenEndpoint, fields: fields)
        return try Self.tokenResponse(from: try await transport.send(request))
    }

    /// A token endpoint's answer (RFC 6749 §5.1, §5.2): the tokens, or the error it reports.
    package static func tokenResponse(from response: HTTPResponse) throws -> TokenResponse {
        let json = try? JSONValue.parse(response.body)
        if let error = json?["error"]?.stringValue {
            throw OAuthError.tokenEndpointError(error: error, description: json?["error_description"]?.stringValue, status: response.status)
        }
        guard (200..<300).contains(response.status) else {
            throw OAuthError.tokenEndpointError(error: "HTTP \(response.status)", description: nil, status: response.status)
        }
        return try TokenResponse.parse(response.body)
    }
}
