import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage

/// Accounts in a Firebase / Identity Platform project: every rule runs in the project, through the
/// REST calls the Firebase SDKs make; the keystore keeps the signed-in user's copy, the project's
/// ID and refresh tokens (``BackendSession``), and the providers' own tokens.
///
/// `storage` should be this project's namespace (``FirebaseProject/storageNamespace``), so its
/// accounts never mix with local ones or another project's.
package struct FirebaseAccountBackend: AccountBackend {
    /// The project's recent-login window for sensitive operations (Firebase's five minutes), for messages.
    static let recentLoginSeconds = 300

    package let project: FirebaseProject
    package let endpoints: FirebaseEndpoints
    let toolkit: IdentityToolkit
    let store: any DocumentStore<KeystoreDocument>
    let pending: PendingCredentials
    let clock: Clock
    /// Where a sign-in gets a second factor's code (`--totp`, a prompt), when the account has one.
    let secondFactor: SecondFactorSource

    package init(
        project: FirebaseProject, endpoints: FirebaseEndpoints, storage: any DocumentStorage, transport: any HTTPTransport, clock: Clock,
        secondFactor: SecondFactorSource = .none, languageCode: String? = nil
    ) {
        self.secondFactor = secondFactor
        self.project = project
        self.endpoints = endpoints
        toolkit = IdentityToolkit(project: project, endpoints: endpoints, transport: transport, languageCode: languageCode)
        store = storage.store(KeystoreDocument.fileName, of: KeystoreDocument.self)
        pending = PendingCredentials(storage: storage, clock: clock)
        self.clock = clock
    }

    // MARK: Federated sign-in (accounts:signInWithIdp)

    package func signIn(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        let answer = try await signInWithIdp(Self.assertion(credential), idToken: nil, during: .signIn)
        if answer.needsConfirmation {
            throw try await accountExists(answer, credential: credential, profile: profile)
        }
        return try await record(answer, credential: credential, profile: profile, authenticated: true)
    }

    package func link(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        let account = try currentAccount()
        if account.user.identity(for: profile.providerID) != nil { throw AccountError.providerAlreadyLinked(providerID: profile.providerID) }
        let idToken = try await freshSession().idToken
        let answer = try await signInWithIdp(Self.assertion(credential), idToken: idToken, during: .link)
        return try await record(answer, credential: credential, profile: profile, authenticated: false)
    }

    package func linkPending() async throws -> SignInResult {
        let pending = try self.pending.current()
        let account = try currentAccount()
        guard account.user.email?.lowercased() == pending.email.lowercased() else { throw AccountError.pendingForAnotherAccount(email: pending.email) }
        let idToken = try await freshSession().idToken
        let proof: SignInWithIdpRequest.Proof = pending.pendingToken.map { .pendingToken($0) } ?? .postBody(Self.assertion(pending.credential))
        let answer = try await call(SignInWithIdpRequest(proof: proof, idToken: idToken), during: .link)
        let result = try await record(answer, credential: pending.credential, profile: pending.profile, authenticated: false)
        try self.pending.forget()
        return result
    }

    /// `autoCreate: false`: the project must already have the identity, on this user.
    package func reauthenticate(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        let account = try currentAccount()
        let answer: SignInResponse
        do {
            answer = try await signInWithIdp(Self.assertion(credential), idToken: nil, autoCreate: false, during: .reauthenticate)
        } catch let failure as IdentityToolkitFailure where failure.code == "USER_NOT_FOUND" {
            throw AccountError.userMismatch(providerID: profile.providerID)
        }
        // An answer pending its second factor may name no user yet: `record` checks the finalized one.
        if let uid = answer.localID, uid != account.user.uid { throw AccountError.userMismatch(providerID: profile.providerID) }
        return try await record(answer, credential: credential, profile: profile, authenticated: true, expectedUID: account.user.uid)
    }

    // MARK: Sensitive operations (need a recent sign-in, decided by the project)

    package func unlink(providerID: String) async throws -> AccountRecord {
        let account = try currentAccount()
        guard account.user.identity(for: providerID) != nil else {
            throw AccountError.noSuchProvider(providerID: providerID, linked: account.user.providerData.map(\.providerID))
        }
        // As with local accounts: a user nobody can sign in as is never left behind.
        guard account.user.providerData.count > 1 else { throw AccountError.lastProvider(providerID: providerID) }
        let idToken = try await freshSession().idToken
        let answer = try await call(
            AccountUpdateRequest(idToken: idToken, change: .deleteProviders([providerID])), during: .other, recentLoginOperation: "unlink")
        return try await refreshUser(after: answer, removingSessionOf: providerID)
    }

    package func deleteCurrentUser() async throws -> AccountRecord {
        let account = try currentAccount()
        let idToken = try await freshSession().idToken
        _ = try await call(DeleteAccountRequest(idToken: idToken), during: .other, recentLoginOperation: "account delete")
        try store.update { document in
            document.accounts.removeAll { $0.user.uid == account.user.uid }
            document.currentUID = nil
        }
        return account.user
    }

    // MARK: Reading

    /// `accounts:lookup`: the project's record now, stored over the keystore's copy.
    package func lookUpCurrentUser() async throws -> AccountRecord? {
        guard (try store.read().currentAccountIndex) != nil else { return nil }
        return try await refreshUser(after: nil, removingSessionOf: nil)
    }

    /// `accounts:createAuthUri`: empty when no account has the email, and always empty when the
    /// project has email-enumeration protection on (the default for new projects).
    package func signInMethods(forEmail email: String) async throws -> [String] {
        try await call(SignInMethodsRequest(email: email), during: .other).methods
    }

    package func userToken(minimumValidity: TimeInterval) async throws -> String? {
        try await freshSession(minimumValidity: minimumValidity).idToken
    }

    // MARK: Requests

    /// signInWithIdp with a provider's credential, as the SDKs send it.
    func signInWithIdp(_ postBody: String, idToken: String?, autoCreate: Bool = true, during operation: FirebaseError.Operation) async throws -> SignInResponse {
        try await call(
            SignInWithIdpRequest(proof: .postBody(postBody), idToken: idToken, autoCreate: autoCreate), during: operation,
            providerID: URLComponents(string: "?" + postBody)?.queryItems?.first { $0.name == "providerId" }?.value)
    }

    /// The provider's credential as signInWithIdp's `postBody`: an ID token (with the raw nonce it
    /// was requested with: Firebase checks SHA-256 of it against the token's nonce), or else the
    /// access token (GitHub, which issues no ID token; Google's or Facebook's obtained elsewhere),
    /// with Twitter's OAuth 1.0a secret, and the name Apple handed apart from its ID token as
    /// `user` (the SDK's VerifyAssertionRequest).
    static func assertion(_ credential: ProviderCredential) -> String {
        var fields: [(String, String)] = []
        if let idToken = credential.idToken {
            fields.append(("id_token", idToken))
            if let nonce = credential.rawNonce { fields.append(("nonce", nonce)) }
        } else if let accessToken = credential.accessToken {
            fields.append(("access_token", accessToken))
            if let secret = credential.secret { fields.append(("oauth_token_secret", secret)) }
        }
        if let name = credential.fullName, let user = userField(name) { fields.append(("user", user)) }
        fields.append(("providerId", credential.providerID))
        return String(decoding: FormEncoding.body(fields), as: UTF8.self)
    }

    /// Sign in with Apple's `user` form field as the SDK writes it: `{"name":{"firstName":…,"lastName":…}}`,
    /// keys sorted, a part left out when absent; nil without either part.
    static func userField(_ name: PersonName) -> String? {
        var parts: [String: JSONValue] = [:]
        if let given = name.givenName { parts["firstName"] = .string(given) }
        if let family = name.familyName { parts["lastName"] = .string(family) }
        guard !parts.isEmpty else { return nil }
        let user: JSONValue = .object(["name": .object(parts)])
        return user.serialized()
    }

    /// One call, sent through the one ``IdentityToolkit/send(_:)`` and answered by its response
    /// type; its refusal named through ``FirebaseError/init(serverCode:detail:status:during:tenantID:)``
    /// and ``AccountError/init(serverCode:holder:detail:recentLogin:)``. A call carrying the
    /// signed-in user's ID token that the project answers with a dead token or user signs that
    /// user out of the project first, as the SDKs do (`_logoutIfInvalidated`).
    func call<Call: IdentityToolkitCall>(
        _ request: Call, during operation: FirebaseError.Operation, recentLoginOperation: String? = nil, providerID: String? = nil
    ) async throws -> Call.Response {
        do {
            return try await toolkit.send(request)
        } catch let failure as IdentityToolkitFailure {
            if failure.code == "USER_NOT_FOUND", operation == .reauthenticate { throw failure }
            let account = try? currentAccount()
            if let rule = AccountError(
                serverCode: failure.code, holder: (failure.providerID, failure.email), detail: failure.detail,
                recentLogin: (recentLoginOperation, account?.lastProviderID, Self.recentLoginSeconds))
            {
                throw rule
            }
            let asCurrentUser = request.carriesIDToken && operation != .refresh
            let error = failure.named(during: asCurrentUser ? .currentUser : operation, tenantID: project.tenantID, providerID: providerID)
            if asCurrentUser, case .sessionEnded = error { try signOutOfProject(uid: account?.user.uid) }
            throw error
        }
    }

    /// Ends the project's session of `uid` on this machine: its tokens go, the user stays listed.
    func signOutOfProject(uid: String?) throws {
        guard let uid else { return }
        try store.update { document in
            guard let index = document.accountIndex(uid: uid) else { return }
            Self.endSession(at: index, in: &document)
        }
    }

    /// The project no longer honours this account's session: drop it and every provider token.
    static func endSession(at index: Int, in document: inout KeystoreDocument) {
        document.accounts[index].backendSession = nil
        document.accounts[index].sessions = []
        if document.currentUID == document.accounts[index].user.uid { document.currentUID = nil }
    }
}

extension FirebaseAccountBackend: TenantScopedAccounts {
    package var tenantID: String? { project.tenantID }
    package var customAuthDomain: String? { project.customAuthDomain }
}
