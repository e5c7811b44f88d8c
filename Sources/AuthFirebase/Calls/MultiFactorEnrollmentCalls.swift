import AuthCore
import AuthPlatform

/// `v2/accounts/mfaEnrollment:start` with `totpEnrollmentInfo` (Identity Platform,
/// StartMfaEnrollmentRequest): the project makes a shared secret for the signed-in user.
struct StartTOTPEnrollmentRequest: IdentityToolkitCall, Equatable {
    var idToken: String

    var method: String { "mfaEnrollment:start" }
    var apiVersion: IdentityToolkitAPIVersion { .v2 }
    var body: [String: JSONValue] { ["idToken": .string(idToken), "totpEnrollmentInfo": [:]] }
}

/// StartMfaEnrollmentResponse's `totpSessionInfo`.
struct StartTOTPEnrollmentResponse: Sendable, Equatable {
    /// RFC 6238's defaults, when the project does not say.
    static let defaultCodeLength = 6
    static let defaultPeriodSeconds = 30

    var secret: TOTPEnrollmentSecret

    init(_ answer: JSONValue) throws(FirebaseError) {
        let info = answer["totpSessionInfo"]
        guard let key = info?["sharedSecretKey"]?.stringValue, !key.isEmpty, let session = info?["sessionInfo"]?.stringValue, !session.isEmpty
        else { throw .invalidResponse(method: "mfaEnrollment:start", reason: "no totpSessionInfo with sharedSecretKey and sessionInfo") }
        secret = TOTPEnrollmentSecret(
            sharedSecretKey: key, codeLength: info?["verificationCodeLength"]?.intValue ?? Self.defaultCodeLength,
            hashingAlgorithm: info?["hashingAlgorithm"]?.stringValue ?? "SHA1",
            periodSeconds: info?["periodSec"]?.intValue ?? Self.defaultPeriodSeconds, sessionInfo: session)
    }
}

/// `v2/accounts/mfaEnrollment:finalize` with `totpVerificationInfo` (FinalizeMfaEnrollmentRequest).
struct FinalizeTOTPEnrollmentRequest: IdentityToolkitCall, Equatable {
    var idToken: String
    var sessionInfo: String
    var code: String
    var displayName: String?

    var method: String { "mfaEnrollment:finalize" }
    var apiVersion: IdentityToolkitAPIVersion { .v2 }
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
    var idToken: String
    var enrollmentID: String

    var method: String { "mfaEnrollment:withdraw" }
    var apiVersion: IdentityToolkitAPIVersion { .v2 }
    var body: [String: JSONValue] { ["idToken": .string(idToken), "mfaEnrollmentId": .string(enrollmentID)] }
}

/// What finalize and withdraw answer: the user's new session (the enrolment ends the others).
struct MultiFactorSessionResponse: Sendable, Equatable {
    var idToken: String
    var refreshToken: String

    init(_ answer: JSONValue, method: String) throws(FirebaseError) {
        guard let idToken = answer["idToken"]?.stringValue, let refreshToken = answer["refreshToken"]?.stringValue else {
            throw .invalidResponse(method: method, reason: "no idToken and refreshToken")
        }
        self.idToken = idToken
        self.refreshToken = refreshToken
    }
}
