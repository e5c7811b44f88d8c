import AuthPlatform

/// Why a provider could not be configured, discovered, or used.
package enum ProviderError: AuthCoreError, Equatable {
    /// The provider id is neither a preset's (`presets`) nor `oidc.<name>`; `suggestion` is a
    /// valid id it probably meant (`github` → `github.com`), never one `providers add` refuses.
    case invalidProviderID(String, presets: [String], suggestion: String? = nil)
    /// No provider with this (valid) id is configured; `takesIssuer` when adding it needs an issuer.
    case unknownProvider(String, configured: [String], takesIssuer: Bool = true, takesSecret: Bool = false)
    case alreadyConfigured(String)
    /// The discovery document names another issuer than the one configured (OpenID Discovery §4.3).
    case issuerMismatch(expected: String, received: String)
    /// The discovery document is not JSON, or lacks a required field.
    case invalidDiscoveryDocument(url: String, reason: String)
    /// The provider answered an HTTP request with an unexpected status.
    case httpStatus(url: String, status: Int, detail: String?)
    /// A client secret came from an empty or missing source.
    case missingClientSecret(source: String)
    /// A setting (`option`: "an issuer", "a tenant") that this kind of provider does not take.
    case notApplicable(option: String, provider: String)
    /// The issuer only issues ID tokens (its discovery has a `jwks_uri` but no `missing`
    /// endpoint, as GitHub Actions' `token.actions.githubusercontent.com`): no browser sign-in.
    case idTokenOnly(provider: String, missing: String)
    /// The preset needs a client secret (`reason` says why) and none was given.
    case clientSecretRequired(provider: String, reason: String)
    /// `--tenant` is not a tenant name, GUID or domain name.
    case invalidTenant(String, provider: String)
    /// The issuer's path does not name the shared tenant exactly once, so its `{tenantid}`
    /// template cannot be known.
    case tenantNotInIssuer(issuer: String, tenant: String)

    package var code: ErrorCode {
        switch self {
        case .invalidProviderID, .unknownProvider, .alreadyConfigured, .missingClientSecret,
            .notApplicable, .idTokenOnly, .clientSecretRequired, .invalidTenant, .tenantNotInIssuer:
            .configurationError
        case .issuerMismatch, .invalidDiscoveryDocument, .httpStatus:
            .providerError
        }
    }

    package var message: String {
        switch self {
        case .invalidProviderID(let id, let presets, let suggestion):
            "'\(id)' is not a provider id" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + ": use "
                + (presets + ["or oidc.<name>"]).joined(separator: ", ") + ", where <name> is "
                + "1-\(ProviderPresets.maximumNameLength) of a-z, 0-9, '-' and '_'"
        case .unknownProvider(let id, let configured, _, _):
            "no provider '\(id)' is configured"
                + (configured.isEmpty ? "" : " (configured: \(configured.joined(separator: ", ")))")
        case .alreadyConfigured(let id):
            "provider '\(id)' is already configured"
        case .issuerMismatch(let expected, let received):
            "the provider's discovery document names issuer '\(received)', expected exactly '\(expected)'"
        case .invalidDiscoveryDocument(let url, let reason):
            "the discovery document at \(url) is unusable: \(reason)"
        case .httpStatus(let url, let status, let detail):
            "\(url) answered HTTP \(status)" + (detail.map { ": \($0)" } ?? "")
        case .missingClientSecret(let source):
            "no client secret in \(source)"
        case .notApplicable(let option, let provider):
            "\(option) does not apply to \(provider)"
        case .idTokenOnly(let provider, let missing):
            "\(provider) only issues ID tokens (its discovery document has no \(missing)): browser, device and "
                + "client-credentials sign-in are not possible with it"
        case .clientSecretRequired(let provider, let reason):
            "\(provider) needs the client secret: \(reason)"
        case .invalidTenant(let tenant, let provider):
            "'\(tenant)' is not a \(provider) tenant: use common, organizations, consumers, a tenant id (GUID) or a domain name"
        case .tenantNotInIssuer(let issuer, let tenant):
            "the issuer \(issuer) does not name the tenant '\(tenant)' as exactly one path segment"
        }
    }

    package var remedy: Remedy? {
        switch self {
        case .unknownProvider(let id, _, let takesIssuer, let takesSecret):
            .addProvider(providerID: id, needsIssuer: takesIssuer, needsClientSecret: takesSecret)
        case .alreadyConfigured(let id): .removeProvider(providerID: id)
        case .idTokenOnly: .signInAnotherWay([.ciIdentity, .idToken])
        case .clientSecretRequired(let provider, _): .giveClientSecret(providerID: provider)
        default: nil
        }
    }
}
