import AuthCore
import AuthPlatform
import Foundation
import Testing

@testable import AuthctlKit

/// The second-factor sign-in's shapes: the error's resolver and which assertion goes where. The
/// sign-in itself runs end to end (test_signin_methods.py, the library rows).
struct MultiFactorResolverTests {
    struct FactorNeeded: AuthCoreError {
        var code: AuthPlatform.ErrorCode { .multiFactorAuthRequired }
        var message: String { "the account has a second factor" }
    }

    static let pending = PendingSecondFactorSignIn(
        factors: [
            AuthCore.EnrolledFactor(enrollmentID: "sms-1", factorID: AuthCore.EnrolledFactor.phone),
            AuthCore.EnrolledFactor(enrollmentID: "totp-1", displayName: "Phone", factorID: AuthCore.EnrolledFactor.totp),
        ],
        pendingCredential: "pending-1", firstFactorAnswer: ["email": "a@b.c"])

    let auth = Auth(home: FileManager.default.temporaryDirectory.appendingPathComponent("mfa-resolver-\(UUID())").path, backend: .local, environment: [:])

    @Test func theErrorOfASignInCarriesAResolverWithTheHints() throws {
        let error = AuthError(SecondFactorRequired(reason: FactorNeeded(), pending: Self.pending), providerID: nil, auth: auth)
        #expect(error.code == AuthctlKit.AuthErrorCode.secondFactorRequired.rawValue && error.code == 17078)
        let resolver = try #require(error.userInfo[AuthErrorUserInfoMultiFactorResolverKey] as? MultiFactorResolver)
        #expect(AuthErrors.userInfoMultiFactorResolverKey == "FIRAuthErrorUserInfoMultiFactorResolverKey")
        #expect(resolver.auth === auth && resolver.session.stopped?.pending.pendingCredential == "pending-1" && resolver.session.user == nil)
        #expect(resolver.hints.map(\.uid) == ["sms-1", "totp-1"] && resolver.hints.map(\.factorID) == ["phone", "totp"])
        #expect(resolver.hints[1] is TOTPMultiFactorInfo && !(resolver.hints[0] is TOTPMultiFactorInfo) && resolver.hints[1].displayName == "Phone")
    }

    @Test func withoutTheInstanceOrTheStopThereIsNoResolver() {
        #expect(AuthError(SecondFactorRequired(reason: FactorNeeded(), pending: Self.pending), providerID: nil).userInfo[AuthErrorUserInfoMultiFactorResolverKey] == nil)
        #expect(AuthError(FactorNeeded(), providerID: nil, auth: auth).userInfo[AuthErrorUserInfoMultiFactorResolverKey] == nil)
    }

    @Test func anEnrolmentAssertionDoesNotSignIn() async throws {
        let error = AuthError(SecondFactorRequired(reason: FactorNeeded(), pending: Self.pending), providerID: nil, auth: auth)
        let resolver = try #require(error.userInfo[AuthErrorUserInfoMultiFactorResolverKey] as? MultiFactorResolver)
        #expect(TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID: "totp-1", oneTimePassword: "1").factorID == "totp")
        let secret = TOTPSecret(
            TOTPEnrollmentSecret(sharedSecretKey: "JBSWY3DP", codeLength: 6, hashingAlgorithm: "SHA1", periodSeconds: 30, sessionInfo: "s"), session: MultiFactorSession(stopped: SecondFactorRequired(reason: FactorNeeded(), pending: Self.pending)))
        let wrong = TOTPMultiFactorGenerator.assertionForEnrollment(with: secret, oneTimePassword: "123456")
        let refused = await #expect(throws: AuthError.self) { try await resolver.resolveSignIn(with: wrong) }
        #expect(refused?.authErrorCode == .invalidCredential && refused?.localizedDescription.contains("assertionForSignIn") == true)
    }

    @Test func aSignInsSessionCannotEnrol() async {
        let refused = await #expect(throws: AuthError.self) {
            try await TOTPMultiFactorGenerator.generateSecret(with: MultiFactorSession(stopped: SecondFactorRequired(reason: FactorNeeded(), pending: Self.pending)))
        }
        #expect(refused?.authErrorCode == .invalidMultiFactorSession)
    }
}
