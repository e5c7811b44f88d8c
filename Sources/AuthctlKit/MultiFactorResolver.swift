internal import AuthApp
internal import AuthPlatform
import Foundation

/// A sign-in the project stopped at its second factor (FirebaseAuth's `MultiFactorResolver`),
/// from the ``AuthErrorCode/secondFactorRequired`` error's
/// `userInfo[AuthErrorUserInfoMultiFactorResolverKey]`. It carries the project's pending
/// credential and the enrolled factors; ``resolveSignIn(with:)`` finishes the sign-in with a
/// factor's code through the application layer, as `authctl signin --totp` does.
///
/// ```swift
/// } catch let error as NSError where error.code == AuthErrorCode.secondFactorRequired.rawValue {
///     let resolver = error.userInfo[AuthErrorUserInfoMultiFactorResolverKey] as! MultiFactorResolver
///     let hint = resolver.hints.first { $0.factorID == TOTPMultiFactorGenerator.factorID }!
///     let assertion = TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID: hint.uid, oneTimePassword: code)
///     let result = try await resolver.resolveSignIn(with: assertion)
/// ```
public final class MultiFactorResolver: NSObject, Sendable {
    /// The sign-in's session (its pending credential).
    public let session: MultiFactorSession
    /// The enrolled factors, one of which must prove the sign-in.
    public let hints: [MultiFactorInfo]
    /// The instance whose sign-in this is.
    public let auth: Auth

    /// The project's stop: its pending credential and the enrolled factors.
    let stopped: SecondFactorRequired

    /// The resolver of `error`, when it is a sign-in of `auth` stopped at its second factor.
    init?(_ error: any AuthCoreError, auth: Auth?) {
        guard let required = error as? SecondFactorRequired, let auth else { return nil }
        stopped = required
        session = MultiFactorSession(stopped: required)
        hints = required.pending.factors.map(MultiFactorInfo.of)
        self.auth = auth
    }

    /// Finishes the sign-in with `assertion` (``TOTPMultiFactorGenerator/assertionForSignIn(withEnrollmentID:oneTimePassword:)``)
    /// and signs the user in. A wrong code is ``AuthErrorCode/invalidVerificationCode`` (try again
    /// with the next code); an expired sign-in ``AuthErrorCode/invalidMultiFactorSession``.
    public func resolveSignIn(with assertion: MultiFactorAssertion) async throws -> AuthDataResult {
        guard let totp = assertion as? TOTPMultiFactorAssertion, case .enrollmentID(let enrollmentID) = totp.secretOrID else {
            throw AuthError(
                .invalidCredential,
                "only TOTP factors can sign in here, with TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID:oneTimePassword:)")
        }
        return try await AuthError.translating(auth: auth) {
            let methods = SignInMethods(runtime: try auth.engine.runtime())
            return AuthDataResult(try await methods.finishSignIn(stopped.pending, enrollmentID: enrollmentID, code: totp.oneTimePassword), auth: auth)
        }
    }

    /// ``resolveSignIn(with:)`` with a completion handler, called on the main queue.
    public func resolveSignIn(with assertion: MultiFactorAssertion, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.resolveSignIn(with: assertion) }
    }
}
