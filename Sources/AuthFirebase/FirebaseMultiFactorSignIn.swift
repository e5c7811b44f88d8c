import AuthCore
import AuthPlatform

/// A sign-in stopped at its second factor, finished later with a factor's code (the library's
/// `MultiFactorResolver`): the same `mfaSignIn:finalize` and the same storing of the user as a
/// sign-in given its code at once (`--totp`, the prompt).
extension FirebaseAccountBackend: MultiFactorSignIn {
    package func finishSignIn(_ pending: PendingSecondFactorSignIn, enrollmentID: String, code: String) async throws -> SignInResult {
        guard let firstFactorAnswer = pending.firstFactorAnswer as? SignInResponse else {
            throw FirebaseError.invalidResponse(method: "mfaSignIn:finalize", reason: "the pending sign-in is not this project's")
        }
        let answer = try await finalizeSecondFactor(
            firstFactorAnswer, pendingCredential: pending.pendingCredential, enrollmentID: enrollmentID, code: code)
        return try await record(
            answer, credential: pending.credential, profile: pending.profile, authenticated: pending.authenticated,
            expectedUID: pending.expectedUID)
    }
}
