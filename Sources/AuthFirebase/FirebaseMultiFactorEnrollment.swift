import AuthCore
import AuthPlatform

/// Enrolling an authenticator app (TOTP) as a second factor, listing and withdrawing factors:
/// Identity Platform's v2 `accounts/mfaEnrollment:*`. The project answers a new session after an
/// enrolment or a withdrawal (the others end), which replaces the stored one; the `accounts:lookup`
/// that follows (the SDK reloads the user after both) is stored as the user's record, so its
/// ``AccountRecord/enrolledFactors`` are the project's now.
extension FirebaseAccountBackend: MultiFactorEnrollment {
    static let totpSwitch = ("TOTP second factors", "Multi-factor authentication > TOTP (Identity Platform; or the Admin SDK's "
        + "projectConfigManager().updateProjectConfig with a totpProviderConfig)")

    /// The project's list now (`mfa list`, `whoami`): read, not stored (a reload stores it).
    package func enrolledFactors() async throws -> [EnrolledFactor] {
        _ = try currentAccount()
        return try await call(LookupRequest(idToken: try await freshSession().idToken), during: .other).factors
    }

    package func startTOTPEnrollment() async throws -> TOTPEnrollmentSecret {
        _ = try currentAccount()
        let request = StartTOTPEnrollmentRequest(idToken: try await freshSession().idToken)
        return try await sendNamingSwitch(request, Self.totpSwitch, during: .other).secret
    }

    package func finalizeTOTPEnrollment(_ secret: TOTPEnrollmentSecret, code: String, displayName: String?) async throws -> [EnrolledFactor] {
        _ = try currentAccount()
        let request = FinalizeTOTPEnrollmentRequest(
            idToken: try await freshSession().idToken, sessionInfo: secret.sessionInfo, code: code, displayName: displayName)
        try await replaceSession(with: try await call(request, during: .other))
        return try await refreshUser(after: nil, removingSessionOf: nil).enrolledFactors
    }

    package func unenroll(enrollmentID: String) async throws -> [EnrolledFactor] {
        let factors = try await enrolledFactors()
        guard factors.contains(where: { $0.enrollmentID == enrollmentID }) else { throw NoSuchSecondFactor(enrollmentID: enrollmentID, enrolled: factors) }
        let request = WithdrawMultiFactorRequest(idToken: try await freshSession().idToken, enrollmentID: enrollmentID)
        let answer = try await call(request, during: .other, recentLoginOperation: "unenrolling a second factor")
        if let session = answer.session { try await replaceSession(with: session) }
        return try await refreshUser(after: nil, removingSessionOf: nil).enrolledFactors
    }

    /// The session an enrolment or a withdrawal answers, stored in place of the current one.
    func replaceSession(with response: MultiFactorSessionResponse) async throws {
        let previous = try await freshSession()
        let lifetime = AccountService.expiry(ofJWT: response.idToken).map { $0.timeIntervalSince(clock.now()) } ?? 3600
        let now = clock.now()
        let session = BackendSession(
            issuer: previous.issuer, idToken: response.idToken, refreshToken: response.refreshToken,
            expiresAt: now.addingTimeInterval(max(lifetime, 0)), obtainedAt: now)
        try store.update { document in
            let index = try document.requireCurrentAccountIndex()
            document.accounts[index].backendSession = session
        }
    }
}

/// No enrolled factor has this id (exit 7, as for a provider the user does not have).
package struct NoSuchSecondFactor: AuthCoreError, Equatable {
    package var enrollmentID: String
    package var enrolled: [EnrolledFactor]

    package var code: ErrorCode { .noSuchProvider }
    package var message: String {
        let names = enrolled.map { "\($0.enrollmentID) (\($0.displayName ?? $0.factorID))" }
        return "no second factor \(enrollmentID) is enrolled on this account"
            + (names.isEmpty ? "; it has none" : "; enrolled: " + names.joined(separator: ", "))
    }
    package var details: [String: ErrorDetail] { ["enrolled": .strings(enrolled.map(\.enrollmentID))] }
}
