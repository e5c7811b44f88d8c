/// What only some account backends can do, each a protocol a backend adopts and a command asks
/// for (`auth.backend as? any PasswordAccounts`): commands never name a concrete backend.

/// Email and password accounts (a Firebase project's Email/Password provider).
package protocol PasswordAccounts: AccountBackend {
    /// `accounts:signInWithPassword`, or `accounts:signUp` with `create`.
    func signIn(email: String, password: String, create: Bool) async throws -> SignInResult
    /// The signed-in user proves it is them with their password (the SDK's `reauthenticate(with:
    /// EmailAuthProvider.credential(...))`); another account's password is a user mismatch.
    func reauthenticate(password: String) async throws -> SignInResult
    /// Changes the signed-in user's email (needs a recent sign-in).
    func updateEmail(_ email: String) async throws -> AccountRecord
    /// Changes the signed-in user's password (needs a recent sign-in).
    func updatePassword(_ password: String) async throws -> AccountRecord
    /// Asks the project to email a password-reset link (`sendOobCode`, `PASSWORD_RESET`).
    func sendPasswordReset(toEmail email: String) async throws
}

/// Custom tokens minted by the project's own backend.
package protocol CustomTokenAccounts: AccountBackend {
    func signIn(customToken: String) async throws -> SignInResult
}

extension AccountBackend {
    package var mayHideSignInMethods: Bool { false }
}

/// Anonymous accounts: a real uid with no person behind it yet (a project's Anonymous provider),
/// upgraded later by linking a provider, which keeps the uid.
package protocol AnonymousAccounts: AccountBackend {
    /// `accounts:signUp` with neither email nor password.
    func signInAnonymously() async throws -> SignInResult
    /// Links an email and password to the signed-in user (`accounts:signUp` with its ID token):
    /// the anonymous user's upgrade, which keeps the uid.
    func link(email: String, password: String) async throws -> SignInResult
}

/// Passwordless sign-in by a link the project emails (Email/Password > Email link).
package protocol EmailLinkAccounts: AccountBackend {
    /// `sendOobCode` with `EMAIL_SIGNIN`; `continueURL` is where the link leads after it is used.
    func sendSignInLink(toEmail email: String, continueURL: String?) async throws
    /// `signInWithEmailLink` with the link's code; `linkingToCurrentUser` links the email to the
    /// signed-in user instead (with its ID token: an anonymous user keeps its uid).
    func signIn(email: String, oobCode: String, linkingToCurrentUser: Bool) async throws -> SignInResult
}

/// The one-time codes of the links a project emails: verify an email, recover it, reset a password.
package protocol ActionCodes: AccountBackend {
    /// `sendOobCode` with `VERIFY_EMAIL` for the signed-in user.
    func sendEmailVerification() async throws
    /// What the code is for, without using it (`resetPassword` with the code alone).
    func checkActionCode(_ code: String) async throws -> ActionCodeDetails
    /// Uses a verify-email or recover-email code (`accounts:update` with `oobCode`).
    func applyActionCode(_ code: String) async throws -> ActionCodeDetails
    /// Uses a password-reset code (`resetPassword` with `newPassword`); answers the account's email.
    func confirmPasswordReset(code: String, newPassword: String) async throws -> String
}

/// Enrolling and withdrawing second factors (Identity Platform's TOTP).
package protocol MultiFactorEnrollment: AccountBackend {
    /// The signed-in user's enrolled factors, as the project knows them now.
    func enrolledFactors() async throws -> [EnrolledFactor]
    /// `mfaEnrollment:start` with TOTP: a shared secret for an authenticator app.
    func startTOTPEnrollment() async throws -> TOTPEnrollmentSecret
    /// `mfaEnrollment:finalize` with the app's current code; answers the factors then enrolled,
    /// which the signed-in user's stored record (``AccountRecord/enrolledFactors``) holds after it.
    func finalizeTOTPEnrollment(_ secret: TOTPEnrollmentSecret, code: String, displayName: String?) async throws -> [EnrolledFactor]
    /// `mfaEnrollment:withdraw`; answers the factors left, which the stored record holds after it.
    func unenroll(enrollmentID: String) async throws -> [EnrolledFactor]
}

/// A backend whose calls are scoped to a tenant and send their flows through a handler domain (a
/// project's Identity Platform tenant and custom auth domain): what the library's `Auth.tenantID`
/// and `customAuthDomain` read back.
package protocol TenantScopedAccounts: AccountBackend {
    /// The tenant the calls name (nil: the project's own users).
    var tenantID: String? { get }
    /// The handler domain set in place of the default one (nil: the default).
    var customAuthDomain: String? { get }
}
