import AuthCore
import AuthPlatform

/// The signed-in user's profile (display name, photo URL) and an email change the project wants
/// verified first: `account update --display-name/--photo-url/--email` and the library's
/// `createProfileChangeRequest().commitChanges()` and `sendEmailVerification(beforeUpdatingEmail:)`.
/// With `expectedUID`, the signed-in user must still be that one (a program's `User`).
package struct ProfileChanges: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// What an email change did.
    package enum EmailChange: Sendable, Equatable {
        /// The project changed the email at once (it needs a recent sign-in for that).
        case changed(AccountRecord)
        /// The project changes this account's email only once the new address is verified
        /// (`EMAIL_CHANGE_NEEDS_VERIFICATION`, as for an account with a second factor): it mailed
        /// the new address a link, and the email changes when the link is followed.
        case verificationSent(to: String)
    }

    /// Sets the display name and photo URL: a value given is set, an empty one removed, nil kept.
    package func updateProfile(displayName: String?, photoURL: String?, expectedUID: String? = nil) async throws -> AccountRecord {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        return try await runtime.backend(as: (any ProfileAccounts).self, .profileChanges)
            .updateProfile(displayName: displayName, photoURL: photoURL)
    }

    /// Has the project mail `newEmail` the link that makes it the user's email once followed.
    package func sendVerification(beforeUpdatingEmail newEmail: String, continueURL: String? = nil, expectedUID: String? = nil) async throws {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        try await runtime.backend(as: (any ProfileAccounts).self, .profileChanges)
            .sendVerification(beforeUpdatingEmail: newEmail, continueURL: continueURL)
    }

    /// Changes the email at once, or, when the project wants the new address verified first, has
    /// it mailed the link that does (what `account update --email` does; the library's
    /// `updateEmail(to:)` keeps the SDK's refusal instead).
    package func changeEmail(to email: String, expectedUID: String? = nil) async throws -> EmailChange {
        _ = try AccountOperations(runtime: runtime).checked(expectedUID)
        let passwords = try runtime.backend(as: (any PasswordAccounts).self, .passwordAccounts)
        return try await Self.changeEmail(
            to: email, update: { try await passwords.updateEmail($0) },
            sendVerification: { try await sendVerification(beforeUpdatingEmail: $0, expectedUID: expectedUID) })
    }

    /// The rule of ``changeEmail(to:expectedUID:)``: the change, or on the project's
    /// `EMAIL_CHANGE_NEEDS_VERIFICATION` the verification mail; any other refusal as it is.
    package static func changeEmail(
        to email: String, update: (String) async throws -> AccountRecord, sendVerification: (String) async throws -> Void
    ) async throws -> EmailChange {
        do {
            return .changed(try await update(email))
        } catch let refusal as any AuthCoreError where refusal.code == .emailChangeNeedsVerification {
            try await sendVerification(email)
            return .verificationSent(to: email)
        }
    }
}
