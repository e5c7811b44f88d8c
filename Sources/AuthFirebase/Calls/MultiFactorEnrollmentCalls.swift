import AuthCore
import AuthPlatform

/// `v2/accounts/mfaEnrollment:start` with `totpEnrollmentInfo` (Identity Platform,
/// StartMfaEnrollmentRequest): the project makes a shared secret for the signed-in user.
struct StartTOTPEnrollmentRequest: IdentityToolkitCall, Equatable {
    typealias Response = StartTOTPEnrollmentResponse

    var idToken: String

    var method: String { "mfaEnrollment:start" }
    var api: ProjectAPI { .identityToolkitV2 }
    var body: [String: JSONValue] { ["idToken": .string(idToken), "totpEnrollmentInfo": [:]] }
}

/// StartMfaEnrollmentResponse's `totpSessionInfo`.
struct StartTOTPEnrollmentResponse: ProjectAnswer, Equatable {
    /// RFC 6238's defaults, when the project does not say.
    static let defaultCodeLength = 6
    static let defaultPeriodSeconds = 30

    var secret: TOTPEnrollmentSecret

    init(_ answer: AnswerReader) throws(FirebaseError) {
        let info = answer.object("totpSessionInfo")
        guard let info, let key = info.nonEmptyString("sharedSecretKey"), let session = info.nonEmptyString("sessionInfo")
        else { throw answer.invalid("no totpSessionInfo with sharedSecretKey and sessionInfo") }
        secret = TOTPEnrollmentSecret(
            sharedSecretKey: key, codeLength: info.int("verificationCodeLength") ?? Self.defaultCodeLength,
            hashingAlgorithm: info.string("hashingAlgorithm") ?? "SHA1",
            periodSeconds: info.int("periodSec") ?? Self.defaultPeriodSeconds, sessionInfo: session)
    }
}

/// `v2/accounts/mfaEnrollment:finalize` with `totpVerificationInfo` (FinalizeMfaEnrollmentRequest).
struct FinalizeTOTPEnrollmentRequest: IdentityToolkitCall, Equatable {
    typealias Response = MultiFactorSessionResponse

    var idToken: String
    var sessionInfo: String
    var code: String
    var displayName: String?

    var method: String { "mfaEnrollment:finalize" }
    var api: ProjectAPI { .identityToolkitV2 }
    var body: [String: JSONValue] {
        var body: [String: JSONValue] = [
            "idToken": .string(idToken),
            "totpVerificationInfo": ["sessionInfo": .string(sessionInfo), "verificationCode": .string(code)],
        ]
        if let displayName { body["displayName"] = .string(displayName) }
        return body
    }
}

/// `v2/accounts/mfaEnrollment:withdraw` (WithdrawMfaRequest).
struct WithdrawMultiFactorRequest: IdentityToolkitCall, Equatable {
    typealias Response = WithdrawMultiFactorResponse

    var idToken: String
    var enrollmentID: String

    var method: String { "mfaEnrollment:withdraw" }
    var api: ProjectAPI { .identityToolkitV2 }
    var body: [String: JSONValue] { ["idToken": .string(idToken), "mfaEnrollmentId": .string(enrollmentID)] }
}
