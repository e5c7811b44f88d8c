internal import AuthApp
import Foundation

/// The user's second factors (FirebaseAuth's `MultiFactor`): ``enrolledFactors`` is the user's
/// record's list, as its sign-in, its last ``User/reload()`` or an enrolment or withdrawal through
/// it left it (Decision 0050).
public final class MultiFactor: NSObject, Sendable {
    let user: User

    init(user: User) { self.user = user }

    /// The enrolled factors, read without a request, as in the SDK: the project's `mfaInfo` as the
    /// user's sign-in, its last ``User/reload()``, or an ``enroll(with:displayName:)`` or
    /// ``unenroll(with:)`` through it read it; a factor another program enrolled shows after a
    /// ``User/reload()``. Always empty for local accounts. Setting it changes this user object only.
    public var enrolledFactors: [MultiFactorInfo] {
        get { user.enrolledFactors }
        set { user.enrolledFactors = newValue }
    }

    /// A session for an enrolment.
    public func getSession() async throws -> MultiFactorSession {
        try await AuthError.translating {
            _ = try AccountOperations(runtime: try user.auth.engine.runtime()).checked(user.uid)
            return MultiFactorSession(user: user)
        }
    }

    /// ``getSession()`` with a completion handler, called on the main queue.
    public func getSession(completion: ((MultiFactorSession?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.getSession() }
    }

    /// A session for an enrolment, by the SDK's name (``getSession()``).
    public func session() async throws -> MultiFactorSession {
        try await getSession()
    }

    /// ``session()`` with a completion handler, called on the main queue, by the SDK's name.
    public func getSessionWithCompletion(_ completion: ((MultiFactorSession?, Error?) -> Void)?) {
        Completion.deliver(completion) { try await self.getSession() }
    }

    /// Enrols the factor `assertion` proves (`mfaEnrollment:finalize`); the user's
    /// ``enrolledFactors`` then include it.
    public func enroll(with assertion: MultiFactorAssertion, displayName: String?) async throws {
        guard let totp = assertion as? TOTPMultiFactorAssertion, case .secret(let secret) = totp.secretOrID else {
            throw AuthError(.invalidCredential, "only TOTP factors can be enrolled here, with TOTPMultiFactorGenerator.assertionForEnrollment(with:oneTimePassword:)")
        }
        try await AuthError.translating {
            _ = try await user.methods().finalizeTOTPEnrollment(
                secret.secret, code: totp.oneTimePassword, displayName: displayName, expectedUID: user.uid)
            try await user.rereadStoredRecord()
        }
    }

    /// ``enroll(with:displayName:)`` with a completion handler, called on the main queue.
    public func enroll(with assertion: MultiFactorAssertion, displayName: String?, completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.enroll(with: assertion, displayName: displayName) }
    }

    /// Withdraws the factor (`mfaEnrollment:withdraw`; the project may want a recent sign-in); the
    /// user's ``enrolledFactors`` then leave it out.
    public func unenroll(with factorInfo: MultiFactorInfo) async throws {
        try await unenroll(withFactorUID: factorInfo.uid)
    }

    /// Withdraws the factor with this enrolment id.
    public func unenroll(withFactorUID factorUID: String) async throws {
        try await AuthError.translating {
            _ = try await user.methods().unenroll(factorUID, expectedUID: user.uid)
            try await user.rereadStoredRecord()
        }
    }

    /// ``unenroll(with:)`` with a completion handler, called on the main queue.
    public func unenroll(with factorInfo: MultiFactorInfo, completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.unenroll(with: factorInfo) }
    }

    /// ``unenroll(withFactorUID:)`` with a completion handler, called on the main queue.
    public func unenroll(withFactorUID factorUID: String, completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.unenroll(withFactorUID: factorUID) }
    }
}

extension User {
    /// The user's second factors.
    public var multiFactor: MultiFactor { MultiFactor(user: self) }

    /// The use case the user's calls go through.
    func methods() throws -> SignInMethods { SignInMethods(runtime: try auth.engine.runtime()) }
}
