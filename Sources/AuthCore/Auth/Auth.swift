import AuthCrypto
import Foundation

/// The account service: who is signed in, with which linked providers, and their tokens
/// (the SDK's `Auth`).
///
/// Every change is one locked read-modify-write of the keystore, and every rule is checked inside
/// it, so a refused operation leaves `keystore.json` exactly as it was.
public struct Auth: Sendable {
    public static let keystoreFileName = "keystore.json"
    /// Firebase uids are 28 characters of [A-Za-z0-9]; so are ours (~166 bits).
    public static let uidLength = 28

    private let store: SecureFileStore<KeystoreDocument>
    private let pendingStore: SecureFileStore<PendingDocument>
    private let policyStore: SecureFileStore<AccountPolicy>
    private let clock: Clock
    private let random: any RandomSource

    public init(home: HomeDirectory, lockTimeout: Duration, clock: Clock, random: any RandomSource) {
        store = SecureFileStore(home: home, fileName: Self.keystoreFileName, lockTimeout: lockTimeout)
        pendingStore = SecureFileStore(home: home, fileName: PendingDocument.fileName, lockTimeout: lockTimeout)
        policyStore = SecureFileStore(home: home, fileName: AccountPolicy.fileName, lockTimeout: lockTimeout)
        self.clock = clock
        self.random = random
    }

    // MARK: Reading

    /// The signed-in user, or nil.
    public func currentUser() throws -> User? {
        try currentAccount()?.user
    }

    /// The signed-in user's account record (user, sessions, last provider), or nil.
    public func currentAccount() throws -> KeystoreDocument.Account? {
        let document = try store.read()
        return document.currentAccountIndex.map { document.accounts[$0] }
    }

    /// Every user in this keystore, the current one marked.
    public func users() throws -> [(user: User, isCurrent: Bool, isSignedIn: Bool)] {
        let document = try store.read()
        return document.accounts.map { ($0.user, $0.user.uid == document.currentUID, !$0.sessions.isEmpty) }
    }

    /// The providers a local account with `email` signs in with (the SDK's fetchSignInMethods).
    public func signInMethods(forEmail email: String) throws -> [String] {
        let document = try store.read()
        let providers = document.accounts.filter { $0.user.email?.lowercased() == email.lowercased() }
            .flatMap { $0.user.providerData.map(\.providerID) }
        return Array(Set(providers)).sorted()
    }

    public func policy() throws -> AccountPolicy {
        try policyStore.read()
    }

    public func setPolicy(_ key: String, to value: String) throws -> AccountPolicy {
        try policyStore.update { policy in
            try policy.set(key, to: value)
            return policy
        }
    }

    // MARK: Signing in

    /// Signs in with a verified credential: the user who already has this identity, or a new one.
    ///
    /// A new identity whose verified email belongs to an existing user is refused with
    /// account-exists-with-different-credential while one-account-per-email is on; the credential
    /// is then kept in `pending.json` for ``linkPending()``, and `keystore.json` is unchanged.
    public func signIn(with credential: OAuthCredential, profile: FederatedProfile) throws -> AuthDataResult {
        let now = clock.now()
        let policy = try policy()
        var collision: (uid: String, email: String)?
        do {
            return try store.update { document in
                if let index = document.accountIndex(providerID: profile.providerID, subject: profile.subject) {
                    return document.recordSignIn(at: index, credential: credential, profile: profile, now: now, isNewUser: false)
                }
                if policy.oneAccountPerEmail, profile.emailVerified, let email = profile.email,
                    let existing = document.accounts.first(where: { $0.user.hasVerifiedEmail(email) })
                {
                    let accountEmail = existing.user.email ?? email
                    collision = (existing.user.uid, accountEmail)
                    throw AccountError.accountExistsWithDifferentCredential(
                        email: accountEmail, providers: existing.user.providerData.map(\.providerID)
                    )
                }
                var uid = generateUID()
                while document.accounts.contains(where: { $0.user.uid == uid }) { uid = generateUID() }
                let user = User(uid: uid, createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now, providerData: [])
                document.accounts.append(.init(user: user, sessions: [], lastProviderID: nil))
                return document.recordSignIn(
                    at: document.accounts.count - 1, credential: credential, profile: profile, now: now, isNewUser: true
                )
            }
        } catch let error as AccountError {
            if let collision {
                let pending = PendingCredential(
                    credential: credential, profile: profile, accountUID: collision.uid, email: collision.email,
                    expiresAt: now.addingTimeInterval(PendingCredential.lifetime)
                )
                try pendingStore.update { $0.pending = pending }
            }
            throw error
        }
    }

