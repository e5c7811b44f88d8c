import AuthCrypto

/// Reads the redirect that ends an authorization request (RFC 6749 §4.1.2, RFC 9207 §2.4).
public enum AuthorizationResponse {
    /// The parameters that may appear only once in a redirect (RFC 6749 §3.1).
    static let singleValuedParameters: Set<String> = ["code", "state", "iss", "error", "error_description", "error_uri"]

    /// Checks the redirect's parameters against `request` and returns the authorization code.
    ///
    /// The order is: no repeated parameter; `iss` (RFC 9207: before anything else is trusted);
    /// `state` in constant time; then `error` or `code`.
    public static func code(
        from parameters: [(name: String, value: String)], for request: AuthorizationRequest, issuer: String?,
        issuerParameterRequired: Bool
    ) throws(OAuthError) -> String {
        var values: [String: String] = [:]
        for (name, value) in parameters where singleValuedParameters.contains(name) {
            guard values.updateValue(value, forKey: name) == nil else { throw .duplicateParameter(name) }
        }
        // A provider without an issuer identifier (GitHub) has no iss to check.
        if let issuer {
            if let iss = values["iss"] {
                guard iss == issuer else { throw .issuerMismatch(expected: issuer, received: iss) }
            } else if issuerParameterRequired {
                throw .issuerMismatch(expected: issuer, received: nil)
            }
        }
        guard let state = values["state"], ConstantTime.equals(Array(state.utf8), Array(request.state.utf8)) else {
            throw .stateMismatch
        }
        if let error = values["error"] {
            if error == "access_denied" { throw .accessDenied(description: values["error_description"]) }
            throw .authorizationFailed(error: error, description: values["error_description"])
        }
        guard let code = values["code"], !code.isEmpty else { throw .missingCode }
        return code
    }
}
