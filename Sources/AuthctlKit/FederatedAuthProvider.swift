import Foundation

/// A provider that gets its credential through a browser flow (FirebaseAuth's `FederatedAuthProvider`):
/// ``OAuthProvider`` is one; a program's own type may be another, and ``Auth/signIn(with:uiDelegate:)-(FederatedAuthProvider,_)``,
/// ``User/link(with:uiDelegate:)-(FederatedAuthProvider,_)`` and ``User/reauthenticate(with:uiDelegate:)-(FederatedAuthProvider,_)``
/// use the credential it returns.
public protocol FederatedAuthProvider: NSObjectProtocol {
    /// Runs the provider's flow in the browser `uiDelegate` presents and returns its credential.
    func credential(with uiDelegate: AuthUIDelegate?) async throws -> AuthCredential
}

extension Auth {
    /// Signs in with `provider`'s flow: an ``OAuthProvider`` runs as ``signIn(with:uiDelegate:)-(OAuthProvider,_)``
    /// does; another provider's credential is signed in with as ``signIn(with:)-(AuthCredential)``.
    @discardableResult
    public func signIn(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?) async throws -> AuthDataResult {
        if let provider = provider as? OAuthProvider { return try await signIn(with: provider, uiDelegate: uiDelegate) }
        return try await signIn(with: try await provider.credential(with: uiDelegate))
    }

    /// ``signIn(with:uiDelegate:)-(FederatedAuthProvider,_)`` with a completion handler, called on the main queue.
    public func signIn(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?, completion: ((AuthDataResult?, Error?) -> Void)?) {
        let provider = SentProvider(provider)
        Completion.deliver(completion) { try await self.signIn(with: provider.value, uiDelegate: uiDelegate) }
    }
}

extension User {
    /// Links `provider`'s identity to this user (``link(with:uiDelegate:)-(OAuthProvider,_)`` for an ``OAuthProvider``).
    @discardableResult
    public func link(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?) async throws -> AuthDataResult {
        if let provider = provider as? OAuthProvider { return try await link(with: provider, uiDelegate: uiDelegate) }
        return try await link(with: try await provider.credential(with: uiDelegate))
    }

    /// ``link(with:uiDelegate:)-(FederatedAuthProvider,_)`` with a completion handler, called on the main queue.
    public func link(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        let provider = SentProvider(provider)
        Completion.deliver(completion) { try await self.link(with: provider.value, uiDelegate: uiDelegate) }
    }

    /// Reauthenticates this user with `provider`'s flow (``reauthenticate(with:uiDelegate:)-(OAuthProvider,_)`` for an ``OAuthProvider``).
    @discardableResult
    public func reauthenticate(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?) async throws -> AuthDataResult {
        if let provider = provider as? OAuthProvider { return try await reauthenticate(with: provider, uiDelegate: uiDelegate) }
        return try await reauthenticate(with: try await provider.credential(with: uiDelegate))
    }

    /// ``reauthenticate(with:uiDelegate:)-(FederatedAuthProvider,_)`` with a completion handler, called on the main queue.
    public func reauthenticate(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        let provider = SentProvider(provider)
        Completion.deliver(completion) { try await self.reauthenticate(with: provider.value, uiDelegate: uiDelegate) }
    }
}

/// A program's provider carried into the task that runs its flow. `FederatedAuthProvider` is the
/// SDK's `NSObjectProtocol` and so not `Sendable`; the task is the only one that uses it, once, as
/// the SDK's own completion forms hand the provider to the flow they start.
private struct SentProvider: @unchecked Sendable {
    let value: FederatedAuthProvider
    init(_ value: FederatedAuthProvider) { self.value = value }
}