    /// Links a verified credential to the signed-in user.
    public func link(with credential: OAuthCredential, profile: FederatedProfile) throws -> AuthDataResult {
        let now = clock.now()
        return try store.update { document in
            let index = try document.requireCurrentAccountIndex()
            try document.checkLinkable(profile, toAccountAt: index)
            return document.recordSignIn(at: index, credential: credential, profile: profile, now: now, isNewUser: false)
        }
    }

    /// Links the credential saved by account-exists-with-different-credential.
    public func linkPending() throws -> AuthDataResult {
        let now = clock.now()
        guard let pending = try pendingStore.read().pending else { throw AccountError.noPendingCredential }
        guard pending.expiresAt > now else {
            try pendingStore.update { $0.pending = nil }
            throw AccountError.pendingCredentialExpired(providerID: pending.credential.providerID)
        }
        let result = try store.update { document in
            let index = try document.requireCurrentAccountIndex()
            guard document.accounts[index].user.uid == pending.accountUID else {
                throw AccountError.pendingForAnotherAccount(email: pending.email)
            }
            try document.checkLinkable(pending.profile, toAccountAt: index)
            return document.recordSignIn(at: index, credential: pending.credential, profile: pending.profile, now: now, isNewUser: false)
        }
        try pendingStore.update { $0.pending = nil }
        return result
    }

    /// Proves the signed-in user is still present: the credential must be for one of their
    /// identities (else user-mismatch, session unchanged). Refreshes that provider's tokens.
    public func reauthenticate(with credential: OAuthCredential, profile: FederatedProfile) throws -> AuthDataResult {
        let now = clock.now()
        return try store.update { document in
            let index = try document.requireCurrentAccountIndex()
            let user = document.accounts[index].user
            guard user.identity(for: profile.providerID) != nil else {
                throw AccountError.noSuchProvider(providerID: profile.providerID, linked: user.providerData.map(\.providerID))
            }
            guard user.identity(for: profile.providerID)?.uid == profile.subject else {
                throw AccountError.userMismatch(providerID: profile.providerID)
            }
            return document.recordSignIn(at: index, credential: credential, profile: profile, now: now, isNewUser: false)
        }
    }

    // MARK: Sensitive operations

    /// Removes a linked provider; needs a recent sign-in, and never the last provider.
    @discardableResult
    public func unlink(providerID: String) throws -> User {
        let now = clock.now()
        let maximumAge = try policy().recentLoginSeconds
        return try store.update { document in
            let index = try document.requireCurrentAccountIndex()
            var account = document.accounts[index]
            guard account.user.identity(for: providerID) != nil else {
                throw AccountError.noSuchProvider(providerID: providerID, linked: account.user.providerData.map(\.providerID))
            }
            guard account.user.providerData.count > 1 else { throw AccountError.lastProvider(providerID: providerID) }
            try Self.requireRecentLogin(account, operation: "unlink", now: now, maximumAge: maximumAge)
            account.user.providerData.removeAll { $0.providerID == providerID }
            account.sessions.removeAll { $0.providerID == providerID }
            if account.lastProviderID == providerID { account.lastProviderID = account.sessions.last?.providerID }
            document.accounts[index] = account
            return account.user
        }
    }

    /// Deletes the signed-in user and their tokens from this keystore; needs a recent sign-in.
    @discardableResult
    public func deleteCurrentUser() throws -> User {
        let now = clock.now()
        let maximumAge = try policy().recentLoginSeconds
        return try store.update { document in
            let index = try document.requireCurrentAccountIndex()
            let account = document.accounts[index]
            try Self.requireRecentLogin(account, operation: "account delete", now: now, maximumAge: maximumAge)
            document.accounts.remove(at: index)
            document.currentUID = nil
            return account.user
        }
    }

