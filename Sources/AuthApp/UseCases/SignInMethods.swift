import AuthCore
import AuthJOSE
import AuthPlatform

/// The Firebase sign-in methods both doors offer (Decisions/0034): anonymous users and their
/// upgrade, email links, the emailed action codes, TOTP enrolment, and the user's custom claims.
/// Each asks the backend for the capability; the local backend has none of them, which is one
/// ``CapabilityUnavailable`` with its remedy.
package struct SignInMethods: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    // MARK: The providers of an email

    /// The providers an email's account signs in with (the SDK's `fetchSignInMethods`).
    package struct Providers: Sendable, Equatable {
        /// Provider ids, as the backend answers them; empty when no account has the email.
        package var providerIDs: [String]
        /// The answer is empty and the backend may keep it empty on purpose (a project's
        /// email-enumeration protection), so empty does not say that no account has the email.
        package var mayBeHidden: Bool

        package init(providerIDs: [String], mayBeHidden: Bool) {
            self.providerIDs = providerIDs
            self.mayBeHidden = mayBeHidden
        }
    }

    package func providers(forEmail email: String) async throws -> Providers {
        let accounts = try runtime.accounts()
        let providerIDs = try await accounts.signInMethods(forEmail: email)
        return Providers(providerIDs: providerIDs, mayBeHidden: providerIDs.isEmpty && accounts.backend.mayHideSignInMethods)
    }

    // MARK: Anonymous users

    package func signInAnonymously() async throws -> SignInResult {
        try await runtime.backend(as: (any AnonymousAccounts).self, .anonymousAccounts).signInAnonymously()
    }

    /// An email and password linked to the signed-in user (`expectedUID`: a program's user object).
    package func linkPassword(email: String, password: String, expectedUID: String? = nil) async throws -> SignInResult {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        return try await runtime.backend(as: (any AnonymousAccounts).self, .anonymousAccounts).link(email: email, password: password)
    }

    // MARK: Email links

    package func sendSignInLink(toEmail email: String, continueURL: String?) async throws {
        try await runtime.backend(as: (any EmailLinkAccounts).self, .emailLinks).sendSignInLink(toEmail: email, continueURL: continueURL)
    }

    /// A sign-in link mailed with the settings of a program's `ActionCodeSettings`.
    package func sendSignInLink(toEmail email: String, settings: ActionLinkSettings) async throws {
        try await runtime.backend(as: (any ActionLinkMail).self, .emailLinks).sendSignInLink(toEmail: email, settings: settings)
    }

    /// The signed-in user (`expectedUID`: a program's user object) proves it is them with an emailed
    /// sign-in link; another account's link is a user mismatch.
    package func reauthenticate(email: String, link: String, expectedUID: String? = nil) async throws -> SignInResult {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        let backend = try runtime.backend(as: (any EmailLinkReauthentication).self, .emailLinks)
        guard let parsed = ActionLink(link), parsed.mode == nil || parsed.isSignIn else { throw NotAnActionLink(expected: .signIn) }
        return try await backend.reauthenticate(email: email, oobCode: parsed.oobCode)
    }

    /// A password-reset link mailed to `email`, with the link's settings when a program gives them.
    package func sendPasswordReset(toEmail email: String, settings: ActionLinkSettings?) async throws {
        try await runtime.backend(as: (any ActionLinkMail).self, .passwordAccounts).sendPasswordReset(toEmail: email, settings: settings)
    }

    /// Signs in with the emailed link (or its code).
    /// With `linking`, the email is linked to the signed-in user instead (an anonymous user keeps its uid).
    package func signIn(email: String, link: String, linking: Bool = false, expectedUID: String? = nil) async throws -> SignInResult {
        if linking { _ = try AccountOperations(runtime: runtime).checked(expectedUID) }
        let backend = try runtime.backend(as: (any EmailLinkAccounts).self, .emailLinks)
        guard let parsed = ActionLink(link), parsed.mode == nil || parsed.isSignIn else { throw NotAnActionLink(expected: .signIn) }
        return try await backend.signIn(email: email, oobCode: parsed.oobCode, linkingToCurrentUser: linking)
    }

    // MARK: Action codes

    /// Has the project email the signed-in user a verification link; answers the address (nil: unknown here).
    @discardableResult
    package func sendEmailVerification(expectedUID: String? = nil) async throws -> String? {
        let accounts = try AccountOperations(runtime: runtime).checked(expectedUID)
        try await runtime.backend(as: (any ActionCodes).self, .actionCodes).sendEmailVerification()
        return try accounts.currentUser()?.email
    }

    /// The signed-in user's verification link mailed with the link's settings.
    package func sendEmailVerification(settings: ActionLinkSettings?, expectedUID: String? = nil) async throws {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        try await runtime.backend(as: (any ActionLinkMail).self, .actionCodes).sendEmailVerification(settings: settings)
    }

    package func checkActionCode(_ link: String) async throws -> ActionCodeDetails {
        guard let parsed = ActionLink(link) else { throw NotAnActionLink(expected: nil) }
        return try await runtime.backend(as: (any ActionCodes).self, .actionCodes).checkActionCode(parsed.oobCode)
    }

    /// What applying a pasted link did.
    package enum Applied: Sendable, Equatable {
        case applied(ActionCodeDetails)
        case passwordReset(email: String)
    }

    /// A verify-email or recover-email link applied; a password-reset link with `newPassword`
    /// (asked for only when the link is one: `password` is called then).
    package func apply(_ link: String, newPassword password: () async throws -> String?) async throws -> Applied {
        let backend = try runtime.backend(as: (any ActionCodes).self, .actionCodes)
        guard let parsed = ActionLink(link) else { throw NotAnActionLink(expected: nil) }
        // The link's mode says what it is for; a bare code is asked about first.
        var operation = Self.operation(ofMode: parsed.mode)
        if operation == nil { operation = try await backend.checkActionCode(parsed.oobCode).operation }
        if operation == .passwordReset {
            guard let newPassword = try await password() else { throw NewPasswordNeeded() }
            return .passwordReset(email: try await backend.confirmPasswordReset(code: parsed.oobCode, newPassword: newPassword))
        }
        var info = try await backend.applyActionCode(parsed.oobCode)
        info.operation = operation ?? info.operation
        return .applied(info)
    }

    /// A verify-email or recover-email code (or its link) used as it is, as FirebaseAuth's
    /// `applyActionCode` does (one `accounts:update` with the code): the library's call. A bare
    /// code is not asked about first, unlike ``apply(_:newPassword:)``, which must know whether a
    /// code is a password reset's before it asks the person for a new password.
    package func applyActionCode(_ code: String) async throws -> ActionCodeDetails {
        guard let parsed = ActionLink(code) else { throw NotAnActionLink(expected: nil) }
        return try await runtime.backend(as: (any ActionCodes).self, .actionCodes).applyActionCode(parsed.oobCode)
    }

    /// The operation of a link's `mode` (the action handler's parameter), nil when unknown.
    static func operation(ofMode mode: String?) -> ActionCodeDetails.Operation? {
        switch mode {
        case "resetPassword": .passwordReset
        case "verifyEmail": .verifyEmail
        case "recoverEmail": .recoverEmail
        case "verifyAndChangeEmail": .verifyAndChangeEmail
        case "revertSecondFactorAddition": .revertSecondFactorAddition
        default: nil
        }
    }

    package func confirmPasswordReset(code: String, newPassword: String) async throws -> String {
        let oobCode = ActionLink(code)?.oobCode ?? code
        return try await runtime.backend(as: (any ActionCodes).self, .actionCodes).confirmPasswordReset(code: oobCode, newPassword: newPassword)
    }

    // MARK: Second factors

    package func enrolledFactors(expectedUID: String? = nil) async throws -> [EnrolledFactor] {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        return try await runtime.backend(as: (any MultiFactorEnrollment).self, .multiFactorEnrollment).enrolledFactors()
    }

    /// A TOTP enrolment begun for the person at a terminal: the secret and its `otpauth://` URI,
    /// named for the signed-in user and `issuer` (default: the project's id, else authctl).
    package struct TOTPEnrollmentStarted: Sendable, Equatable {
        package var secret: TOTPEnrollmentSecret
        package var uri: String
    }

    package func startTOTPEnrollment(issuer: String?) async throws -> TOTPEnrollmentStarted {
        guard let user = try runtime.accounts().currentUser() else { throw AccountError.notSignedIn }
        let secret = try await startTOTPEnrollment()
        let issuer = try issuer ?? FirebaseBackendKind.project(in: runtime)?.projectID ?? "authctl"
        return TOTPEnrollmentStarted(secret: secret, uri: secret.otpauthURI(accountName: user.email ?? user.uid, issuer: issuer))
    }

    package func startTOTPEnrollment(expectedUID: String? = nil) async throws -> TOTPEnrollmentSecret {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        return try await runtime.backend(as: (any MultiFactorEnrollment).self, .multiFactorEnrollment).startTOTPEnrollment()
    }

    package func finalizeTOTPEnrollment(
        _ secret: TOTPEnrollmentSecret, code: String, displayName: String?, expectedUID: String? = nil
    ) async throws -> [EnrolledFactor] {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        let backend = try runtime.backend(as: (any MultiFactorEnrollment).self, .multiFactorEnrollment)
        return try await backend.finalizeTOTPEnrollment(secret, code: code, displayName: displayName)
    }

    package func unenroll(_ enrollmentID: String, expectedUID: String? = nil) async throws -> [EnrolledFactor] {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        return try await runtime.backend(as: (any MultiFactorEnrollment).self, .multiFactorEnrollment).unenroll(enrollmentID: enrollmentID)
    }

    // MARK: Claims

    /// The claims a project's admin code set (not the ones Firebase sets on every token).
    package static func customClaims(of claims: JSONValue) -> [String: JSONValue] {
        (claims.objectValue ?? [:]).filter { !standardClaims.contains($0.key) }
    }

    /// The claims every Firebase ID token has (Firebase docs, "Verify ID tokens").
    static let standardClaims: Set<String> = [
        "iss", "aud", "auth_time", "user_id", "sub", "iat", "exp", "email", "email_verified", "phone_number", "name", "picture",
        "firebase", "uid", "nonce", "at_hash", "c_hash",
    ]
}

/// The text given is not an emailed link (or code) of the kind expected (exit 2).
package struct NotAnActionLink: AuthCoreError, Equatable {
    package var expected: Remedy.LinkPurpose?
    package var code: ErrorCode { .invalidArgument }
    package var message: String {
        expected == .signIn
            ? "that is not an email sign-in link (it has no oobCode, or its mode is not signIn); paste the whole link from the mail"
            : "that is not a link from the project's mail (no oobCode in it), nor a code; paste the whole link"
    }
}

/// A password-reset link needs the new password.
package struct NewPasswordNeeded: AuthCoreError, Equatable {
    package var code: ErrorCode { .invalidArgument }
    package var message: String { "the link resets the password, and no new password was given" }
}
