import Foundation

// FirebaseAuth's completion-handler forms of `User`'s calls: each runs the `async` method of the
// same name and calls `completion` on the main queue (``Completion``, Docs/Decisions/0033).

extension User {
    /// ``link(with:)-(AuthCredential)`` with a completion handler.
    public func link(with credential: AuthCredential, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.link(with: credential) }
    }

    /// ``link(with:uiDelegate:)`` with a completion handler.
    public func link(with provider: OAuthProvider, uiDelegate: AuthUIDelegate?, completion: ((AuthDataResult?, Error?) -> Void)?) {
        Completion.deliver(completion) { try await self.link(with: provider, uiDelegate: uiDelegate) }
    }

    /// ``reauthenticate(with:)-(AuthCredential)`` with a completion handler.
    public func reauthenticate(with credential: AuthCredential, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.reauthenticate(with: credential) }
    }

    /// ``reauthenticate(with:uiDelegate:)`` with a completion handler.
    public func reauthenticate(
        with provider: OAuthProvider, uiDelegate: AuthUIDelegate?, completion: ((AuthDataResult?, Error?) -> Void)?
    ) {
        Completion.deliver(completion) { try await self.reauthenticate(with: provider, uiDelegate: uiDelegate) }
    }

    /// ``unlink(fromProvider:)`` with a completion handler.
    public func unlink(fromProvider provider: String, completion: ((User?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.unlink(fromProvider: provider) }
    }

    /// ``delete()`` with a completion handler.
    public func delete(completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.delete() }
    }

    /// ``reload()`` with a completion handler.
    public func reload(completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.reload() }
    }

    /// ``getIDToken(forcingRefresh:)`` with a completion handler.
    public func getIDTokenForcingRefresh(_ forceRefresh: Bool, completion: ((String?, Error?) -> Void)?) {
        Completion.deliver(completion) { try await self.getIDToken(forcingRefresh: forceRefresh) }
    }

    /// ``getIDToken()`` with a completion handler.
    public func getIDToken(completion: ((String?, Error?) -> Void)?) {
        Completion.deliver(completion) { try await self.getIDToken() }
    }

    /// ``getIDTokenResult(forcingRefresh:)`` with a completion handler.
    public func getIDTokenResult(forcingRefresh: Bool, completion: ((AuthTokenResult?, Error?) -> Void)?) {
        Completion.deliver(completion) { try await self.getIDTokenResult(forcingRefresh: forcingRefresh) }
    }

    /// ``getIDTokenResult()`` with a completion handler.
    public func getIDTokenResult(completion: ((AuthTokenResult?, Error?) -> Void)?) {
        Completion.deliver(completion) { try await self.getIDTokenResult() }
    }

    /// ``updateEmail(to:)`` with a completion handler.
    public func updateEmail(to email: String, completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.updateEmail(to: email) }
    }

    /// ``updatePassword(to:)`` with a completion handler.
    public func updatePassword(to password: String, completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.updatePassword(to: password) }
    }
}
