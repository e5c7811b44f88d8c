import AuthCore
import AuthPlatform

/// `accounts:resetPassword`: with the code alone, what it is for (the SDK's `checkActionCode`);
/// with `newPassword`, the reset itself (`confirmPasswordReset`).
struct ResetPasswordRequest: IdentityToolkitCall, Equatable {
    var oobCode: String
    var newPassword: String?

    var method: String { "resetPassword" }
    var body: [String: JSONValue] {
        var body: [String: JSONValue] = ["oobCode": .string(oobCode)]
        if let newPassword { body["newPassword"] = .string(newPassword) }
        return body
    }
}

/// `accounts:update` with an `oobCode` and no ID token: applies a verify-email or recover-email code
/// (the SDK's `applyActionCode`).
struct ApplyActionCodeRequest: IdentityToolkitCall, Equatable {
    var oobCode: String

    var method: String { "update" }
    var body: [String: JSONValue] { ["oobCode": .string(oobCode)] }
}

/// What resetPassword and an applied code answer (ResetPasswordResponse / SetAccountInfoResponse):
/// the request type, the account's email, and for email changes the other address.
struct ActionCodeResponse: Sendable, Equatable {
    var info: ActionCodeInfo

    init(_ answer: JSONValue, assuming operation: ActionCodeInfo.Operation? = nil) {
        let requestType = answer["requestType"]?.stringValue
        let kind = requestType.flatMap(ActionCodeInfo.Operation.init(rawValue:)) ?? operation ?? .unknown
        // For RECOVER_EMAIL and VERIFY_AND_CHANGE_EMAIL, `newEmail` is the other address.
        info = ActionCodeInfo(operation: kind, email: answer["email"]?.stringValue, previousEmail: answer["newEmail"]?.stringValue)
    }
}
