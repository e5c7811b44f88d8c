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
        var profile = FederatedProfile(
            providerID: input.providerID, subject: subject, email: jws.payload["email"]?.stringValue,
            emailVerified: jws.payload["email_verified"]?.boolValue ?? false, displayName: jws.payload["name"]?.stringValue,
            rawProfile: jws.payload)
        var credential = ProviderCredential(providerID: input.providerID, accessToken: nil, idToken: token)
        credential.rawNonce = rawNonce
        credential.obtainedAt = runtime.clock.now()
        credential.expiresAt = AccountService.expiry(ofJWT: token)
        Self.name(&credential, &profile, input.fullName)
        return try await Self.apply(input.purpose, credential, profile, try runtime.accounts())
    }

    /// The Firebase docs' access-token sign-in (Google, Facebook, Twitter): the token goes to the
    /// project as it is (signInWithIdp's `access_token`, Twitter's with `oauth_token_secret`), which
    /// asks the provider whose it is; the profile is the project's answer. ``run(_:ports:)`` has
    /// checked the provider's ``AccessTokenRule`` before any request.
    func signInWithAccessToken(_ token: String, secret: String?, input: Input) async throws -> SignInResult {
        let credential = ProviderCredential(providerID: input.providerID, accessToken: token, obtainedAt: runtime.clock.now(), secret: secret)
        return try await Self.apply(input.purpose, credential, FederatedProfile(providerID: input.providerID, subject: ""), try runtime.accounts())
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
        case .providerAnswer: "a provider's answer to the project's flow"
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

/// A provider's answer obtained through a project (the library's `getCredentialWith`), used in a
/// home whose account backend is no project any more (exit 12): only the project that ran the flow
/// can exchange it, so a new credential is needed.
package struct ProviderAnswerNeedsItsProject: AuthCoreError, Equatable {
    package var providerID: String
    package init(providerID: String) { self.providerID = providerID }
    package var code: ErrorCode { .configurationError }
    package var message: String {
        "the credential holds \(providerID)'s answer to a Firebase project's sign-in, and no Firebase project is the account backend here now"
    }
    package var remedy: Remedy? { .signIn(providerID: providerID) }
}

/// Which providers a project signs in with an access token obtained elsewhere, from their presets'
/// ``AccessTokenIntoProject`` (the Yahoo page: Google, Facebook and Twitter do; Yahoo does not).
package enum AccessTokenRule {
    /// Passes, or throws ``AccessTokenRefused`` before any request: a provider whose token the
    /// project cannot place, Twitter's token without its secret, a secret for any other provider.
    package static func check(_ providerID: String, hasSecret: Bool, presets: ProviderPresets) throws {
        switch presets.projectFlow(for: providerID).accessToken {
        case .refused(let reason): throw AccessTokenRefused(providerID: providerID, reason: .refused(reason))
        case .withSecret where !hasSecret: throw AccessTokenRefused(providerID: providerID, reason: .needsSecret)
        case .accepted where hasSecret: throw AccessTokenRefused(providerID: providerID, reason: .takesNoSecret)
        case .accepted, .withSecret: return
        }
    }
}

/// An access token a project would not take (exit 2): nothing was sent.
package struct AccessTokenRefused: AuthCoreError, Equatable {
    package enum Reason: Sendable, Equatable {
        /// The preset's reason (Yahoo's).
        case refused(String)
        /// OAuth 1.0a: the token secret is missing.
        case needsSecret
        /// Only OAuth 1.0a tokens come with a secret.
        case takesNoSecret
    }

    package var providerID: String
    package var reason: Reason

    package var code: ErrorCode { .invalidArgument }
    package var message: String {
        switch reason {
        case .refused(let why): "a project does not sign in with a \(providerID) access token: \(why)"
        case .needsSecret: "a \(providerID) access token goes with its token secret (OAuth 1.0a), which was not given"
        case .takesNoSecret: "a \(providerID) access token comes without a token secret; only OAuth 1.0a providers (twitter.com) have one"
        }
    }
    package var remedy: Remedy? {
        if case .refused = reason { return .signIn(providerID: providerID) }
        return nil
    }
}
