import AuthCore
import AuthPlatform

/// The profile and the verified email change, each one call with the user's ID token, as the SDK
/// makes them (`UserProfileChangeRequest.commitChanges()`, `sendEmailVerification(beforeUpdatingEmail:)`).
extension FirebaseAccountBackend: ProfileAccounts {
    /// `accounts:update` with the display name and photo URL (`deleteAttribute` for an empty one);
    /// not a sensitive change, so no recent sign-in is needed. The user is read again and stored.
    package func updateProfile(displayName: String?, photoURL: String?) async throws -> AccountRecord {
        _ = try currentAccount()
        let request = AccountUpdateRequest(idToken: try await freshSession().idToken, change: .profile(displayName: displayName, photoURL: photoURL))
        let answer = try await call(request, during: .other)
        return try await refreshUser(after: answer, removingSessionOf: nil)
    }

    /// `sendOobCode` with `VERIFY_AND_CHANGE_EMAIL`: the project mails `newEmail` a link; the
    /// email changes when it is followed (and the project then ends the user's sessions).
    package func sendVerification(beforeUpdatingEmail newEmail: String, continueURL: String?) async throws {
        _ = try currentAccount()
        let request = SendOOBCodeRequest(
            kind: .verifyAndChangeEmail(idToken: try await freshSession().idToken, newEmail: newEmail, continueURL: continueURL))
        _ = try await call(request, during: .other, recentLoginOperation: "changing the email")
    }
}
