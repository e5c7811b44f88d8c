import Foundation

// FirebaseAuth's completion-handler forms of `Auth`'s calls: each runs the `async` method of the
// same name and calls `completion` on the main queue (``Completion``, Docs/Decisions/0033).

extension Auth {
    /// ``signIn(with:)-(AuthCredential)`` with a completion handler.
    public func signIn(with credential: AuthCredential, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.signIn(with: credential) }
    }

    /// ``signIn(with:uiDelegate:)`` with a completion handler.
    public func signIn(
        with provider: OAuthProvider, uiDelegate: AuthUIDelegate?, completion: ((AuthDataResult?, Error?) -> Void)?
    ) {
        Completion.deliver(completion) { try await self.signIn(with: provider, uiDelegate: uiDelegate) }
    }

    /// ``signIn(withEmail:password:)`` with a completion handler.
    public func signIn(withEmail email: String, password: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.signIn(withEmail: email, password: password) }
    }

    /// ``createUser(withEmail:password:)`` with a completion handler.
    public func createUser(withEmail email: String, password: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.createUser(withEmail: email, password: password) }
    }

    /// ``signIn(withCustomToken:)`` with a completion handler.
    public func signIn(withCustomToken token: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.signIn(withCustomToken: token) }
    }

    /// ``fetchSignInMethods(forEmail:)`` with a completion handler.
    public func fetchSignInMethods(forEmail email: String, completion: (([String]?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.fetchSignInMethods(forEmail: email) }
    }

    /// ``sendPasswordReset(withEmail:)`` with a completion handler.
    public func sendPasswordReset(withEmail email: String, completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.sendPasswordReset(withEmail: email) }
    }
}
