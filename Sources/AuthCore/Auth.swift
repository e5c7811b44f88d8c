import AuthCrypto
import AuthJOSE
import AuthOAuth
import AuthProviders
import AuthStorage
import AuthPlatform

/// The account service (the SDK's `Auth`): who is signed in, with which linked providers, and
/// their tokens.
///
/// The account rules (sign in, link, reauthenticate, unlink, delete) run in an ``AccountBackend``;
/// the signed-in sessions live in the keystore, a ``DocumentStore``. Both are injected, as
/// FirebaseAuth takes its keychain storage and its backend.
package struct AccountService: Sendable {
    package static let keystoreFileName = KeystoreDocument.fileName

    package let backend: any AccountBackend
    private let store: any DocumentStore<KeystoreDocument>
    private let policyStore: any DocumentStore<AccountPolicy>
    private let journalStore: any DocumentStore<RefreshJournal>
    private let clock: Clock

    package init(storage: any DocumentStorage, backend: any AccountBackend, clock: Clock) {
        self.backend = backend
        store = storage.store(KeystoreDocument.fileName, of: KeystoreDocument.self)
        policyStore = storage.store(AccountPolicy.fileName, of: AccountPolicy.self)
        journalStore = storage.store(RefreshJournal.fileName, of: RefreshJournal.self)
        self.clock = clock
    }

    // MARK: Reading

    /// The signed-in user, or nil.
    package func currentUser() throws -> AccountRecord? {
        try currentAccount()?.user
    }

    /// The signed-in user's account record (user, sessions, last provider), or nil.
    package func currentAccount() throws -> KeystoreDocument.Account? {
        let document = try store.read()
        return document.currentAccountIndex.map { document.accounts[$0] }
    }

    /// The whole keystore as stored: every account, its sessions, the current one.
    package func keystore() throws -> KeystoreDocument {
        try store.read()
    }

    /// Every user in this keystore, the current one marked.
    package func users() throws -> [(user: AccountRecord, isCurrent: Bool, isSignedIn: Bool)] {
        let document = try store.read()
        return document.accounts.map { ($0.user, $0.user.uid == document.currentUID, $0.isSignedIn) }
    }

    /// The providers an account with `email` signs in with (the SDK's fetchSignInMethods).
    package func signInMethods(forEmail email: String) async throws -> [String] {
        try await backend.signInMethods(forEmail: email)
    }

    package func policy() throws -> AccountPolicy {
        try policyStore.read()
    }

    package func setPolicy(_ key: String, to value: String) throws -> AccountPolicy {
        try policyStore.update { policy in
            try policy.set(key, to: value)
            return policy
        }
    }

    // MARK: The account rules, in the backend

    package func signIn(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        try await backend.signIn(with: credential, profile: profile)
    }

    package func link(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        try await backend.link(with: credential, profile: profile)
    }

    package func linkPending() async throws -> SignInResult {
        try await backend.linkPending()
    }

    package func reauthenticate(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        try await backend.reauthenticate(with: credential, profile: profile)
    }

    @discardableResult
    package func unlink(providerID: String) async throws -> AccountRecord {
        try await backend.unlink(providerID: providerID)
    }

    @discardableResult
    package func deleteCurrentUser() async throws -> AccountRecord {
        try await backend.deleteCurrentUser()
    }

    // MARK: Sessions

    /// What a sign-out removed.
    package struct SignOut: Sendable {
        /// How many users had a session.
        package var users: Int
        /// The sessions removed, for revocation at their providers.
        package var sessions: [ProviderCredential]
    }

    /// Forgets the current user's sessions and tokens (every user's with `all`); the account
    /// records stay, so signing in again lands on the same uid. Their refresh-journal entries go
    /// too: an interrupted refresh's answer holds live tokens, which are returned for revocation
    /// in place of the spent ones and must not stay on disk after a sign-out.
    @discardableResult
    package func signOut(all: Bool = false) throws -> SignOut {
        try store.update { document in
            let journal = try journalStore.read()
            var remaining = journal
            var result = SignOut(users: 0, sessions: [])
            for index in document.accounts.indices where all || document.accounts[index].user.uid == document.currentUID {
                let uid = document.accounts[index].user.uid
                if document.accounts[index].isSignedIn { result.users += 1 }
                for session in document.accounts[index].sessions {
                    result.sessions.append(Self.asLeftAtTheProvider(session, uid: uid, journal: journal))
                    remaining.remove(providerID: session.providerID, uid: uid)
                }
                document.accounts[index].sessions = []
                document.accounts[index].backendSession = nil
            }
            if remaining != journal { try journalStore.replaceWhileLocked(remaining) }
            document.currentUID = nil
            return result
        }
    }

    /// `session` with the tokens an interrupted refresh left live at the provider: the journaled
    /// answer that never reached the keystore (the stored refresh token is spent once a rotating
    /// provider answered). Unchecked, as it only goes back to that provider to be revoked.
    static func asLeftAtTheProvider(_ session: ProviderCredential, uid: String, journal: RefreshJournal) -> ProviderCredential {
        guard let entry = journal.entry(providerID: session.providerID, uid: uid), let sent = session.refreshToken,
            entry.sentTokenDigest == RefreshJournal.digest(sent), let answer = entry.answer, let receivedAt = entry.receivedAt,
            let response = try? TokenClient.tokenResponse(from: HTTPResponse(status: 200, body: Array(answer.utf8)))
        else { return session }
        var live = session
        live.apply(response, receivedAt: receivedAt)
        return live
    }

    /// Makes the signed-in user `query` (a uid or an email) the current one.
    @discardableResult
    package func switchUser(to query: String) throws -> AccountRecord {
        try store.update { document in
            let matches = document.accounts.indices.filter {
                document.accounts[$0].user.uid == query || document.accounts[$0].user.email?.lowercased() == query.lowercased()
            }
            guard !matches.isEmpty else { throw AccountError.unknownUser(query) }
            let exact = matches.filter { document.accounts[$0].user.uid == query }
            let chosen = exact.count == 1 ? exact : matches
            guard chosen.count == 1 else { throw AccountError.ambiguousUser(query, uids: chosen.map { document.accounts[$0].user.uid }) }
            let account = document.accounts[chosen[0]]
            guard account.isSignedIn else {
                throw AccountError.userSignedOut(account.user.email ?? account.user.uid, providerID: account.lastProviderID)
            }
            document.currentUID = account.user.uid
            return account.user
        }
    }

    /// Makes `account` (a signed-in user kept by another keystore) this keystore's current user,
    /// over any copy of the same uid; returns what to hand ``restore(_:)`` to undo it.
    package func adopt(_ account: KeystoreDocument.Account) throws -> KeystoreDocument {
        guard account.isSignedIn else { throw AccountError.userSignedOut(account.user.email ?? account.user.uid, providerID: account.lastProviderID) }
        return try store.update { document in
            let before = document
            if let index = document.accountIndex(uid: account.user.uid) { document.accounts[index] = account } else { document.accounts.append(account) }
            document.currentUID = account.user.uid
            return before
        }
    }

    /// Puts back the keystore ``adopt(_:)`` found.
    package func restore(_ document: KeystoreDocument) throws {
        try store.update { $0 = document }
    }

    /// The current user's session with `providerID` (default: the provider used last).
    package func currentSession(_ providerID: String?) throws -> (providerID: String, session: ProviderCredential) {
        try KeystoreDocument.currentSession(providerID, in: try store.read())
    }

    /// The current user's access token (or ID token) for `providerID`, default the last used, as
    /// stored: an expired access token is refused, never refreshed (see ``freshAccessToken``).
    package func token(providerID: String?, idToken: Bool) throws -> String {
        let (provider, session) = try currentSession(providerID)
        if idToken {
            guard let token = session.idToken else { throw AccountError.noToken(providerID: provider, kind: "ID token") }
            return token
        }
        return try session.unexpiredAccessToken(at: clock.now())
    }

    /// The current user's access token for `providerID`, valid for `minimumValidity` seconds,
    /// refreshed through `providers` when it is not (``TokenRefresher``).
    package func freshAccessToken(
        providerID: String?, minimumValidity: TimeInterval, providers: ProviderRegistry, services: ProviderServices
    ) async throws -> String {
        try await TokenRefresher(store: store, journal: journalStore, providers: providers, services: services)
            .freshAccessToken(providerID: providerID, minimumValidity: minimumValidity)
    }

    /// Marks the current user's `providerID` access token as expired when it is `refused` (a tool
    /// such as git reports that a server turned it down), so the next ``freshAccessToken``
    /// refreshes it. The refresh token stays. A token other than the stored one (already renewed)
    /// changes nothing; the answer says whether it was the stored one.
    @discardableResult
    package func expireAccessToken(providerID: String, refused: String) throws -> Bool {
        func isStored(_ document: KeystoreDocument) -> Int? {
            guard let index = document.currentAccountIndex,
                let position = document.accounts[index].sessions.firstIndex(where: { $0.providerID == providerID }),
                let stored = document.accounts[index].sessions[position].accessToken,
                ConstantTime.equals(Array(stored.utf8), Array(refused.utf8))
            else { return nil }
            return position
        }
        // Read first: a token git refused that is not ours any more needs no write, nor the lock
        // (a sealed one is compared under the lock, where the update has it back).
        let read = try store.read()
        let sealed = (try? KeystoreDocument.currentSession(providerID, in: read))?.session.accessToken.map(SecretSealer.isReference) ?? false
        guard sealed || isStored(read) != nil else { return false }
        let now = clock.now()
        return try store.update { document in
            guard let position = isStored(document), let index = document.currentAccountIndex else { return false }
            let expiresAt = document.accounts[index].sessions[position].expiresAt ?? now
            document.accounts[index].sessions[position].expiresAt = min(expiresAt, now)
            return true
        }
    }

    /// The current user's ID token for `providerID`: the session is refreshed first as for the
    /// access token (a refresh answer carries a new ID token, OpenID Connect Core §12.2), and an
    /// ID token that has expired all the same is refused, never handed out.
    package func freshIDToken(
        providerID: String?, minimumValidity: TimeInterval, providers: ProviderRegistry, services: ProviderServices
    ) async throws -> (token: String, expiresAt: Date?) {
        let (provider, session) = try currentSession(providerID)
        if session.ciSource != nil {
            // A CI job's token: the stored one while it lasts (nothing else read), else a new one
            // from its source, under the lock every renewal takes.
            if let token = session.idToken, let expiresAt = session.expiresAt,
                CITokenRenewal.lasts(session, validFor: minimumValidity, at: clock.now())
            {
                return (token, expiresAt)
            }
            let renewal = CITokenRenewal(backend: backend, clock: clock, providers: providers, services: services)
            return try await renewal.freshIDToken(providerID: provider, minimumValidity: minimumValidity, in: store)
        }
        if session.refreshToken != nil, session.accessToken != nil {
            _ = try await freshAccessToken(providerID: provider, minimumValidity: minimumValidity, providers: providers, services: services)
        }
        let (_, current) = try currentSession(provider)
        guard let token = current.idToken else { throw AccountError.noToken(providerID: provider, kind: "ID token") }
        let expiresAt = Self.expiry(ofJWT: token)
        if let expiresAt, expiresAt <= clock.now() {
            // The last refresh's ID token failed a hard check, so the stored one is the one before it.
            if let flag = current.idTokenFlag, flag.verdict == .refused {
                throw AccountError.noFreshIDToken(providerID: provider, reason: flag.reason)
            }
            throw AccountError.idTokenExpired(providerID: provider)
        }
        if let flag = current.idTokenFlag { services.log("\(provider): \(flag.summary)") }
        return (token, expiresAt)
    }

    /// The `exp` claim of a JWT this keystore holds (verified when it was stored), if it has one.
    package static func expiry(ofJWT token: String) -> Date? {
        guard let jws = try? CompactJWS(parsingUnverified: token), let exp = jws.payload["exp"]?.numberValue else { return nil }
        return Date(timeIntervalSince1970: exp)
    }
}
