import AuthCore
import AuthPlatform

/// `accounts:resetPassword`: with the code alone, what it is for (the SDK's `checkActionCode`);
/// with `newPassword`, the reset itself (`confirmPasswordReset`).
struct ResetPasswordRequest: IdentityToolkitCall, Equatable {
    typealias Response = ActionCodeResponse

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
    typealias Response = ActionCodeResponse

    var oobCode: String

    var method: String { "update" }
    var body: [String: JSONValue] { ["oobCode": .string(oobCode)] }
}

/// What resetPassword and an applied code answer (ResetPasswordResponse / SetAccountInfoResponse):
/// the request type, the account's email, for email changes the other address, and (an applied
/// code) the account's uid.
struct ActionCodeResponse: ProjectAnswer, Equatable {
    var requestType: ActionCodeDetails.Operation?
    var email: String?
    /// For RECOVER_EMAIL and VERIFY_AND_CHANGE_EMAIL, `newEmail` is the other address.
    var otherEmail: String?
    var localID: String?

    init(_ answer: AnswerReader) {
        requestType = answer.string("requestType").flatMap(ActionCodeDetails.Operation.init(rawValue:))
        email = answer.string("email")
        otherEmail = answer.string("newEmail")
        localID = answer.string("localId")
    }

    /// What the code was for: its request type, or `operation` when the answer does not say.
    func info(assuming operation: ActionCodeDetails.Operation? = nil) -> ActionCodeDetails {
        ActionCodeDetails(operation: requestType ?? operation ?? .unknown, email: email, previousEmail: otherEmail)
    }
}
