import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage

/// The keystore file (`keystore.json`): users, their provider sessions, and who is signed in.
package struct KeystoreDocument: VersionedDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "keystore.json"
    /// `token` reads the keystore on every run and needs no refresh token while the access token
    /// is valid: its refresh tokens stay references until an update (a refresh, a sign-out)
    /// fetches them under the lock, so the hot path never asks the keyring (Decisions/0024).
    package static let resolvesSecretsOnRead = false
    /// Refresh tokens, an access token that never expires and cannot be renewed (a GitHub OAuth
    /// App's), and an OAuth 1.0a token secret: as long-lived as a refresh token, so kept where they
    /// are (Decisions/0024).
    package static let sealedMembers = [
        SealedMember("refreshToken", label: "refresh token"),
        SealedMember("accessToken", label: "access token", when: holdsLongLivedAccessToken),
        // OAuth 1.0a's token secret (Twitter's), as long-lived as the token it goes with.
        SealedMember("secret", label: "token secret"),
    ]

    package struct Account: Codable, Sendable, Equatable {
        package var user: AccountRecord
        /// The live tokens, one per provider; empty when signed out.
        package var sessions: [ProviderCredential]
        /// The provider the user signed in with last (the default for `token` and `reauth`).
        package var lastProviderID: String?
        /// The account backend's own session for this user (a Firebase project's ID token), if
        /// the backend has one; nil when signed out and for local accounts.
        package var backendSession: BackendSession?

        package init(user: AccountRecord, sessions: [ProviderCredential], lastProviderID: String?, backendSession: BackendSession? = nil) {
            self.user = user
            self.sessions = sessions
            self.lastProviderID = lastProviderID
            self.backendSession = backendSession
        }

        /// Signed in: some token is kept for the user, a provider's or the backend's.
        package var isSignedIn: Bool { !sessions.isEmpty || backendSession != nil }

        /// The provider of the user's latest sign-in (the SDK's `signInProvider`), else the first
        /// linked one: the default provider of a reauthentication and what an ID token's result
        /// names when the token does not say (one rule for both, Decisions/0038).
        package var signInProviderID: String? {
            lastProviderID ?? user.providerData.first?.providerID
        }
    }

    package var accounts: [Account]
    /// The uid of the signed-in user, if any.
    package var currentUID: String?

    package init() {
        accounts = []
        currentUID = nil
    }

    /// The file, read by hand (``JSONObjectDecodable``): `token` and `whoami` read it on every run.
    package init(reading object: JSONObjectReader) throws {
        accounts = try object.objects("accounts")
        currentUID = try object.string(ifPresent: "currentUID")
    }

    package var currentAccountIndex: Int? {
        guard let currentUID else { return nil }
        return accounts.firstIndex { $0.user.uid == currentUID }
    }
}

extension KeystoreDocument.Account: JSONObjectDecodable {
    package init(reading object: JSONObjectReader) throws {
        self.init(
            user: try object.object("user"), sessions: try object.objects("sessions"),
            lastProviderID: try object.string(ifPresent: "lastProviderID"), backendSession: try object.object(ifPresent: "backendSession"))
    }
}

extension KeystoreDocument {
    /// Whether a stored session's access token is a long-lived secret: nothing ends it (no
    /// expiry) and nothing renews it (no refresh token, no CI job's source). GitHub OAuth Apps'
    /// tokens are such; a token with an expiry stays in the file for the hot path.
    @Sendable package static func holdsLongLivedAccessToken(_ session: [String: JSONValue]) -> Bool {
        ["expiresAt", "refreshToken", "ciSource"].allSatisfy { (session[$0] ?? .null) == .null }
    }

    package func accountIndex(uid: String) -> Int? {
        accounts.firstIndex { $0.user.uid == uid }
    }

    func accountIndex(providerID: String, subject: String) -> Int? {
        accounts.firstIndex { $0.user.identity(for: providerID)?.uid == subject }
    }

    /// The current user's session with `providerID` (default: the provider used last) in `document`.
    static func currentSession(_ providerID: String?, in document: KeystoreDocument) throws(AccountError) -> (providerID: String, session: ProviderCredential) {
        guard let index = document.currentAccountIndex else { throw .notSignedIn }
        let account = document.accounts[index]
        guard let provider = providerID ?? account.lastProviderID else { throw .notSignedIn }
        guard let session = account.sessions.first(where: { $0.providerID == provider }) else {
            throw .noSession(providerID: provider)
        }
        return (provider, session)
    }

    package func requireCurrentAccountIndex() throws(AccountError) -> Int {
        guard let index = currentAccountIndex else { throw .notSignedIn }
        return index
    }

    /// provider-already-linked, or credential-already-in-use (naming the holder).
    func checkLinkable(_ profile: FederatedProfile, toAccountAt index: Int) throws(AccountError) {
        if accounts[index].user.identity(for: profile.providerID) != nil {
            throw .providerAlreadyLinked(providerID: profile.providerID)
        }
        if let holder = accountIndex(providerID: profile.providerID, subject: profile.subject) {
            let user = accounts[holder].user
            throw .credentialAlreadyInUse(providerID: profile.providerID, holder: user.email.map { "\($0), uid \(user.uid)" } ?? "uid \(user.uid)")
        }
    }

    /// Stores the identity and its session on the account at `index` and makes it current.
    mutating func recordSignIn(
        at index: Int, credential: ProviderCredential, profile: FederatedProfile, now: Date, isNewUser: Bool
    ) -> SignInResult {
        var account = accounts[index]
        let identity = LinkedIdentity(
            providerID: profile.providerID, uid: profile.subject, email: profile.email,
            displayName: profile.displayName, photoURL: profile.photoURL, username: profile.username
        )
        if let position = account.user.providerData.firstIndex(where: { $0.providerID == profile.providerID }) {
            account.user.providerData[position] = identity
        } else {
            account.user.providerData.append(identity)
        }
        account.user.lastSignInAt = now
        account.user.lastAuthenticatedAt = now
        account.user.fillProfile(from: profile)
        account.sessions.removeAll { $0.providerID == credential.providerID }
        account.sessions.append(credential)
        account.lastProviderID = credential.providerID
        accounts[index] = account
        currentUID = account.user.uid
        return SignInResult(
            user: account.user, credential: credential,
            additionalUserInfo: SignInDetails(
                providerID: profile.providerID, profile: profile.rawProfile, username: profile.username, isNewUser: isNewUser
            )
        )
    }
}

extension AccountRecord {
    /// Takes the profile's email, name and photo where the provider sent them. A verified email
    /// is never replaced by an unverified one.
    mutating func fillProfile(from profile: FederatedProfile) {
        if let email = profile.email, profile.emailVerified || !emailVerified || self.email == nil {
            if email.lowercased() != self.email?.lowercased() {
                emailVerified = profile.emailVerified
            } else {
                emailVerified = emailVerified || profile.emailVerified
            }
            self.email = email
        }
        displayName = displayName ?? profile.displayName
        photoURL = photoURL ?? profile.photoURL
    }

    func hasVerifiedEmail(_ email: String) -> Bool {
        emailVerified && self.email?.lowercased() == email.lowercased()
    }
}
