import AuthOAuth
import AuthProviders

/// The account seam: where the account rules run and where the uid comes from.
///
/// ``LocalAccountBackend`` applies the rules to this machine's keystore (a random uid per person,
/// one-account-per-email as a local setting); a Firebase project is the other backend (Identity
/// Toolkit `accounts:*`), where the project holds the accounts and the keystore keeps the signed-in
/// user's copy. Every operation takes a credential a provider has already verified, and either
/// succeeds, or throws an ``AccountError`` and changes nothing.
package protocol AccountBackend: Sendable {
    /// Signs in with a verified credential: the user who has this identity, or a new one, unless
    /// the identity's email belongs to another user (account-exists, the credential kept pending).
    func signIn(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult

    /// Links a verified credential to the signed-in user.
    func link(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult

    /// Links the credential an account-exists sign-in kept pending.
    func linkPending() async throws -> SignInResult

    /// Proves the signed-in user is still present: another person's identity is user-mismatch.
    func reauthenticate(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult

    /// Removes a linked provider from the signed-in user (needs a recent sign-in).
    func unlink(providerID: String) async throws -> AccountRecord

    /// Deletes the signed-in user (needs a recent sign-in).
    func deleteCurrentUser() async throws -> AccountRecord

    /// The signed-in user as the backend knows it now, or nil when nobody is signed in.
    func lookUpCurrentUser() async throws -> AccountRecord?

    /// The providers an account with `email` signs in with (the SDK's fetchSignInMethods).
    func signInMethods(forEmail email: String) async throws -> [String]

    /// Whether an empty ``signInMethods(forEmail:)`` may mean "not told" rather than "none" (a
    /// Firebase project's email-enumeration protection); false unless a backend says so.
    var mayHideSignInMethods: Bool { get }

    /// The backend's own token for the signed-in user, valid for `minimumValidity` seconds
    /// (refreshed if needed), or nil for a backend without one (local accounts).
    func userToken(minimumValidity: TimeInterval) async throws -> String?
}
