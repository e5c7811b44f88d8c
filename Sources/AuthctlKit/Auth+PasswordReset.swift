internal import AuthApp
import Foundation

extension Auth {
    /// The email of the account a password-reset code (or its link) is for, without using the
    /// code (the project's `accounts:resetPassword` with the code alone).
    public func verifyPasswordResetCode(_ code: String) async throws -> String {
        try await AuthError.translating {
            let info = try await SignInMethods(runtime: try engine.runtime()).checkActionCode(code)
            guard let email = info.email else {
                throw AuthError(.invalidActionCode, "the project named no account for this code; have a new password-reset link sent and use the newest one")
            }
            return email
        }
    }

    /// ``verifyPasswordResetCode(_:)`` with a completion handler, called on the main queue.
    public func verifyPasswordResetCode(_ code: String, completion: @escaping (String?, Error?) -> Void) {
        Completion.deliver(completion) { try await self.verifyPasswordResetCode(code) }
    }

    /// Asks the project to email a password-reset link to `email`, leading where
    /// `actionCodeSettings` says (nil: the project's page).
    public func sendPasswordReset(withEmail email: String, actionCodeSettings: ActionCodeSettings? = nil) async throws {
        let settings = actionCodeSettings?.fields
        try await AuthError.translating { try await SignInMethods(runtime: try engine.runtime()).sendPasswordReset(toEmail: email, settings: settings) }
    }

    /// ``sendPasswordReset(withEmail:actionCodeSettings:)`` with a completion handler, called on the main queue.
    public func sendPasswordReset(
        withEmail email: String, actionCodeSettings: ActionCodeSettings?, completion: ((Error?) -> Void)? = nil
    ) {
        Completion.deliver(completion) { try await self.sendPasswordReset(withEmail: email, actionCodeSettings: actionCodeSettings) }
    }
}

extension User {
    /// Has the project email this user a verification link leading where `actionCodeSettings`
    /// says (nil: the project's page); ``Auth/applyActionCode(_:)`` uses it.
    public func sendEmailVerification(with actionCodeSettings: ActionCodeSettings? = nil) async throws {
        let settings = actionCodeSettings?.fields
        try await AuthError.translating {
            try await SignInMethods(runtime: try auth.engine.runtime()).sendEmailVerification(settings: settings, expectedUID: uid)
        }
    }

    /// ``sendEmailVerification(with:)`` with a completion handler, called on the main queue.
    public func sendEmailVerification(with actionCodeSettings: ActionCodeSettings? = nil, completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.sendEmailVerification(with: actionCodeSettings) }
    }
}
