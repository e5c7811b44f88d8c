internal import AuthApp
internal import AuthCore
import Foundation

/// Where an emailed link leads and how (FirebaseAuth's `ActionCodeSettings`). A terminal program
/// handles the link itself, so `handleCodeInApp` is always sent as true for sign-in links.
public final class ActionCodeSettings: @unchecked Sendable {
    /// The continue URL: where the link leads once used (a domain the project authorizes).
    public var url: URL?
    /// Whether the app handles the link (always true for email sign-in links).
    public var handleCodeInApp: Bool = true

    public init() {}
}

extension Auth {
    /// Has the Firebase project email a sign-in link to `email` (Email/Password > Email link
    /// enabled in its console); ``signIn(withEmail:link:)`` uses it.
    public func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings) async throws {
        let continueURL = actionCodeSettings.url?.absoluteString
        try await AuthError.translating { try await SignInMethods(runtime: try engine.runtime()).sendSignInLink(toEmail: email, continueURL: continueURL) }
    }

    /// ``sendSignInLink(toEmail:actionCodeSettings:)`` with a completion handler, called on the main queue.
    public func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings, completion: (@MainActor (Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.sendSignInLink(toEmail: email, actionCodeSettings: actionCodeSettings) }
    }

    /// Whether `link` is an email sign-in link (`mode=signIn` with an `oobCode`, or such a link
    /// inside a `link=` parameter).
    public func isSignIn(withEmailLink link: String) -> Bool {
        ActionLink(link)?.isSignIn ?? false
    }

    /// Signs in with the emailed link (the account is created if the email has none).
    public func signIn(withEmail email: String, link: String) async throws -> AuthDataResult {
        try await AuthError.translating(auth: self) { AuthDataResult(try await SignInMethods(runtime: try engine.runtime()).signIn(email: email, link: link), auth: self) }
    }

    /// ``signIn(withEmail:link:)`` with a completion handler, called on the main queue.
    public func signIn(withEmail email: String, link: String, completion: (@MainActor (AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.signIn(withEmail: email, link: link) }
    }
}

extension User {
    /// Links the email of an emailed sign-in link to this user, which must still be the signed-in
    /// one: an anonymous user keeps its uid (FirebaseAuth's `link(with:
    /// EmailAuthProvider.credential(withEmail:link:))`).
    public func link(withEmail email: String, link: String) async throws -> AuthDataResult {
        try await AuthError.translating {
            let methods = SignInMethods(runtime: try auth.engine.runtime())
            return AuthDataResult(try await methods.signIn(email: email, link: link, linking: true, expectedUID: uid), auth: auth)
        }
    }

    /// ``link(withEmail:link:)`` with a completion handler, called on the main queue.
    public func link(withEmail email: String, link: String, completion: (@MainActor (AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.link(withEmail: email, link: link) }
    }
}
