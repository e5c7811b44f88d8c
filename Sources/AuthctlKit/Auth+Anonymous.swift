internal import AuthApp
import Foundation

extension Auth {
    /// Signs in as a new anonymous user of the Firebase project (Anonymous enabled in its console):
    /// a uid and ID tokens with no person behind them; link a provider later to keep the uid.
    @discardableResult
    public func signInAnonymously() async throws -> AuthDataResult {
        try await AuthError.translating(auth: self) { AuthDataResult(try await SignInMethods(runtime: try engine.runtime()).signInAnonymously(), auth: self) }
    }

    /// ``signInAnonymously()`` with a completion handler, called on the main queue.
    public func signInAnonymously(completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.signInAnonymously() }
    }
}

extension User {
    /// Links an email and password to this user, which must still be the signed-in one: an
    /// anonymous user's upgrade keeps its uid (FirebaseAuth's `link(with:
    /// EmailAuthProvider.credential(withEmail:password:))`).
    public func link(withEmail email: String, password: String) async throws -> AuthDataResult {
        try await AuthError.translating {
            let methods = SignInMethods(runtime: try auth.engine.runtime())
            return AuthDataResult(try await methods.linkPassword(email: email, password: password, expectedUID: uid), auth: auth)
        }
    }

    /// ``link(withEmail:password:)`` with a completion handler, called on the main queue.
    public func link(withEmail email: String, password: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.link(withEmail: email, password: password) }
    }
}
