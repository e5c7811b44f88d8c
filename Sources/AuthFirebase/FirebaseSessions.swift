import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders

extension FirebaseAccountBackend {
    /// The signed-in account, or not-signed-in.
    func currentAccount() throws -> KeystoreDocument.Account {
        let document = try store.read()
        return document.accounts[try document.requireCurrentAccountIndex()]
    }

    /// The project's session for the signed-in user, refreshed through the Secure Token API when it
    /// expires within `minimumValidity` seconds (infinity: now, whatever its age). As with
    /// providers' tokens, the keystore lock is held across the refresh (``LockedRefresh``), so
    /// concurrent processes refresh exactly once, a forced refresh included; a refresh the project
    /// refuses (expired, revoked, deleted or disabled user) signs the user out, as the SDKs do.
    func freshSession(minimumValidity: TimeInterval = 60) async throws -> BackendSession {
        enum Outcome: Sendable { case session(BackendSession), ended(FirebaseError) }
        let clock = clock
        let session = { (document: KeystoreDocument) throws -> BackendSession in
            guard let session = document.accounts[try document.requireCurrentAccountIndex()].backendSession else { throw AccountError.notSignedIn }
            return session
        }
        let outcome = try await LockedRefresh.value(
            in: store, minimumValidity: minimumValidity,
            token: { document, seconds in
                let current = try session(document)
                return Self.isFresh(current, for: seconds, at: clock.now()) ? .session(current) : nil
            },
            obtainedAt: { try session($0).obtainedAt }
        ) { (document: inout KeystoreDocument) async throws -> Outcome in
            let index = try document.requireCurrentAccountIndex()
            guard let current = document.accounts[index].backendSession else { throw AccountError.notSignedIn }
            let grant: SecureTokenResponse
            do {
                grant = try await toolkit.send(SecureTokenRequest(refreshToken: current.refreshToken))
            } catch let failure as IdentityToolkitFailure {
                let error = failure.named(during: .refresh)
                guard case .sessionEnded = error else { throw error }
                Self.endSession(at: index, in: &document)
                return .ended(error)
            }
            let now = clock.now()
            let renewed = BackendSession(
                issuer: project.sessionIssuer, idToken: grant.idToken, refreshToken: grant.refreshToken,
                expiresAt: now.addingTimeInterval(TimeInterval(grant.expiresIn)), obtainedAt: now
            )
            document.accounts[index].backendSession = renewed
            return .session(renewed)
        }
        switch outcome {
        case .session(let session): return session
        case .ended(let error): throw error
        }
    }

    /// Valid for `seconds` more, by the one freshness rule (``FreshnessPolicy/refreshed``).
    static func isFresh(_ session: BackendSession, for seconds: TimeInterval, at now: Date) -> Bool {
        FreshnessPolicy.refreshed.isFresh(expiresAt: session.expiresAt, obtainedAt: session.obtainedAt, minimumValidity: seconds, at: now)
    }

    /// The session a sign-in or an update answered, as the keystore keeps it.
    func session(from tokens: SessionTokens) -> BackendSession {
        let now = clock.now()
        return BackendSession(
            issuer: project.sessionIssuer, idToken: tokens.idToken, refreshToken: tokens.refreshToken,
            expiresAt: now.addingTimeInterval(TimeInterval(tokens.expiresIn)), obtainedAt: now
        )
    }

