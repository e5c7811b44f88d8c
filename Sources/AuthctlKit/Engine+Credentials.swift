internal import AuthCore
internal import AuthOAuth
internal import AuthProviders
import Foundation

extension Engine {
    /// Signs in, links or reauthenticates with a credential, as its kind says.
    func use(_ credential: any AuthCredential, for purpose: FederatedPurpose, as uid: String?) async throws -> AuthDataResult {
        guard let oauth = credential as? OAuthCredential else {
            throw AuthError(.invalidCredential, "\(credential.provider) credentials are not supported; use an OAuthCredential")
        }
        if case .deferred(let provider, let presenter) = oauth.kind { return try await run(provider, presenter: presenter, for: purpose, as: uid) }
        let core = try env.core()
        try check(uid, core)
        let result: AuthCore.AuthDataResult = try await AuthError.translating(providerID: oauth.provider) {
            switch oauth.kind {
            case .verified(let verified, let profile):
                return try await Self.apply(purpose, verified, profile, core)
            case .idToken(let token, let rawNonce):
                let flow = try localFlow(oauth.provider, presenter: .printURL)
                return try await flow.run(SignInOptions(method: .idToken(token, rawNonce: rawNonce))) { credential, profile in
                    let result = try await Self.apply(purpose, credential, profile, core)
                    return (result, result.user.uid)
                }
            case .accessToken(let token):
                let (verified, profile) = try await proveAccessToken(token, providerID: oauth.provider)
                return try await Self.apply(purpose, verified, profile, core)
            case .pending:
                guard purpose == .link else {
                    throw AuthError(.invalidCredential, "the kept credential of an account-exists error can only be linked: sign in first, then link it")
                }
                return try await core.linkPending()
            case .issued, .deferred:
                throw AuthError(.invalidCredential, "the tokens of a finished sign-in cannot sign in again; get a new credential")
            }
        }
        return AuthDataResult(result, auth: auth)
    }

    /// A provider's access token, proved by the provider added here (GitHub's REST API).
    func proveAccessToken(_ token: String, providerID: String) async throws -> (AuthOAuth.OAuthCredential, FederatedProfile) {
        let services = env.services
        let resolved = try await env.registry.resolve(try env.registry.provider(providerID), services: services)
        let tokens = GrantedTokens(accessToken: token, receivedAt: env.clock.now())
        let identity = try await resolved.identity(of: tokens, services: services)
        return (AuthOAuth.OAuthCredential(providerID: providerID, tokens: tokens, idTokenExpiresAt: identity.idToken?.expiresAt), identity.profile)
    }

    // MARK: The signed-in user

    func idToken(of uid: String, forcingRefresh: Bool) async throws -> String {
        let core = try env.core()
        try check(uid, core)
        let validity = forcingRefresh ? Self.forcedValidity : Self.minimumValidity
        if let token = try await core.backend.userToken(minimumValidity: validity) { return token }
        return try await core.freshIDToken(providerID: nil, minimumValidity: validity, providers: env.registry, services: env.services).token
    }

    func unlink(_ providerID: String, as uid: String) async throws -> User {
        let core = try env.core()
        try check(uid, core)
        return User(try await core.unlink(providerID: providerID), auth: auth)
    }

    func delete(as uid: String) async throws {
        let core = try env.core()
        try check(uid, core)
        try await core.deleteCurrentUser()
    }
}
