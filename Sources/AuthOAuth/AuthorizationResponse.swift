import AuthCrypto

/// Reads the redirect that ends an authorization request (RFC 6749 §4.1.2, RFC 9207 §2.4).
package enum AuthorizationResponse {
    /// OpenID Connect Core §3.1.2.6: the provider needed the person (to log in, to consent) and
    /// could not ask. Unless authctl sent `prompt=none` (which asks it not to), the person was asked
    /// and said no: a cancellation, not a provider failure (LemonLDAP::NG's "Refuse" sends consent_required).
    static let refusalsWhenPrompted: Set<String> = ["consent_required", "login_required", "interaction_required"]

    /// The parameters that may appear only once in a redirect (RFC 6749 §3.1).
    static let singleValuedParameters: Set<String> = ["code", "state", "iss", "error", "error_description", "error_uri"]

    /// Checks the redirect's parameters against `request` and returns the authorization code.
    ///
    /// The order is: `state`, exactly once and equal in constant time (anything else is not an
    /// answer to this request: ``OAuthError/stateMismatch``, which a listener ignores); no other
    /// parameter repeated; `iss` (RFC 9207); then `error` or `code`.
    ///
    /// An `iss` that the provider promised (`authorization_response_iss_parameter_supported`) but
    /// left out refuses a code; an error response without it is still reported as what it is
    /// (`access_denied` is a cancellation), with `note` saying so: an error yields no token, so
    /// the mix-up defence of RFC 9207 §2.4 loses nothing. A wrong `iss` refuses either.
    package static func code(
        from parameters: [(name: String, value: String)], for request: AuthorizationRequest, issuer: String?,
        issuerParameterRequired: Bool, note: (String) -> Void = { _ in }
    ) throws(OAuthError) -> String {
        let states = parameters.filter { $0.name == "state" }.map(\.value)
        guard states.count == 1, ConstantTime.equals(Array(states[0].utf8), Array(request.state.utf8)) else {
            throw .stateMismatch
        }
        var values: [String: String] = [:]
        for (name, value) in parameters where singleValuedParameters.contains(name) {
            guard values.updateValue(value, forKey: name) == nil else { throw .duplicateParameter(name) }
        }
        // A provider without an issuer identifier (GitHub) has no iss to check.
        if let issuer {
            if let iss = values["iss"] {
                guard iss == issuer else { throw .issuerMismatch(expected: issuer, received: iss) }
            } else if issuerParameterRequired {
                guard let error = values["error"] else { throw .issuerMismatch(expected: issuer, received: nil) }
                note("the error redirect (\(error)) carries no iss, which \(issuer) promises; an error yields no token, so it is read all the same")
            }
        }
        if let error = values["error"] {
            if error == "access_denied" { throw .accessDenied(description: values["error_description"]) }
            if refusalsWhenPrompted.contains(error), request.prompt != "none" {
                throw .accessDenied(description: values["error_description"].map { "\(error): \($0)" } ?? error)
            }
            throw .authorizationFailed(error: error, description: values["error_description"])
        }
        guard let code = values["code"], !code.isEmpty else { throw .missingCode }
        return code
    }
}
