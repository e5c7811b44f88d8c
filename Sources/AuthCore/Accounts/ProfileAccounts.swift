/// The signed-in user's profile and a verified email change (a Firebase project's `accounts:update`
/// and `sendOobCode` with `VERIFY_AND_CHANGE_EMAIL`).
package protocol ProfileAccounts: AccountBackend {
    /// Sets the display name and the photo URL: a value given is set, an empty one removed, nil
    /// left as it is. Answers the user as the project has it then.
    func updateProfile(displayName: String?, photoURL: String?) async throws -> AccountRecord
    /// Has the project email `newEmail` a link that, once followed, makes it the user's email
    /// (the SDK's `sendEmailVerification(beforeUpdatingEmail:)`); `continueURL` is where the link
    /// leads after it is used.
    func sendVerification(beforeUpdatingEmail newEmail: String, continueURL: String?) async throws
}
