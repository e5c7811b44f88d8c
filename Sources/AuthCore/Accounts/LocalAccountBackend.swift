import AuthCrypto
import AuthOAuth
import AuthProviders
import AuthStorage
import AuthPlatform

/// The account rules of the Firebase SDK, applied to this machine's keystore: a random uid per
/// person, linked identities, one-account-per-email and the recent-login window as local settings
/// (`config.json`), and the pending credential of an account-exists sign-in (`pending.json`).
///
/// Every change is one locked read-modify-write of the keystore with every rule checked inside
/// it, so a refused operation leaves `keystore.json` exactly as it was.
package struct LocalAccountBackend: AccountBackend {
    /// Firebase uids are 28 characters of [A-Za-z0-9]; so are ours (~166 bits).
    package static let uidLength = 28

    private let store: any DocumentStore<KeystoreDocument>
    private let pending: PendingCredentials
    private let policyStore: any DocumentStore<AccountPolicy>
    private let clock: Clock
    private let random: any RandomSource

    package init(storage: any DocumentStorage, clock: Clock, random: any RandomSource) {
        store = storage.store(KeystoreDocument.fileName, of: KeystoreDocument.self)
        pending = PendingCredentials(storage: storage, clock: clock)
        policyStore = storage.store(AccountPolicy.fileName, of: AccountPolicy.self)
        self.clock = clock
        self.random = random
    }

    package func signIn(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        let now = clock.now()
        let policy = try policyStore.read()
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
                let user = AccountRecord(uid: uid, createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now, providerData: [])
                document.accounts.append(.init(user: user, sessions: [], lastProviderID: nil))
                return document.recordSignIn(
                    at: document.accounts.count - 1, credential: credential, profile: profile, now: now, isNewUser: true
                )
            }
        } catch let error as AccountError {
            if let collision {
                try pending.keep(credential, profile: profile, accountUID: collision.uid, email: collision.email)
            }
            throw error
        }
    }

    package func link(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        let now = clock.now()
        return try store.update { document in
            let index = try document.requireCurrentAccountIndex()
            try document.checkLinkable(profile, toAccountAt: index)
            return document.recordSignIn(at: index, credential: credential, profile: profile, now: now, isNewUser: false)
        }
    }

    package func linkPending() async throws -> SignInResult {
        let now = clock.now()
        let pending = try self.pending.current()
        let result = try store.update { document in
            let index = try document.requireCurrentAccountIndex()
            guard document.accounts[index].user.uid == pending.accountUID else {
                throw AccountError.pendingForAnotherAccount(email: pending.email)
            }
            try document.checkLinkable(pending.profile, toAccountAt: index)
            return document.recordSignIn(at: index, credential: pending.credential, profile: pending.profile, now: now, isNewUser: false)
        }
        try self.pending.forget()
        return result
    }

    /// The credential must be for one of the user's identities (else user-mismatch, session
    /// unchanged); refreshes that provider's tokens.
    package func reauthenticate(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
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

    /// Never the last provider.
    package func unlink(providerID: String) async throws -> AccountRecord {
        let now = clock.now()
        let maximumAge = try policyStore.read().recentLoginSeconds
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

    /// Deletes the user and their tokens from this keystore.
    package func deleteCurrentUser() async throws -> AccountRecord {
        let now = clock.now()
        let maximumAge = try policyStore.read().recentLoginSeconds
        return try store.update { document in
            let index = try document.requireCurrentAccountIndex()
            let account = document.accounts[index]
            try Self.requireRecentLogin(account, operation: "account delete", now: now, maximumAge: maximumAge)
            document.accounts.remove(at: index)
            document.currentUID = nil
            return account.user
        }
    }

    /// The keystore is the whole truth here.
    package func lookUpCurrentUser() async throws -> AccountRecord? {
        let document = try store.read()
        return document.currentAccountIndex.map { document.accounts[$0].user }
    }

    package func signInMethods(forEmail email: String) async throws -> [String] {
        let document = try store.read()
        let providers = document.accounts.filter { $0.user.email?.lowercased() == email.lowercased() }
            .flatMap { $0.user.providerData.map(\.providerID) }
        return Array(Set(providers)).sorted()
    }

    /// Local accounts have no token of their own; `token` hands out a provider's.
    package func userToken(minimumValidity: TimeInterval) async throws -> String? { nil }

    static func requireRecentLogin(_ account: KeystoreDocument.Account, operation: String, now: Date, maximumAge: Int) throws {
        let age = now.timeIntervalSince(account.user.lastAuthenticatedAt)
        guard age >= 0, age <= TimeInterval(maximumAge) else {
            throw AccountError.requiresRecentLogin(operation: operation, providerID: account.lastProviderID, maximumAge: maximumAge)
        }
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
