import AuthCore

/// A sign-in that stopped at its second factor (``SecondFactorRequired``), finished with a factor's
/// code: the library's `MultiFactorResolver.resolveSignIn(with:)`. The command line reaches the
/// same finalize within the sign-in itself, with the code `--totp` or the prompt gives. The
/// project judges the factor and the code (one error table), as for the command.
extension SignInMethods {
    package func finishSignIn(_ pending: PendingSecondFactorSignIn, enrollmentID: String, code: String) async throws -> SignInResult {
        try runtime.checkHome()
        return try await runtime.backend(as: (any MultiFactorSignIn).self, .multiFactor)
            .finishSignIn(pending, enrollmentID: enrollmentID, code: code)
    }
}
