/// The stable, machine-readable error vocabulary of authctl, named as in the Firebase
/// Authentication SDK (`AuthErrorCode`) where the SDK has a name for the situation.
///
/// Every error that AuthCore throws conforms to ``AuthCoreError`` and names one of these codes;
/// the command line maps codes to exit statuses in exactly one place.
package enum ErrorCode: String, Sendable, CaseIterable, Codable {
    /// A bug or an unexpected system failure.
    case internalError = "internal-error"
    /// A value given by the user is malformed or not allowed (reserved parameter, bad URL).
    case invalidArgument = "invalid-argument"
    /// No user is signed in, or the provider session is gone.
    case noCurrentUser = "no-current-user"
    /// The provider session expired (refresh refused); sign in again.
    case userTokenExpired = "user-token-expired"
    /// Sign-in needs a person at a terminal, and there is none.
    case interactiveSignInRequired = "interactive-sign-in-required"
    /// The person cancelled (access_denied, Ctrl-C).
    case cancelled = "cancelled"
    /// Nobody completed the sign-in in time.
    case timeout = "timeout"
    case accountExistsWithDifferentCredential = "account-exists-with-different-credential"
    case credentialAlreadyInUse = "credential-already-in-use"
    case providerAlreadyLinked = "provider-already-linked"
    case noSuchProvider = "no-such-provider"
    case requiresRecentLogin = "requires-recent-login"
    case userMismatch = "user-mismatch"
    /// Another account has this email (email/password sign-up, or linking on a project).
    case emailAlreadyInUse = "email-already-in-use"
    /// The account is disabled in the project.
    case userDisabled = "user-disabled"
    /// Email/password sign-in: the password is wrong, or no account has the email.
    case wrongPassword = "wrong-password"
    /// The password is too weak for the project's policy.
    case weakPassword = "weak-password"
    /// The project refuses requests from this client for a while.
    case tooManyRequests = "too-many-requests"
    /// The project's API key is not valid.
    case invalidAPIKey = "invalid-api-key"
    /// The sign-in method is not enabled in the project's console.
    case operationNotAllowed = "operation-not-allowed"
    /// The project does not know the provider id.
    case invalidProviderID = "invalid-provider-id"
    /// A provider flow's return address is not on the project's authorized domains.
    case unauthorizedDomain = "unauthorized-domain"
    /// The backend's sign-in session (a provider flow's `sessionId`) has expired; sign in again.
    case sessionExpired = "session-expired"
    /// The email is not an email address.
    case invalidEmail = "invalid-email"
    /// The password misses the project's password policy.
    case passwordDoesNotMeetRequirements = "password-does-not-meet-requirements"
    /// The project lets only its administrators do this (sign-up or deletion turned off).
    case adminRestrictedOperation = "admin-restricted-operation"
    /// The project enforces reCAPTCHA, which only a browser can solve.
    case missingRecaptchaToken = "missing-recaptcha-token"
    /// The project enforces App Check, which only an attested app can pass.
    case appCheckTokenInvalid = "firebase-app-check-token-is-invalid"
    /// The API key is restricted to other apps or referrers.
    case appNotAuthorized = "app-not-authorized"
    /// A blocking function of the project refused the operation.
    case blockingCloudFunctionError = "blocking-cloud-function-error"
    case invalidTenantID = "invalid-tenant-id"
    case tenantIDMismatch = "tenant-id-mismatch"
    case unsupportedTenantOperation = "unsupported-tenant-operation"
    /// The account has a second factor: the sign-in needs its code.
    case multiFactorAuthRequired = "multi-factor-auth-required"
    /// A second factor's code is wrong (`INVALID_CODE`).
    case invalidVerificationCode = "invalid-verification-code"
    /// The second-factor sign-in's pending credential is not valid or has expired (`INVALID_MFA_PENDING_CREDENTIAL`).
    case invalidMultiFactorSession = "invalid-multi-factor-session"
    /// The second-factor request carried no pending credential (`MISSING_MFA_PENDING_CREDENTIAL`).
    case missingMultiFactorSession = "missing-multi-factor-session"
    /// The second-factor request named no enrolled factor (`MISSING_MFA_ENROLLMENT_ID`).
    case missingMultiFactorInfo = "missing-multi-factor-info"
    /// The account has no enrolled factor of that id (`MFA_ENROLLMENT_NOT_FOUND`).
    case multiFactorInfoNotFound = "multi-factor-info-not-found"
    /// An enrolment's session is not valid or has expired (`INVALID_SESSION_INFO`).
    case invalidVerificationID = "invalid-verification-id"
    /// An enrolment's request carried no session (`MISSING_SESSION_INFO`).
    case missingVerificationID = "missing-verification-id"
    /// An emailed action code (sign-in, verification, reset link) is wrong or already used.
    case invalidActionCode = "invalid-action-code"
    /// An emailed action code has expired.
    case expiredActionCode = "expired-action-code"
    /// The operation needs the account's email verified first (TOTP enrolment).
    case unverifiedEmail = "unverified-email"
    /// The new email must be verified before the change is made.
    case emailChangeNeedsVerification = "email-change-needs-verification"
    /// Unlinking would leave the user with no way to sign in.
    case lastSignInMethod = "last-sign-in-method"
    /// The backend's session for the user is no longer valid (expired, revoked, user deleted).
    case invalidUserToken = "invalid-user-token"
    /// The provider could not be reached, or answered with an error.
    case providerError = "provider-error"
    /// A credential failed a check: signature, nonce, state, iss, aud, exp, ...
    case invalidCredential = "invalid-credential"
    /// The keystore is locked by another process, corrupt, or has insecure permissions.
    case keystoreError = "keystore-error"
    /// The providers configuration is missing, invalid, or names an unknown provider.
    case configurationError = "configuration-error"
    /// `exec`: the command was not found (as env(1), exit 127).
    case commandNotFound = "command-not-found"
    /// `exec`: the command was found but could not be run (as env(1), exit 126).
    case commandNotExecutable = "command-not-executable"
}

/// An error AuthCore throws: user-facing text (never a secret) plus its stable code.
package protocol AuthCoreError: Error, Sendable, CustomStringConvertible {
    /// The stable code, used for the exit status and `--json` error output.
    var code: ErrorCode { get }
    /// One or two lines for a person: what went wrong, in words that hold for every front door
    /// (no command, no option); what to do about it is ``remedy``.
    var message: String { get }
    /// What to do about it, as a value each front door words for its reader; nil when there is
    /// nothing to name beyond the message.
    var remedy: Remedy? { get }
    /// Extra machine-readable fields for `--json` errors (for example `email`, `providers`).
    var details: [String: ErrorDetail] { get }
}

extension AuthCoreError {
    package var details: [String: ErrorDetail] { [:] }
    package var remedy: Remedy? { nil }
    package var description: String { message }
}

/// A value attached to an error for machine consumers.
package enum ErrorDetail: Sendable, Equatable {
    case string(String)
    case strings([String])
    case int(Int)
}
