import AuthCore
import AuthPlatform

/// Email-and-password accounts, the same for both front doors: sign in, sign up, prove it is
/// still the signed-in user with the password (reauthentication), change the email or the
/// password, and have a password-reset link sent. The backend must have the capability (a
/// Firebase project); the local backend is one ``CapabilityUnavailable`` with its remedy, before
/// anything is sent.
///
/// With `expectedUID` (a program's user object), the signed-in user must still be that one, else
/// user-mismatch, checked before the password is sent anywhere.
///
/// (Named for the behaviour, not `PasswordAccounts`: that is the core's capability protocol.)
package struct EmailAndPassword: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// What a sign-in with an email and password does: sign in to an existing account, or
    /// create one (`accounts:signUp`) and sign it in.
    package enum Mode: Sendable, Equatable {
        case signIn, signUp
    }

    /// Signs in (or signs up) with `email` and `password`; the session replaces the stored one.
    package func signIn(email: String, password: String, mode: Mode = .signIn) async throws -> SignInResult {
        try await backend().signIn(email: email, password: password, create: mode == .signUp)
    }

    /// The signed-in user proves it is them with their password; another account's password is
    /// a user mismatch and the session is kept either way.
    package func reauthenticate(password: String, expectedUID: String? = nil) async throws -> SignInResult {
        try await backend(checking: expectedUID).reauthenticate(password: password)
    }

    /// The signed-in user's new email (needs a recent sign-in); the project's answer replaces the session.
    package func updateEmail(to email: String, expectedUID: String? = nil) async throws -> AccountRecord {
        try await backend(checking: expectedUID).updateEmail(email)
    }

    /// The signed-in user's new password (needs a recent sign-in); the project ends its other sessions.
    package func updatePassword(to password: String, expectedUID: String? = nil) async throws -> AccountRecord {
        try await backend(checking: expectedUID).updatePassword(password)
    }

    /// The project emails a password-reset link to `email` (with email-enumeration protection,
    /// the same answer whether or not an account has it).
    package func sendPasswordReset(toEmail email: String) async throws {
        try await backend().sendPasswordReset(toEmail: email)
    }

    /// The backend's password accounts, once the signed-in user is `expectedUID` (when given).
    private func backend(checking expectedUID: String? = nil) throws -> any PasswordAccounts {
        if expectedUID != nil { _ = try AccountOperations(runtime: runtime).checked(expectedUID) }
        return try runtime.backend(as: (any PasswordAccounts).self, .passwordAccounts)
    }
}
