import AuthCore
import AuthPlatform

/// The second factor of a sign-in, as Identity Platform asks for it: a first-factor answer with
/// `mfaPendingCredential` and the enrolled factors (`mfaInfo`) instead of tokens, then
/// `v2/accounts/mfaSignIn:finalize` with a factor's proof. authctl proves TOTP factors (an
/// authenticator app's code); SMS factors need a reCAPTCHA that only a browser can solve.
extension FirebaseAccountBackend {
    /// `answer`, or, when it asks for a second factor, the answer with the finalized session.
    func passSecondFactor(_ answer: SignInResponse) async throws -> SignInResponse {
        guard let pending = answer.pendingSecondFactor else { return answer }
        guard let totp = pending.factors.first(where: { $0.factorID == EnrolledFactor.totp }), let code = await secondFactor.code(totp) else {
            throw SecondFactorRequired(
                reason: FirebaseError.multiFactorRequired(factors: pending.factors),
                pending: PendingSecondFactorSignIn(factors: pending.factors, pendingCredential: pending.credential, firstFactorAnswer: answer))
        }
        return try await finalizeSecondFactor(answer, pendingCredential: pending.credential, enrollmentID: totp.enrollmentID, code: code)
    }

    /// `mfaSignIn:finalize` with the factor's code: `answer` (the first factor's) with the session it gives.
    func finalizeSecondFactor(_ answer: SignInResponse, pendingCredential: String, enrollmentID: String, code: String) async throws -> SignInResponse {
        let request = FinalizeTOTPSignInRequest(pendingCredential: pendingCredential, enrollmentID: enrollmentID, code: code)
        let finalized = try await call(request, during: .signIn)
        var signedIn = answer
        let lifetime = AccountService.expiry(ofJWT: finalized.idToken).map { Int($0.timeIntervalSince(clock.now())) } ?? 3600
        signedIn.tokens = SessionTokens(idToken: finalized.idToken, refreshToken: finalized.refreshToken, expiresIn: max(lifetime, 0))
        signedIn.pendingSecondFactor = nil
        // The finalize answer names its user only in its ID token, which is the one that counts
        // (a pending first-factor answer may name none).
        signedIn.localID = finalized.uid ?? answer.localID
        return signedIn
    }
}
