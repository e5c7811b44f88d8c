import AuthPlatform

extension TokenClient {
    /// RFC 6749 §6: `grant_type` for a refresh.
    package static let refreshGrantType = "refresh_token"

    /// Trades a refresh token for new tokens (RFC 6749 §6), with the same client authentication
    /// and error handling as ``exchange(code:redirectURI:codeVerifier:)``.
    ///
    /// `scope` may only narrow the original grant (§6); nil asks for the same scopes. A refused
    /// refresh surfaces as ``OAuthError/tokenEndpointError(error:description:status:)``; check
    /// ``OAuthError/isInvalidGrant`` to tell "sign in again" from a passing failure. When the
    /// answer carries a new refresh token the old one is dead (§6, rotation): store
    /// ``TokenResponse/refreshToken(replacing:)``. `received` sees the raw answer before it is
    /// parsed or checked, to keep it durably (Docs/Decisions/0014).
    package func refresh(
        refreshToken: String, scope: [String]? = nil, received: (HTTPResponse) throws -> Void = { _ in }
    ) async throws -> TokenResponse {
        var fields = [("grant_type", Self.refreshGrantType), ("refresh_token", refreshToken)]
        if let scope, !scope.isEmpty {
            fields.append(("scope", AuthorizationRequest.uniqued(scope).joined(separator: " ")))
        }
        // A server that rotates refresh tokens has spent the old one once this is sent: the answer
        // is waited for (up to the hard cap) whatever the command's deadline says.
        var request = authenticatedFormRequest(to: tokenEndpoint, fields: fields)
        request.timeout = Self.refreshHardCap
        request.outlivesDeadline = true
        let response = try await transport.send(request)
        try received(response)
        return try Self.tokenResponse(from: response)
    }

    /// The longest a refresh is waited for once sent, past the command's deadline and Ctrl-C.
    package static let refreshHardCap: TimeInterval = 30

    /// `fields` and headers for a form POST authenticated as this client (RFC 6749 §2.3.1):
    /// what ``post(_:)`` sends to the token endpoint, for the other endpoints of the same server
    /// (device authorization, RFC 8628 §3.1; revocation, RFC 7009 §2.1).
    func authenticatedFormRequest(to url: URL, fields: [(String, String)]) -> HTTPRequest {
        var fields = fields
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
        ]
        switch authentication {
        case .clientSecretBasic:
            // RFC 6749 §2.3.1: each part form-encoded before Basic encoding.
            let credentials = FormEncoding.encode(clientID) + ":" + FormEncoding.encode(clientSecret ?? "")
            headers.append(("Authorization", "Basic " + Data(credentials.utf8).base64EncodedString()))
        case .clientSecretPost:
            fields += [("client_id", clientID), ("client_secret", clientSecret ?? "")]
        case .none:
            fields.append(("client_id", clientID))
        }
        return HTTPRequest(
            method: "POST", url: url, headers: headers, body: FormEncoding.body(fields), maxResponseBytes: Self.maximumResponseBytes
        )
    }
}

extension TokenResponse {
    /// The refresh token to keep after a refresh: the new one when the server rotated it
    /// (RFC 6749 §6: the client MUST then discard the old one), else `previous`.
    package func refreshToken(replacing previous: String?) -> String? {
        refreshToken ?? previous
    }
}
