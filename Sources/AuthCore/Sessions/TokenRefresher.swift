import AuthOAuth
import AuthProviders
import AuthStorage
import AuthPlatform

/// Hands out a provider's access token that stays valid long enough, refreshing it (RFC 6749 §6)
/// exactly once however many processes ask at the same moment.
///
/// A valid token is read without a lock and without the network (the hot path). Otherwise the
/// store's lock is held across the refresh: a process that waited re-reads the keystore and takes
/// the token another one refreshed meanwhile (even if the provider's lifetime is shorter than
/// asked: refreshing again would not make it longer), so a rotated refresh token is never used
/// twice. A new ID token must pass the same checks as the first, for the same subject (OpenID
/// Connect Core §12.2); an answer is stored whatever its ID token is like, since it holds the only
/// live refresh token (Docs/Decisions/0031): an inconsistent ID token is kept and flagged, a
/// refused one leaves the session its new refresh token and its previous other tokens. A refresh
/// refused with invalid_grant forgets that provider's session (the user record stays) and asks
/// for a new sign-in.
package struct TokenRefresher: Sendable {
    /// The Firebase SDK's default: a token handed out is good for at least five more minutes.
    package static let defaultMinimumValidity: TimeInterval = 300

    let store: any DocumentStore<KeystoreDocument>
    let journal: any DocumentStore<RefreshJournal>
    let providers: ProviderRegistry
    let services: ProviderServices

    package init(
        store: any DocumentStore<KeystoreDocument>, journal: any DocumentStore<RefreshJournal>,
        providers: ProviderRegistry, services: ProviderServices
    ) {
        self.store = store
        self.journal = journal
        self.providers = providers
        self.services = services
    }

    /// What the locked part of a refresh ends with.
    enum Outcome {
        case token(String)
        /// The provider refused the refresh token; `interruptedAt` when an earlier refresh of
        /// this session was cut off in flight (the journal's marker).
        case expired(interruptedAt: Date?)
        /// The answer's ID token failed a hard check: its refresh token is stored, nothing else.
        case idTokenRefused(reason: String)
    }

    /// The current user's access token for `providerID` (default: the provider used last), valid
    /// for at least `minimumValidity` seconds.
    package func freshAccessToken(providerID: String?, minimumValidity: TimeInterval) async throws -> String {
        let (provider, session) = try KeystoreDocument.currentSession(providerID, in: try store.read())
        let clock = services.clock
        if let token = try cachedAccessToken(provider, session, validFor: minimumValidity) { return token }
        if let request = session.clientCredentials {
            return try await reacquire(provider, request: request, minimumValidity: minimumValidity)
        }
        // Without a refresh token, the token is handed out while it lasts.
        guard session.refreshToken != nil else { return try session.unexpiredAccessToken(at: clock.now()) }
        return try await refreshLocked(provider, minimumValidity: minimumValidity)
    }

    /// The refresh under the keystore's lock (``LockedRefresh``): the keystore read again, what
    /// another process refreshed meanwhile taken, a journaled answer recovered first, and only
    /// then one refresh.
    func refreshLocked(_ provider: String, minimumValidity: TimeInterval) async throws -> String {
        let clock = services.clock
        // Interrupts are held from sending the refresh until its answer is stored and the
        // journal cleared; the release then delivers one that came meanwhile.
        let hold = LockedState<InterruptHold?>(nil)
        defer { hold.withLock { $0 }?.release() }
        var journaled: String?
        let outcome = try await LockedRefresh.value(
            in: store, minimumValidity: minimumValidity, token: { try storedToken(provider, in: $0, validFor: $1).map { .token($0) } },
            obtainedAt: { try KeystoreDocument.currentSession(provider, in: $0).session.obtainedAt },
            renewedMeanwhile: { _ in services.log("the \(provider) access token was refreshed by another process while this one waited: taking it") }
        ) { (document: inout KeystoreDocument) async throws -> Outcome in
            let index = try document.requireCurrentAccountIndex()
            guard let position = document.accounts[index].sessions.firstIndex(where: { $0.providerID == provider }) else {
                throw AccountError.noSession(providerID: provider)
            }
            let uid = document.accounts[index].user.uid
            let subject = document.accounts[index].user.identity(for: provider)?.uid
            var current = document.accounts[index].sessions[position]
            let obtainedBefore = current.obtainedAt
            let recovery = try await recoverJournaled(&current, provider: provider, uid: uid, subject: subject)
            if recovery != .nothing { journaled = uid }
            document.accounts[index].sessions[position] = current
            // A journaled answer just applied with its tokens (not only its refresh token, as for
            // a refused ID token) is a refresh made meanwhile: taken while it is valid.
            let renewedByJournal = recovery == .applied && current.obtainedAt != obtainedBefore
            if let token = Self.accessToken(current, validFor: renewedByJournal ? 0 : minimumValidity, at: clock.now()) {
                return .token(token)
            }
            guard let refreshToken = current.refreshToken else { throw AccountError.tokenExpired(providerID: provider) }
            let response: TokenResponse
            let flag: IDTokenFlag?
            do {
                let sending = RefreshJournal.Entry(
                    providerID: provider, uid: uid, sentTokenDigest: RefreshJournal.digest(refreshToken), sentAt: clock.now())
                (response, flag) = try await refresh(provider, refreshToken: refreshToken, subject: subject, journaling: sending) {
                    journaled = uid
                    hold.withLock { $0 = services.interrupts.hold() }
                }
            } catch let error as OAuthError where error.isInvalidGrant {
                document.accounts[index].sessions.remove(at: position)
                return .expired(interruptedAt: recovery.interruptedAt)
            }
            // Expiry is taken from expires_in at receipt, so clock skew with the provider cannot matter.
            current.apply(response, receivedAt: clock.now(), idTokenFlag: flag)
            document.accounts[index].sessions[position] = current
            if let flag, flag.verdict == .refused { return .idTokenRefused(reason: flag.reason) }
            return .token(response.accessToken)
        }
        // The keystore holds the answer now: the journal entry has served its purpose.
        if let uid = journaled { try journal.update { $0.remove(providerID: provider, uid: uid) } }
        switch outcome {
        case .token(let token): return token
        case .expired(let interruptedAt?): throw AccountError.refreshInterrupted(providerID: provider, at: interruptedAt)
        case .expired(nil): throw AccountError.sessionExpired(providerID: provider)
        case .idTokenRefused(let reason): throw AccountError.refreshedIDTokenRefused(providerID: provider, reason: reason)
        }
    }

    /// The stored access token if it stays valid for `seconds`: only a journal settled for it lets
    /// a stored token be taken as it is (else its answer is applied first, under the lock).
    func storedToken(_ provider: String, in document: KeystoreDocument, validFor seconds: TimeInterval) throws -> String? {
        let (_, current) = try KeystoreDocument.currentSession(provider, in: document)
        guard try journalSettled(for: current) else { return nil }
        return Self.accessToken(current, validFor: seconds, at: services.clock.now())
    }

    /// Whether the journal lets `session`'s stored token be taken as it is: no entry sent with
    /// the session's refresh token after its tokens were obtained (a refresh cut off, whose answer
    /// must be applied first). An entry of another refresh token (another session's, or one
    /// rotated since) or of a refresh whose answer the keystore holds already is no such entry:
    /// the latter lives between the keystore's write and the journal's clearing, two holds of the
    /// lock, and a process taking the lock in between would renew a token renewed a moment ago.
    func journalSettled(for session: ProviderCredential) throws -> Bool {
        let entries = try journal.read().entries
        guard !entries.isEmpty else { return true }
        guard let refreshToken = session.refreshToken else { return true }
        let digest = RefreshJournal.digest(refreshToken)
        return entries.allSatisfy { entry in
            entry.sentTokenDigest != digest || session.obtainedAt.map { entry.sentAt <= $0 } ?? false
        }
    }

    /// The stored token while it is valid and no refresh was cut off: the hot path, without a
    /// lock or the network. A long-lived token is sealed (``KeystoreDocument/sealedMembers``):
    /// the file holds its reference, and an update reads it back from the keyring.
    func cachedAccessToken(_ provider: String, _ session: ProviderCredential, validFor minimumValidity: TimeInterval) throws -> String? {
        guard try journalSettled(for: session), let token = Self.accessToken(session, validFor: minimumValidity, at: services.clock.now()) else {
            return nil
        }
        return SecretSealer.isReference(token) ? try unsealedAccessToken(provider) : token
    }

    /// The current user's stored access token for `providerID`, its secret in place: the sealed
    /// store's update resolves references and, the document unchanged, writes nothing.
    func unsealedAccessToken(_ providerID: String) throws -> String {
        try store.update { document in
            try KeystoreDocument.currentSession(providerID, in: document).session.accessToken ?? ""
        }
    }

    /// The client's own token, asked for again (RFC 6749 §4.4) when it would not last
    /// `minimumValidity`; under the lock, so many processes ask once. Nothing rotates, so there
    /// is nothing to journal.
    func reacquire(_ providerID: String, request: ClientCredentialsRequest, minimumValidity: TimeInterval) async throws -> String {
        let clock = services.clock
        let token = { (document: KeystoreDocument, seconds: TimeInterval) throws -> String? in
            let (_, current) = try KeystoreDocument.currentSession(providerID, in: document)
            return Self.accessToken(current, validFor: seconds, at: clock.now())
        }
        return try await LockedRefresh.value(
            in: store, minimumValidity: minimumValidity, token: token,
            obtainedAt: { try KeystoreDocument.currentSession(providerID, in: $0).session.obtainedAt }
        ) { (document: inout KeystoreDocument) async throws -> String in
            let index = try document.requireCurrentAccountIndex()
            guard let position = document.accounts[index].sessions.firstIndex(where: { $0.providerID == providerID }) else {
                throw AccountError.noSession(providerID: providerID)
            }
            var current = document.accounts[index].sessions[position]
            let provider = try await providers.resolve(providerID, services: services)
            let client = try provider.authorizationServer(services: services).tokenClient
            services.log("asking \(client.tokenEndpoint.redactedForDisplay) for a new client-credentials token")
            current.apply(try await client.clientCredentials(request), receivedAt: clock.now())
            document.accounts[index].sessions[position] = current
            return current.accessToken ?? ""
        }
    }

    /// One refresh at `providerID`'s token endpoint, checked by the provider for `subject`.
    ///
    /// Right before sending, `entry` is journaled as a marker and `sending` runs; a 2xx answer is
    /// journaled as it arrives, before it is parsed or checked. The answer comes back with what
    /// the checks say of its ID token (``IDTokenFlag``), to be stored either way: it holds the
    /// only live refresh token. One whose checks could not be made (the provider's keys out of
    /// reach) stays journaled for the next command.
    func refresh(
        _ providerID: String, refreshToken: String, subject: String?, journaling entry: RefreshJournal.Entry,
        sending: () -> Void
    ) async throws -> (TokenResponse, IDTokenFlag?) {
        let provider = try await providers.resolve(providerID, services: services)
        let client = try provider.authorizationServer(services: services).tokenClient
        services.log("refreshing the \(providerID) access token at \(client.tokenEndpoint.redactedForDisplay)")
        try record(entry)
        sending()
        let clock = services.clock
        let response: TokenResponse
        do {
            response = try await client.refresh(refreshToken: refreshToken) { answer in
                guard (200..<300).contains(answer.status) else { return }
                var received = entry
                received.answer = String(decoding: answer.body, as: UTF8.self)
                received.receivedAt = clock.now()
                try record(received)
            }
        } catch let error as HTTPTransportError where !error.mayHaveReachedTheServer {
            try forget(entry)
            throw error
        }
        await services.afterRefreshAnswer()
        let flag = try await provider.checkRefreshed(response, subject: subject, services: services)
        if let flag { services.log("\(providerID): \(flag.summary)") }
        return (response, flag)
    }

    /// The access token if it stays valid for `seconds` more (a token without expiry always
    /// does), by the one freshness rule (``FreshnessPolicy/refreshed``).
    static func accessToken(_ session: ProviderCredential, validFor seconds: TimeInterval, at now: Date) -> String? {
        guard let token = session.accessToken else { return nil }
        return FreshnessPolicy.refreshed.isFresh(expiresAt: session.expiresAt, obtainedAt: session.obtainedAt, minimumValidity: seconds, at: now)
            ? token : nil
    }
}