    static func requireRecentLogin(_ account: KeystoreDocument.Account, operation: String, now: Date, maximumAge: Int) throws {
        let age = now.timeIntervalSince(account.user.lastAuthenticatedAt)
        guard age >= 0, age <= TimeInterval(maximumAge) else {
            throw AccountError.requiresRecentLogin(operation: operation, providerID: account.lastProviderID, maximumAge: maximumAge)
        }
    }

    // MARK: Sessions

    /// Forgets the current user's sessions and tokens (every user's with `all`); the account
    /// records stay, so signing in again lands on the same uid. Returns how many were signed out.
    @discardableResult
    public func signOut(all: Bool = false) throws -> Int {
        try signOutReturningSessions(all: all).users
    }

    /// Makes the signed-in user `query` (a uid or an email) the current one.
    @discardableResult
    public func switchUser(to query: String) throws -> User {
        try store.update { document in
            let matches = document.accounts.indices.filter {
                document.accounts[$0].user.uid == query || document.accounts[$0].user.email?.lowercased() == query.lowercased()
            }
            guard !matches.isEmpty else { throw AccountError.unknownUser(query) }
            let exact = matches.filter { document.accounts[$0].user.uid == query }
            let chosen = exact.count == 1 ? exact : matches
            guard chosen.count == 1 else { throw AccountError.ambiguousUser(query, uids: chosen.map { document.accounts[$0].user.uid }) }
            let account = document.accounts[chosen[0]]
            guard !account.sessions.isEmpty else {
                throw AccountError.userSignedOut(account.user.email ?? account.user.uid, providerID: account.lastProviderID)
            }
            document.currentUID = account.user.uid
            return account.user
        }
    }

    /// The Firebase SDK's default: a token handed out is good for at least five more minutes.
    public static let defaultMinimumValidity: TimeInterval = 300

    /// The current user's access token for `providerID`, valid for at least `minimumValidity`
    /// seconds, refreshed with `refresh` when it is not.
    ///
    /// A valid token is read without a lock and without the network (the hot path). Otherwise the
    /// keystore lock is held across the refresh: a process that waited re-reads the keystore and
    /// takes the token another one refreshed meanwhile (even if the provider's lifetime is shorter
    /// than asked: refreshing again would not make it longer), so concurrent callers refresh
    /// exactly once and a rotated refresh token is never used twice. A refresh refused with invalid_grant forgets that
    /// provider's session (the user record stays) and asks for a new sign-in.
    public func freshAccessToken(
        providerID: String?, minimumValidity: TimeInterval,
        refresh: (OAuthCredential) async throws -> TokenResponse
    ) async throws -> String {
        let (provider, session) = try currentSession(providerID)
        if let token = Self.accessToken(session, validFor: minimumValidity, at: clock.now()) { return token }
        // Without a refresh token, the token is handed out while it lasts.
        guard session.refreshToken != nil else { return try token(providerID: provider, idToken: false) }
        enum Outcome { case token(String), expired }
        let outcome: Outcome = try await store.update { (document: inout KeystoreDocument) async throws -> Outcome in
            let index = try document.requireCurrentAccountIndex()
            guard let position = document.accounts[index].sessions.firstIndex(where: { $0.providerID == provider }) else {
                throw AccountError.noSession(providerID: provider)
            }
            var current = document.accounts[index].sessions[position]
            if let token = Self.accessToken(current, validFor: minimumValidity, at: clock.now()) { return .token(token) }
            // Refreshed by another process while we waited for the lock: that refresh was ours too.
            if current.accessToken != session.accessToken, let token = Self.accessToken(current, validFor: 0, at: clock.now()) {
                return .token(token)
            }
            guard current.refreshToken != nil else { throw AccountError.tokenExpired(providerID: provider) }
            let response: TokenResponse
            do {
                response = try await refresh(current)
            } catch let error as OAuthError where error.isInvalidGrant {
                document.accounts[index].sessions.remove(at: position)
                return .expired
            }
            // Expiry is taken from expires_in at receipt, so clock skew with the provider cannot matter.
            let receivedAt = clock.now()
            current.accessToken = response.accessToken
            current.tokenType = response.tokenType
            current.expiresAt = response.expiresIn.map { receivedAt.addingTimeInterval(TimeInterval($0)) }
            current.obtainedAt = receivedAt
            current.refreshToken = response.refreshToken(replacing: current.refreshToken)
            current.idToken = response.idToken ?? current.idToken
            current.scope = response.scope ?? current.scope
            document.accounts[index].sessions[position] = current
            return .token(response.accessToken)
        }
        switch outcome {
        case .token(let token): return token
        case .expired: throw AccountError.sessionExpired(providerID: provider)
        }
    }

