internal import AuthApp
internal import AuthPlatform
import Foundation

/// What an emailed action code is for (FirebaseAuth's `ActionCodeOperation`).
public enum ActionCodeOperation: Int, Sendable {
    case unknown = 0, passwordReset, verifyEmail, recoverEmail, emailLink, verifyAndChangeEmail, revertSecondFactorAddition

    init(_ operation: ActionCodeDetails.Operation) {
        switch operation {
        case .passwordReset: self = .passwordReset
        case .verifyEmail: self = .verifyEmail
        case .recoverEmail: self = .recoverEmail
        case .emailSignIn: self = .emailLink
        case .verifyAndChangeEmail: self = .verifyAndChangeEmail
        case .revertSecondFactorAddition: self = .revertSecondFactorAddition
        case .unknown: self = .unknown
        }
    }
}

/// What an emailed action code is for and whose account it names (FirebaseAuth's `ActionCodeInfo`,
/// an `NSObject` class there and here), as ``Auth/checkActionCode(_:)`` returns it.
public final class ActionCodeInfo: NSObject, Sendable {
    /// What the code does when used.
    public let operation: ActionCodeOperation
    /// The account's email.
    public let email: String
    /// For recover-email and verify-and-change-email: the other address.
    public let previousEmail: String?

    init(operation: ActionCodeOperation, email: String, previousEmail: String?) {
        self.operation = operation
        self.email = email
        self.previousEmail = previousEmail
    }
}

extension Auth {
    /// What an emailed code (or link) is for and whose account it names, without using it
    /// (the project's `accounts:resetPassword` with the code alone, as the SDK's).
    public func checkActionCode(_ code: String) async throws -> ActionCodeInfo {
        try await AuthError.translating {
            let info = try await SignInMethods(runtime: try engine.runtime()).checkActionCode(code)
            return ActionCodeInfo(operation: ActionCodeOperation(info.operation), email: info.email ?? "", previousEmail: info.previousEmail)
        }
    }

    /// ``checkActionCode(_:)`` with a completion handler, called on the main queue.
    public func checkActionCode(_ code: String, completion: @escaping (ActionCodeInfo?, Error?) -> Void) {
        Completion.deliver(completion) { try await self.checkActionCode(code) }
    }

    /// Uses a verify-email or recover-email code (or its link).
    public func applyActionCode(_ code: String) async throws {
        try await AuthError.translating {
            _ = try await SignInMethods(runtime: try engine.runtime()).applyActionCode(code)
        }
    }

    /// ``applyActionCode(_:)`` with a completion handler, called on the main queue.
    public func applyActionCode(_ code: String, completion: @escaping (Error?) -> Void) {
        Completion.deliver(completion) { try await self.applyActionCode(code) }
    }

    /// Sets a new password with a password-reset code (or its link).
    public func confirmPasswordReset(withCode code: String, newPassword: String) async throws {
        try await AuthError.translating { _ = try await SignInMethods(runtime: try engine.runtime()).confirmPasswordReset(code: code, newPassword: newPassword) }
    }

    /// ``confirmPasswordReset(withCode:newPassword:)`` with a completion handler, called on the main queue.
    public func confirmPasswordReset(withCode code: String, newPassword: String, completion: @escaping (Error?) -> Void) {
        Completion.deliver(completion) { try await self.confirmPasswordReset(withCode: code, newPassword: newPassword) }
    }
}

extension User {
    /// Has the project email this user a verification link (``Auth/applyActionCode(_:)`` uses it).
    public func sendEmailVerification() async throws {
        try await AuthError.translating { _ = try await SignInMethods(runtime: try auth.engine.runtime()).sendEmailVerification(expectedUID: uid) }
    }

    /// ``sendEmailVerification()`` with a completion handler, called on the main queue.
    public func sendEmailVerification(completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.sendEmailVerification() }
    }
}

extension AuthError {
    /// A ``Remedy/requestNewLink(_:)`` in this API's words.
    static func newLinkWording(_ purpose: Remedy.LinkPurpose) -> String {
        switch purpose {
        case .signIn: "have a new link sent with Auth.sendSignInLink(toEmail:actionCodeSettings:) and use the newest one"
        case .verifyEmail: "have the email verified: User.sendEmailVerification(), then Auth.applyActionCode(_:) with the newest link"
        case .resetPassword: "have a new password-reset link sent and use the newest one"
        }
    }
}
