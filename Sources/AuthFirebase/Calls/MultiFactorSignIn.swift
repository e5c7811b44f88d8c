import AuthCore
import AuthJOSE
import AuthPlatform

/// `v2/accounts/mfaSignIn:finalize` with a TOTP code (Identity Platform, FinalizeMfaSignInRequest).
struct FinalizeTOTPSignInRequest: IdentityToolkitCall, Equatable {
    typealias Response = MultiFactorSessionResponse

    var pendingCredential: String
    var enrollmentID: String
    var code: String

    var method: String { "mfaSignIn:finalize" }
    var api: ProjectAPI { .identityToolkitV2 }
    var body: [String: JSONValue] {
        [
            "mfaPendingCredential": .string(pendingCredential), "mfaEnrollmentId": .string(enrollmentID),
            "totpVerificationInfo": ["verificationCode": .string(code)],
        ]
    }
}

/// The enrolled second factors an answer lists (`mfaInfo`: a sign-in's, or a looked-up user's).
enum MultiFactorAnswer {
    static func factors(in answer: AnswerReader) -> [EnrolledFactor] {
        answer.objects("mfaInfo").compactMap(factor)
    }

    /// One `mfaInfo` entry: `totpInfo` or `phoneInfo` says which kind.
    static func factor(_ entry: AnswerReader) -> EnrolledFactor? {
        guard let id = entry.string("mfaEnrollmentId") else { return nil }
        let kind = entry.contains("totpInfo") ? EnrolledFactor.totp : entry.contains("phoneInfo") ? EnrolledFactor.phone : "unknown"
        return EnrolledFactor(enrollmentID: id, displayName: entry.string("displayName"), factorID: kind, enrolledAt: entry.string("enrolledAt").flatMap(date))
    }

    /// An RFC 3339 timestamp as the project writes `enrolledAt` (`2026-11-01T00:00:00Z`, or with fractional seconds).
    static func date(_ text: String) -> Date? {
        (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
}

/// What mfaSignIn:finalize, mfaEnrollment:finalize and (sometimes) withdraw answer: the user's
/// new session. It names no user and no lifetime; its ID token has both.
struct MultiFactorSessionResponse: ProjectAnswer, Equatable {
    var idToken: String
    var refreshToken: String

    init(_ answer: AnswerReader) throws(FirebaseError) {
        guard let idToken = answer.string("idToken"), let refreshToken = answer.string("refreshToken") else {
            throw answer.invalid("no idToken and refreshToken")
        }
        self.idToken = idToken
        self.refreshToken = refreshToken
    }

    /// The ID token's `sub`: the uid.
    var uid: String? {
        (try? CompactJWS(parsingUnverified: idToken))?.payload["sub"]?.stringValue
    }
}

/// What mfaEnrollment:withdraw answers: a new session, when the project ends the others.
struct WithdrawMultiFactorResponse: ProjectAnswer, Equatable {
    var session: MultiFactorSessionResponse?

    init(_ answer: AnswerReader) throws(FirebaseError) {
        session = answer.contains("idToken") ? try MultiFactorSessionResponse(answer) : nil
    }
}
