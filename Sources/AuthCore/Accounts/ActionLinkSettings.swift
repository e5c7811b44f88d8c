/// Where an emailed action link leads and which apps open it: the SDK's `ActionCodeSettings` as
/// Identity Toolkit's `sendOobCode` takes them (`continueUrl`, `canHandleCodeInApp`,
/// `iOSBundleId`, `androidPackageName`, `androidInstallApp`, `androidMinimumVersion`, `linkDomain`).
package struct ActionLinkSettings: Sendable, Equatable {
    package var continueURL: String?
    package var handleCodeInApp: Bool
    package var iOSBundleID: String?
    package var androidPackageName: String?
    package var androidInstallApp: Bool
    package var androidMinimumVersion: String?
    package var linkDomain: String?

    package init(
        continueURL: String? = nil, handleCodeInApp: Bool = false, iOSBundleID: String? = nil, androidPackageName: String? = nil,
        androidInstallApp: Bool = false, androidMinimumVersion: String? = nil, linkDomain: String? = nil
    ) {
        self.continueURL = continueURL
        self.handleCodeInApp = handleCodeInApp
        self.iOSBundleID = iOSBundleID
        self.androidPackageName = androidPackageName
        self.androidInstallApp = androidInstallApp
        self.androidMinimumVersion = androidMinimumVersion
        self.linkDomain = linkDomain
    }
}

/// The action mails of a project with the link's settings: a sign-in link, a password reset and
/// the signed-in user's email verification, each `sendOobCode` with the settings' fields.
package protocol ActionLinkMail: AccountBackend {
    /// `sendOobCode` with `EMAIL_SIGNIN` (the link is always handled by the app).
    func sendSignInLink(toEmail email: String, settings: ActionLinkSettings) async throws
    /// `sendOobCode` with `PASSWORD_RESET`.
    func sendPasswordReset(toEmail email: String, settings: ActionLinkSettings?) async throws
    /// `sendOobCode` with `VERIFY_EMAIL` for the signed-in user.
    func sendEmailVerification(settings: ActionLinkSettings?) async throws
}

/// The signed-in user proves it is them with an emailed sign-in link (the SDK's
/// `reauthenticate(with: EmailAuthProvider.credential(withEmail:link:))`).
package protocol EmailLinkReauthentication: AccountBackend {
    /// `signInWithEmailLink` with the link's code; another account's link is a user mismatch.
    func reauthenticate(email: String, oobCode: String) async throws -> SignInResult
}
