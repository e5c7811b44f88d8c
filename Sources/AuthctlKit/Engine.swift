internal import AuthCore
internal import AuthOAuth
internal import AuthProviders
import Foundation

/// The library's operations over the internal modules, for one ``Auth``: which flow runs, the
/// account rules applied, results turned into the library's types. Errors come out as they are;
/// the public methods translate them (``AuthError/translating(providerID:_:)``).
struct Engine: Sendable {
    let env: LibraryEnvironment
    let auth: Auth

    /// How long before its expiry a token is renewed; with `forcingRefresh`, any token is.
    static let minimumValidity: TimeInterval = 300
    /// An infinite validity: the stores renew whatever token they hold.
    static let forcedValidity: TimeInterval = .infinity

    // MARK: Provider flows

    /// The local flow's verified credential, or, for a provider the project runs, a credential
    /// that runs it when used.
    func credential(for provider: OAuthProvider, presenter: BrowserPresenter) async throws -> OAuthCredential {
        try env.checkHome()
        let core = try env.core()
        if try brokers(provider.providerID, core) != nil { return OAuthCredential(provider: provider.providerID, kind: .deferred(provider, presenter)) }
        let flow = try localFlow(provider.providerID, presenter: presenter)
        let (credential, profile) = try await flow.run(options(provider, presenter: presenter, purpose: .signIn))
        return OAuthCredential(verified: credential, profile: profile)
    }

    /// `provider`'s flow for `purpose`, then the account rules: on this machine when the provider
    /// is added in the home, else by the Firebase project.
    func run(_ provider: OAuthProvider, presenter: BrowserPresenter?, for purpose: FederatedPurpose, as uid: String?) async throws -> AuthDataResult {
        let presenter = presenter ?? .systemBrowser
        try env.checkHome()
        let core = try env.core()
        try check(uid, core)
        return try await AuthError.translating(providerID: provider.providerID) {
            if let broker = try brokers(provider.providerID, core) {
                let request = BrokeredSignInFlow.Request(
                    providerID: provider.providerID, purpose: purpose, returning: .loopback(ports: [], acceptsPaste: false),
                    scopes: provider.scopes, customParameters: provider.customParameters, timeout: provider.timeout,
                    opensBrowser: presenter.opensBrowser)
                let result = try await BrokeredSignInFlow(broker: broker, context: env.grantContext(presenter)).run(request)
                return AuthDataResult(result, auth: auth)
            }
            let flow = try localFlow(provider.providerID, presenter: presenter)
            let result = try await flow.run(options(provider, presenter: presenter, purpose: purpose)) { credential, profile in
                let result = try await Self.apply(purpose, credential, profile, core)
                return (result, result.user.email ?? result.user.displayName ?? result.user.uid)
            }
            return AuthDataResult(result, auth: auth)
        }
    }

    /// The project's flow for `providerID`: a project is the backend and the provider is not added here.
    func brokers(_ providerID: String, _ core: AuthCore.Auth) throws -> (any ProviderFlowBroker)? {
        guard let broker = core.backend as? any ProviderFlowBroker else { return nil }
        return try env.registry.all().contains { $0.id == providerID } ? nil : broker
    }

    func localFlow(_ providerID: String, presenter: BrowserPresenter) throws -> SignInFlow {
        SignInFlow(provider: try env.registry.provider(providerID), registry: env.registry, services: env.services, context: env.grantContext(presenter))
    }

    func options(_ provider: OAuthProvider, presenter: BrowserPresenter, purpose: FederatedPurpose) throws -> SignInOptions {
        try AuthorizationRequest.checkCustomParameters(provider.customParameters)
        return SignInOptions(
            extraScopes: provider.scopes, customParameters: provider.customParameters, timeout: provider.timeout,
            opensBrowser: presenter.opensBrowser, preferredPrompt: purpose == .reauthenticate ? "login" : nil)
    }

    static func apply(
        _ purpose: FederatedPurpose, _ credential: AuthOAuth.OAuthCredential, _ profile: FederatedProfile, _ core: AuthCore.Auth
    ) async throws -> AuthCore.AuthDataResult {
        switch purpose {
        case .signIn: try await core.signIn(with: credential, profile: profile)
        case .link: try await core.link(with: credential, profile: profile)
        case .reauthenticate: try await core.reauthenticate(with: credential, profile: profile)
        }
    }

    /// The operations of a ``User`` act on the signed-in user, who must still be that user.
    func check(_ uid: String?, _ core: AuthCore.Auth) throws {
        guard let uid else { return }
        guard let current = try core.currentUser() else { throw AuthError(.nullUser, "nobody is signed in any more") }
        guard current.uid == uid else { throw AuthError(.userMismatch, "another user (\(current.uid)) is signed in now") }
    }
}
