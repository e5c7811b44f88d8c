import AuthCore
import AuthJOSE
import AuthOAuth
import AuthPlatform
import AuthProviders

/// The proofs that come from elsewhere: an ID token (to a project as it is), an access token
/// (proved by the provider's API).
extension SignIn {
    /// The Firebase docs' manual flow: an ID token obtained elsewhere goes to the project as it is
    /// (signInWithIdp's `postBody`), which verifies it against the provider it has enabled; nothing
    /// of the provider is needed here. The profile is read from the token only once the project
    /// has accepted it.
    func signInWithIDToken(_ token: String, rawNonce: String?, input: Input, broker: any ProviderFlowBroker) async throws -> SignInResult {
        let jws = try CompactJWS(parsingUnverified: token)
        guard let subject = jws.payload["sub"]?.stringValue else { throw JOSEError.missingClaim("sub") }
        let profile = FederatedProfile(
            providerID: input.providerID, subject: subject, email: jws.payload["email"]?.stringValue,
            emailVerified: jws.payload["email_verified"]?.boolValue ?? false, displayName: jws.payload["name"]?.stringValue,
            rawProfile: jws.payload)
        var credential = ProviderCredential(providerID: input.providerID, accessToken: nil, idToken: token)
        credential.rawNonce = rawNonce
        credential.obtainedAt = runtime.clock.now()
        credential.expiresAt = AccountService.expiry(ofJWT: token)
        return try await Self.apply(input.purpose, credential, profile, try runtime.accounts())
    }

    /// A provider's access token, proved by the provider added here (GitHub's REST API).
    static func proveAccessToken(_ token: String, provider: ProviderConfiguration, runtime: AuthRuntime) async throws -> (ProviderCredential, FederatedProfile) {
        let services = runtime.services
        let resolved = try await runtime.registry.resolve(provider, services: services)
        let tokens = GrantedTokens(accessToken: token, receivedAt: runtime.clock.now())
        let identity = try await resolved.identity(of: tokens, services: services)
        return (ProviderCredential(providerID: provider.id, tokens: tokens, idTokenExpiresAt: identity.idToken?.expiresAt), identity.profile)
    }
}

extension SignIn.Proof {
    /// What the person would call it.
    var name: String {
        switch self {
        case .browser: "a browser sign-in"
        case .device: "a device code"
        case .idToken: "an ID token from elsewhere"
        case .ci: "a CI job's token"
        case .accessToken: "an access token from elsewhere"
        case .verified: "a credential verified on this machine"
        }
    }
}

/// A device code, an ID token or a CI token for a provider that only the project knows: those run
/// the provider's flow on this machine, which needs the provider's app added here (exit 12).
package struct LocalFlowNeedsProvider: AuthCoreError, Equatable {
    package var providerID: String
    package var proof: String
    /// How to add the provider here (``ProviderPresets/addRemedy(_:)``).
    package var remedy: Remedy?

    package var code: ErrorCode { .configurationError }
    package var message: String {
        "\(proof) runs \(providerID)'s flow on this machine, which needs \(providerID) added here; "
            + "the Firebase project runs only the browser sign-in (Firebase has no device flow)"
    }
}
