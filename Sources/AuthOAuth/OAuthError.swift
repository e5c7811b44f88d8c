import AuthPlatform

/// Why an OAuth step failed: the request, the redirect, or the token endpoint.
package enum OAuthError: AuthCoreError, Equatable {
    /// A `--param` names a parameter that authctl sets itself.
    case reservedParameter(String)
    case malformedParameter(String)
    /// The redirect carried an `error` other than access_denied (RFC 6749 §4.1.2.1).
    case authorizationFailed(error: String, description: String?)
    /// The person refused consent (`error=access_denied`).
    case accessDenied(description: String?)
    /// The `state` in the redirect is not the one we sent (RFC 6749 §10.12).
    case stateMismatch
    /// RFC 9207 §2.4: the `iss` in the redirect is wrong, or missing where the provider promised it.
    case issuerMismatch(expected: String, received: String?)
    /// RFC 6749 §3.1: a response parameter appeared more than once.
    case duplicateParameter(String)
    case missingCode
    /// The token endpoint refused (RFC 6749 §5.2) or answered something unusable.
    case tokenEndpointError(error: String, description: String?, status: Int)
    case invalidTokenResponse(String)
    /// The userinfo `sub` differs from the ID token's (OpenID Connect Core §5.3.2).
    case userinfoSubjectMismatch(expected: String, received: String)
    case userinfoFailed(status: Int)
    /// The provider does not offer PKCE S256, which authctl requires.
    case pkceUnsupported(methods: [String])
    /// RFC 8628 §3.2: the device authorization response is missing a field or unsafe to show.
    case invalidDeviceAuthorization(String)
    /// RFC 8628 §3.5 `expired_token`, or the device code's `expires_in` ran out before approval.
    case deviceCodeExpired
    /// Nothing was pasted within `--timeout`.
    case timedOut(after: Duration)
    /// The provider offers no device authorization endpoint (RFC 8628 §4).
    case noDeviceEndpoint(String)
    /// Paste mode: the text is neither a redirect URL, a query string, nor an authorization code.
    case unreadablePastedRedirect(String)
    /// Paste mode of a project-run flow: only a code was pasted, but the project needs the whole
    /// address the browser ended on (`continueURI` with the provider's answer), which carries the
    /// state it checks.
    case pastedCodeWithoutAddress(continueURI: String)

    package var code: ErrorCode {
        switch self {
        case .reservedParameter, .malformedParameter: .invalidArgument
        case .accessDenied: .cancelled
        case .authorizationFailed, .tokenEndpointError, .invalidTokenResponse, .userinfoFailed, .pkceUnsupported,
            .invalidDeviceAuthorization:
            .providerError
        case .stateMismatch, .issuerMismatch, .duplicateParameter, .missingCode, .userinfoSubjectMismatch:
            .invalidCredential
        case .deviceCodeExpired, .timedOut: .timeout
        case .unreadablePastedRedirect, .pastedCodeWithoutAddress: .invalidArgument
        case .noDeviceEndpoint: .configurationError
        }
    }

    package var remedy: Remedy? {
        switch self {
        case .noDeviceEndpoint: return .signInAnotherWay([.browser, .paste])
        // RFC 6749 §5.2: client authentication failed (unknown client, wrong secret, unsupported method).
        case .tokenEndpointError("invalid_client", _, _): return .replaceClientCredentials(providerID: nil)
        default: return nil
        }
    }

    package var message: String {
        switch self {
        case .reservedParameter(let name):
            "'\(name)' is set by the sign-in itself and cannot be given as an extra parameter (reserved: \(AuthorizationRequest.reservedParameters.sorted().joined(separator: ", ")))"
        case .malformedParameter(let text):
            "'\(text)' is not a parameter: expected NAME=VALUE"
        case .authorizationFailed(let error, let description):
            "the provider refused the sign-in: \(error)" + (description.map { " (\($0))" } ?? "")
        case .accessDenied(let description):
            "sign-in cancelled: access was denied" + (description.map { " (\($0))" } ?? "")
        case .stateMismatch:
            "the redirect's state does not match the one sent: the response was not for this sign-in (possible CSRF); nothing was stored"
        case .issuerMismatch(let expected, let received):
            received.map { "the redirect's iss is '\($0)', expected '\(expected)' (RFC 9207): possible mix-up attack; nothing was stored" }
                ?? "the redirect has no iss parameter although the provider promised one (RFC 9207); nothing was stored"
        case .duplicateParameter(let name):
            "the redirect repeats the parameter '\(name)' (RFC 6749 §3.1); nothing was stored"
        case .missingCode:
            "the redirect carries neither a code nor an error"
        case .tokenEndpointError(let error, let description, let status):
            "the token endpoint refused the request (HTTP \(status)): \(error)" + (description.map { " (\($0))" } ?? "")
        case .invalidTokenResponse(let reason):
            "the token endpoint's answer is unusable: \(reason)"
        case .userinfoSubjectMismatch(let expected, let received):
            "userinfo is for subject '\(received)', but the ID token is for '\(expected)'; nothing was stored"
        case .userinfoFailed(let status):
            "the userinfo endpoint answered HTTP \(status)"
        case .pkceUnsupported(let methods):
            "the provider does not support PKCE S256 (it lists: \(methods.isEmpty ? "none" : methods.joined(separator: ", ")))"
        case .invalidDeviceAuthorization(let reason):
            "the device authorization endpoint's answer is unusable: \(reason)"
        case .timedOut(let duration):
            "nothing was pasted within \(duration.components.seconds) seconds"
        case .deviceCodeExpired:
            "the device code expired before the sign-in was approved; run the command again for a new code"
        case .noDeviceEndpoint(let provider):
            "\(provider) offers no device authorization endpoint (RFC 8628)"
        case .unreadablePastedRedirect(let reason):
            "the pasted text is not a redirect URL, a query string or an authorization code: \(reason)"
        case .pastedCodeWithoutAddress(let continueURI):
            "only the code was pasted, but the project needs the whole address your browser ended on, which starts with "
                + "\(continueURI)?… and carries the state it checks: copy all of it from the browser's address bar and run the "
                + "command again; nothing was stored"
        }
    }
}

extension OAuthError {
    /// The token endpoint refused the grant itself (RFC 6749 §5.2 `invalid_grant`; GitHub says
    /// `bad_refresh_token`): the refresh token is expired, revoked or already used, so only a new
    /// interactive sign-in helps.
    package var isInvalidGrant: Bool {
        guard case .tokenEndpointError(let error, _, _) = self else { return false }
        return error == "invalid_grant" || error == "bad_refresh_token"
    }
}