    /// Stores a sign-in's outcome: the project's session, the user as `accounts:lookup` reports it
    /// (as the SDKs fetch it after signing in), and the provider's credential; makes the user
    /// current. `authenticated` moves the recent-login time (a sign-in or reauthentication);
    /// `expectedUID`, a reauthentication's user, is checked after the second factor (and carried by
    /// its stop, for the resolver): anyone else is a user mismatch, and nothing is stored.
    func record(
        _ firstFactorAnswer: SignInResponse, credential: ProviderCredential?, profile: FederatedProfile?, authenticated: Bool,
        expectedUID: String? = nil
    ) async throws -> SignInResult {
        let answer: SignInResponse
        do {
            answer = try await passSecondFactor(firstFactorAnswer)
        } catch var required as SecondFactorRequired {
            (required.pending.credential, required.pending.profile, required.pending.authenticated) = (credential, profile, authenticated)
            required.pending.expectedUID = expectedUID
            throw required
        }
        // A reauthentication's user is known only now when the first factor's answer was a pending one.
        if let expectedUID, answer.localID != expectedUID {
            throw AccountError.userMismatch(providerID: credential?.providerID ?? answer.providerID ?? Self.passwordProviderID)
        }
        let session = session(from: try answer.session())
        let now = clock.now()
        let previous = try? store.read().accounts.first { $0.user.uid == answer.localID }
        let lookup = try await call(LookupRequest(idToken: session.idToken), during: .other)
        let user = FirebaseUserRecord.user(
            from: lookup, lastAuthenticatedAt: authenticated ? now : previous?.user.lastAuthenticatedAt ?? now, now: now
        )
        try store.update { document in
            var account = document.accountIndex(uid: user.uid).map { document.accounts[$0] }
                ?? KeystoreDocument.Account(user: user, sessions: [], lastProviderID: nil)
            account.user = user
            account.backendSession = session
            if let credential {
                account.sessions.removeAll { $0.providerID == credential.providerID }
                account.sessions.append(credential)
            }
            account.lastProviderID = credential?.providerID ?? answer.providerID ?? account.lastProviderID
            if let index = document.accountIndex(uid: user.uid) { document.accounts[index] = account } else { document.accounts.append(account) }
            document.currentUID = user.uid
        }
        let providerID = credential?.providerID ?? answer.providerID ?? "password"
        let rawProfile = answer.identity.rawUserInfo ?? profile?.rawProfile ?? [:]
        return SignInResult(
            user: user, credential: credential ?? ProviderCredential(providerID: providerID, accessToken: nil),
            additionalUserInfo: SignInDetails(
                providerID: providerID, profile: rawProfile,
                username: answer.identity.screenName ?? profile?.username, isNewUser: answer.isNewUser
            )
        )
    }

    /// After `accounts:update` (its answer may carry a new session) or on its own: looks the user
    /// up and stores the record, dropping the session of an unlinked provider.
    func refreshUser(after update: AccountUpdateResponse?, removingSessionOf providerID: String?) async throws -> AccountRecord {
        var session = try await freshSession()
        if let tokens = update?.tokens { session = self.session(from: tokens) }
        let lookup = try await call(LookupRequest(idToken: session.idToken), during: .other)
        let account = try currentAccount()
        let user = FirebaseUserRecord.user(from: lookup, lastAuthenticatedAt: account.user.lastAuthenticatedAt, now: clock.now())
        try store.update { document in
            guard let index = document.accountIndex(uid: user.uid) else { return }
            document.accounts[index].user = user
            document.accounts[index].backendSession = session
            if let providerID {
                document.accounts[index].sessions.removeAll { $0.providerID == providerID }
                if document.accounts[index].lastProviderID == providerID {
                    document.accounts[index].lastProviderID = document.accounts[index].sessions.last?.providerID
                }
            }
        }
        return user
    }

    /// needConfirmation: another account of the project has this email. The credential is kept
    /// (with the project's pendingToken) for `link --pending`, and nothing else is stored.
    func accountExists(_ answer: SignInResponse, credential: ProviderCredential, profile: FederatedProfile) async throws -> AccountError {
        let email = answer.email ?? profile.email ?? "this email"
        var providers = answer.verifiedProviders
        if providers.isEmpty { providers = (try? await signInMethods(forEmail: email)) ?? [] }
        try pending.keep(credential, profile: profile, accountUID: nil, email: email, pendingToken: answer.pendingToken)
        return .accountExistsWithDifferentCredential(email: email, providers: providers)
    }
}
