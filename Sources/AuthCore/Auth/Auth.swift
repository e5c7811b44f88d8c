import AuthCrypto
import Foundation

/// The account service: who is signed in, with which providers, and their tokens (the SDK's `Auth`).
///
/// Every change is one locked read-modify-write of the keystore, so a failed step stores nothing.
public struct Auth: Sendable {
    public static let keystoreFileName = "keystore.json"
    /// Firebase uids are 28 characters of [A-Za-z0-9]; so are ours (~166 bits).
    public static let uidLength = 28

    private let store: SecureFileStore<KeystoreDocument>
    private let clock: Clock
    private let random: any RandomSource

    public init(home: HomeDirectory, lockTimeout: Duration, clock: Clock, random: any RandomSource) {
        store = SecureFileStore(home: home, fileName: Self.keystoreFileName, lockTimeout: lockTimeout)
        self.clock = clock
        self.random = random
    }

    /// The signed-in user, or nil.
    public func currentUser() throws -> User? {
        let document = try store.read()
        return document.currentAccountIndex.map { document.accounts[$0].user }
    }

    /// Signs in with a verified credential: the user who already has this identity, or a new one.
    public func signIn(with credential: OAuthCredential, profile: FederatedProfile) throws -> AuthDataResult {
        let now = clock.now()
        return try store.update { document in
            let identity = UserInfo(
                providerID: profile.providerID, uid: profile.subject, email: profile.email,
                displayName: profile.displayName, photoURL: profile.photoURL
            )
            let isNewUser: Bool
            let index: Int
            if let existing = document.accounts.firstIndex(where: { $0.user.identity(for: profile.providerID)?.uid == profile.subject }) {
                isNewUser = false
                index = existing
                var user = document.accounts[index].user
                user.providerData = user.providerData.map { $0.providerID == identity.providerID ? identity : $0 }
                user.lastSignInAt = now
                user.lastAuthenticatedAt = now
                user.fillProfile(from: profile)
                document.accounts[index].user = user
            } else {
                isNewUser = true
                var newUID = generateUID()
                while document.accounts.contains(where: { $0.user.uid == newUID }) { newUID = generateUID() }
                var user = User(uid: newUID, createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now, providerData: [identity])
                user.fillProfile(from: profile)
                document.accounts.append(.init(user: user, sessions: [], lastProviderID: nil))
                index = document.accounts.count - 1
            }
            document.accounts[index].sessions.removeAll { $0.providerID == credential.providerID }
            document.accounts[index].sessions.append(credential)
            document.accounts[index].lastProviderID = credential.providerID
            document.currentUID = document.accounts[index].user.uid
            return AuthDataResult(
                user: document.accounts[index].user, credential: credential,
                additionalUserInfo: AdditionalUserInfo(
                    providerID: profile.providerID, profile: profile.rawProfile, username: profile.username, isNewUser: isNewUser
                )
            )
        }
    }

    /// Forgets the current user's sessions and tokens; the account record stays, so signing in
    /// again lands on the same uid. Returns whether anyone was signed in.
    @discardableResult
    public func signOut() throws -> Bool {
        try store.update { document in
            guard let index = document.currentAccountIndex else { return false }
            document.accounts[index].sessions = []
            document.currentUID = nil
            return true
        }
    }

    /// The current user's access token (or ID token) for `providerID`, default the last used.
    public func token(providerID: String?, idToken: Bool) throws -> String {
        let document = try store.read()
        guard let index = document.currentAccountIndex else { throw AuthUserError.notSignedIn }
        let account = document.accounts[index]
        guard let provider = providerID ?? account.lastProviderID else { throw AuthUserError.notSignedIn }
        guard let session = account.sessions.first(where: { $0.providerID == provider }) else {
            throw AuthUserError.noSession(providerID: provider)
        }
        if idToken {
            guard let token = session.idToken else { throw AuthUserError.noIDToken(providerID: provider) }
            return token
        }
        if let expiresAt = session.expiresAt, expiresAt <= clock.now() {
            throw AuthUserError.tokenExpired(providerID: provider)
        }
        return session.accessToken
    }

    private func generateUID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var uid = ""
        while uid.count < Self.uidLength {
            for byte in random.bytes(count: Self.uidLength) where uid.count < Self.uidLength {
                // Rejection sampling: 248 = 4 * 62 keeps every character equally likely.
                if byte < 248 { uid.append(alphabet[Int(byte) % alphabet.count]) }
            }
        }
        return uid
    }
}

extension User {
    /// Takes the profile's email, name and photo where the provider sent them.
    mutating func fillProfile(from profile: FederatedProfile) {
        if let email = profile.email {
            if email != self.email { emailVerified = profile.emailVerified } else { emailVerified = emailVerified || profile.emailVerified }
            self.email = email
        }
        displayName = profile.displayName ?? displayName
        photoURL = profile.photoURL ?? photoURL
    }
}
