/// One second factor enrolled on an account (the SDK's `MultiFactorInfo`).
public struct MultiFactorInfo: Sendable, Equatable {
    /// `factorId` of an authenticator app (Identity Platform's TOTP).
    public static let totp = "totp"
    /// `factorId` of an SMS code.
    public static let phone = "phone"

    public var enrollmentID: String
    public var displayName: String?
    /// ``totp`` or ``phone``.
    public var factorID: String

    public init(enrollmentID: String, displayName: String? = nil, factorID: String) {
        self.enrollmentID = enrollmentID
        self.displayName = displayName
        self.factorID = factorID
    }
}

/// Where a sign-in gets a second factor's code: `--totp CODE`, the person at a terminal, or
/// nowhere (the sign-in then stops with multi-factor-auth-required).
public struct SecondFactorSource: Sendable {
    public var code: @Sendable (_ factor: MultiFactorInfo) async -> String?

    public init(code: @escaping @Sendable (_ factor: MultiFactorInfo) async -> String?) {
        self.code = code
    }

    /// No code: the sign-in stops, naming the factors.
    public static let none = SecondFactorSource { _ in nil }
}