    /// The share of the provider's token lifetime that counts as "as fresh as a refresh gets".
    static let freshShareOfLifetime = 0.9

    /// The access token if it stays valid for `seconds` more (a token without expiry always does).
    ///
    /// A refresh cannot give more than the provider's lifetime (expiry minus receipt), so when
    /// `seconds` exceeds it, a token with 90% of its lifetime left is as good as a refresh gets:
    /// refreshing again would only burn refresh tokens (and, across processes, refresh many times).
    static func accessToken(_ session: OAuthCredential, validFor seconds: TimeInterval, at now: Date) -> String? {
        guard let token = session.accessToken else { return nil }
        guard let expiresAt = session.expiresAt else { return token }
        var required = seconds
        if let obtainedAt = session.obtainedAt {
            required = min(required, expiresAt.timeIntervalSince(obtainedAt) * freshShareOfLifetime)
        }
        return expiresAt.timeIntervalSince(now) >= max(required, 0) && expiresAt > now ? token : nil
    }

    /// The current user's session with `providerID` (default: the provider used last).
    public func currentSession(_ providerID: String?) throws -> (providerID: String, session: OAuthCredential) {
        guard let account = try currentAccount() else { throw AccountError.notSignedIn }
        guard let provider = providerID ?? account.lastProviderID else { throw AccountError.notSignedIn }
        guard let session = account.sessions.first(where: { $0.providerID == provider }) else {
            throw AccountError.noSession(providerID: provider)
        }
        return (provider, session)
    }

    /// ``signOut(all:)``, returning the sessions it removed, for revocation.
    public func signOutReturningSessions(all: Bool = false) throws -> (users: Int, sessions: [OAuthCredential]) {
        try store.update { document in
            var users = 0
            var removed: [OAuthCredential] = []
            for index in document.accounts.indices where all || document.accounts[index].user.uid == document.currentUID {
                if !document.accounts[index].sessions.isEmpty { users += 1 }
                removed += document.accounts[index].sessions
                document.accounts[index].sessions = []
            }
            document.currentUID = nil
            return (users, removed)
        }
    }

    /// The current user's access token (or ID token) for `providerID`, default the last used.
    public func token(providerID: String?, idToken: Bool) throws -> String {
        let (provider, session) = try currentSession(providerID)
        if idToken {
            guard let token = session.idToken else { throw AccountError.noToken(providerID: provider, kind: "ID token") }
            return token
        }
        guard let token = session.accessToken else {
            throw AccountError.noToken(providerID: provider, kind: "access token (it signed in with an ID token; use --id-token)")
        }
        if let expiresAt = session.expiresAt, expiresAt <= clock.now() {
            throw AccountError.tokenExpired(providerID: provider)
        }
        return token
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

extension KeystoreDocument {
    func accountIndex(providerID: String, subject: String) -> Int? {
        accounts.firstIndex { $0.user.identity(for: providerID)?.uid == subject }
    }

    func requireCurrentAccountIndex() throws(AccountError) -> Int {
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
        at index: Int, credential: OAuthCredential, profile: FederatedProfile, now: Date, isNewUser: Bool
    ) -> AuthDataResult {
        var account = accounts[index]
        let identity = UserInfo(
            providerID: profile.providerID, uid: profile.subject, email: profile.email,
            displayName: profile.displayName, photoURL: profile.photoURL
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
        return AuthDataResult(
            user: account.user, credential: credential,
            additionalUserInfo: AdditionalUserInfo(
                providerID: profile.providerID, profile: profile.rawProfile, username: profile.username, isNewUser: isNewUser
            )
        )
    }
}

extension User {
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
