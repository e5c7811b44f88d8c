import AuthOAuth
import AuthPlatform
import AuthProviders

/// A sign-in the project stopped at its second factor, kept so that it can be finished with a
/// factor's code (the SDK's `MultiFactorResolver`): the project's pending credential and the
/// enrolled factors, and what storing the user then needs (the first factor's answer and the
/// provider's credential). Opaque beyond ``factors``: only the backend that stopped reads it.
package struct PendingSecondFactorSignIn: Sendable {
    /// The enrolled factors, the SDK's `hints`.
    package var factors: [EnrolledFactor]
    /// The project's proof of the first factor (Identity Platform's `mfaPendingCredential`).
    package var pendingCredential: String
    /// The first factor's answer, which the second factor's answer completes: the backend's own
    /// type, read only by the backend that stopped.
    package var firstFactorAnswer: any Sendable
    /// The provider's credential and profile of a federated first factor, stored with the user.
    package var credential: ProviderCredential?
    package var profile: FederatedProfile?
    /// A sign-in or a reauthentication (which moves the recent-login time), not a link.
    package var authenticated: Bool
    /// A reauthentication's user: finishing as anyone else is a user mismatch.
    package var expectedUID: String?

    package init(
        factors: [EnrolledFactor], pendingCredential: String, firstFactorAnswer: any Sendable, credential: ProviderCredential? = nil,
        profile: FederatedProfile? = nil, authenticated: Bool = true, expectedUID: String? = nil
    ) {
        self.factors = factors
        self.pendingCredential = pendingCredential
        self.firstFactorAnswer = firstFactorAnswer
        self.credential = credential
        self.profile = profile
        self.authenticated = authenticated
        self.expectedUID = expectedUID
    }
}

/// The sign-in needs a second factor: `reason` says so as the backend words it (its code, message
/// and remedy are this error's), `pending` is what finishing it needs. The command line stops
/// here (exit 3, unless `--totp` or a prompt gave a code); the library hands `pending` to a resolver.
package struct SecondFactorRequired: AuthCoreError {
    package var reason: any AuthCoreError
    package var pending: PendingSecondFactorSignIn

    package init(reason: any AuthCoreError, pending: PendingSecondFactorSignIn) {
        self.reason = reason
        self.pending = pending
    }

    package var code: ErrorCode { reason.code }
    package var message: String { reason.message }
    package var remedy: Remedy? { reason.remedy }
    package var details: [String: ErrorDetail] { reason.details }
}

/// Finishing a sign-in stopped at its second factor (Identity Platform's `mfaSignIn:finalize`).
package protocol MultiFactorSignIn: AccountBackend {
    /// Proves the factor `enrollmentID` with a TOTP `code`, then stores the user as the sign-in
    /// would have (session, user record, the provider's credential) and makes it current.
    func finishSignIn(_ pending: PendingSecondFactorSignIn, enrollmentID: String, code: String) async throws -> SignInResult
}
