import AuthPlatform

/// One second factor enrolled on an account (the SDK's `MultiFactorInfo`); a project's user
/// record keeps its list (``AccountRecord/enrolledFactors``), so the keystore stores it.
package struct EnrolledFactor: Codable, Sendable, Equatable {
    /// `factorId` of an authenticator app (Identity Platform's TOTP).
    package static let totp = "totp"
    /// `factorId` of an SMS code.
    package static let phone = "phone"

    package var enrollmentID: String
    package var displayName: String?
    /// ``totp`` or ``phone``.
    package var factorID: String
    /// When it was enrolled (`enrolledAt`), when the project says.
    package var enrolledAt: Date?

    package init(enrollmentID: String, displayName: String? = nil, factorID: String, enrolledAt: Date? = nil) {
        self.enrollmentID = enrollmentID
        self.displayName = displayName
        self.factorID = factorID
        self.enrolledAt = enrolledAt
    }
}

extension EnrolledFactor: JSONObjectDecodable {
    package init(reading object: JSONObjectReader) throws {
        self.init(
            enrollmentID: try object.string("enrollmentID"), displayName: try object.string(ifPresent: "displayName"),
            factorID: try object.string("factorID"), enrolledAt: try object.date(ifPresent: "enrolledAt"))
    }
}

/// Where a sign-in gets a second factor's code: `--totp CODE`, the person at a terminal, or
/// nowhere (the sign-in then stops with multi-factor-auth-required).
package struct SecondFactorSource: Sendable {
    package var code: @Sendable (_ factor: EnrolledFactor) async -> String?

    package init(code: @escaping @Sendable (_ factor: EnrolledFactor) async -> String?) {
        self.code = code
    }

    /// No code: the sign-in stops, naming the factors.
    package static let none = SecondFactorSource { _ in nil }
}