extension ProviderCredential {
    /// Takes a refresh's answer: new tokens, expiry from `receivedAt`, and the rotated refresh
    /// token (RFC 6749 §6: the old one is then dead) or the old one.
    ///
    /// `idTokenFlag` is what the checks said of the answer's ID token: an inconsistent one is
    /// taken and flagged; a refused one leaves every token but the refresh token as it was (the
    /// answer is not the provider's word for this person) and says why. An answer without an ID
    /// token keeps the stored one and what was said of it.
    mutating func apply(_ response: TokenResponse, receivedAt: Date, idTokenFlag flag: IDTokenFlag? = nil) {
        refreshToken = response.refreshToken(replacing: refreshToken)
        if let flag, flag.verdict == .refused {
            idTokenFlag = flag
            return
        }
        if response.idToken != nil { idTokenFlag = flag }
        accessToken = response.accessToken
        tokenType = response.tokenType
        expiresAt = response.expiresIn.map { receivedAt.addingTimeInterval(TimeInterval($0)) }
        obtainedAt = receivedAt
        idToken = response.idToken ?? idToken
        scope = response.scope ?? scope
    }

    /// The access token, unless it has expired at `now`.
    func unexpiredAccessToken(at now: Date) throws -> String {
        guard let token = accessToken else {
            throw AccountError.noToken(providerID: providerID, kind: AccountError.accessTokenOfIDTokenSession)
        }
        if let expiresAt, expiresAt <= now { throw AccountError.tokenExpired(providerID: providerID) }
        return token
    }
}
