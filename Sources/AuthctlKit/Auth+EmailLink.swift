internal import AuthApp
import Foundation

/// Where an emailed link leads and which apps open it (FirebaseAuth's `ActionCodeSettings`), sent
/// with the mail (`sendOobCode`'s fields). A terminal program handles a sign-in link itself, so
/// `handleCodeInApp` is always sent as true for sign-in links; for the other mails, as set.
public final class ActionCodeSettings: NSObject, @unchecked Sendable {
    /// The continue URL: where the link leads once used (a domain the project authorizes).
    public var url: URL?
    /// Whether the app handles the link rather than the project's page (false, as in the SDK;
    /// always true for email sign-in links).
    public var handleCodeInApp: Bool = false
    /// The iOS app that opens the link (the project's `iOSBundleId`); nil: none.
    public var iOSBundleID: String?
    /// The Android app that opens the link (the project's `androidPackageName`).
    public var androidPackageName: String?
    /// The Android app's minimum version for the link (`androidMinimumVersion`).
    public var androidMinimumVersion: String?
    /// Whether Android installs the app when it is missing (`androidInstallApp`).
    public var androidInstallIfNotAvailable: Bool = false
    /// The Hosting domain the link is on, instead of the project's default (`linkDomain`).
    public var linkDomain: String?

    override public init() {}

    /// Sets the Android app that opens the link, whether to install it, and its minimum version.
    public func setAndroidPackageName(_ androidPackageName: String, installIfNotAvailable: Bool, minimumVersion: String?) {
        self.androidPackageName = androidPackageName
        androidInstallIfNotAvailable = installIfNotAvailable
        androidMinimumVersion = minimumVersion
    }

    /// Sets the iOS app that opens the link.
    public func setIOSBundleID(_ bundleID: String) { iOSBundleID = bundleID }

    /// The settings as the application layer sends them.
    var fields: ActionLinkSettings {
        ActionLinkSettings(
            continueURL: url?.absoluteString, handleCodeInApp: handleCodeInApp, iOSBundleID: iOSBundleID,
            androidPackageName: androidPackageName, androidInstallApp: androidInstallIfNotAvailable,
            androidMinimumVersion: androidMinimumVersion, linkDomain: linkDomain)
    }
}

extension Auth {
    /// Has the Firebase project email a sign-in link to `email` (Email/Password > Email link
    /// enabled in its console); ``signIn(withEmail:link:)`` uses it.
    public func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings) async throws {
        let settings = actionCodeSettings.fields
        try await AuthError.translating { try await SignInMethods(runtime: try engine.runtime()).sendSignInLink(toEmail: email, settings: settings) }
    }

    /// ``sendSignInLink(toEmail:actionCodeSettings:)`` with a completion handler, called on the main queue.
    public func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings, completion: ((Error?) -> Void)? = nil) {
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
    public func signIn(withEmail email: String, link: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
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
    public func link(withEmail email: String, link: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.link(withEmail: email, link: link) }
    }
}
