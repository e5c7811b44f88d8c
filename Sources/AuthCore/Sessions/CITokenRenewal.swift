import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage

/// A CI job's session (`signin --ci`) renewed from where its token came from: a new token is
/// fetched (GitHub Actions' token service, or the job's variable), verified by the provider as
/// `--id-token-stdin` is, and stored through the account backend's reauthentication, which checks
/// it proves the same identity and, with a Firebase project, exchanges it again (signInWithIdp).
///
/// Only the refresh path gets here: a stored token that lasts is handed out without reading the
/// environment (Decisions/0017, 0021). The renewal runs under the keystore's lock, as every other
/// (``LockedRefresh``): many processes finding the token old ask its source once, and the others
/// take what it stored (Decisions/0039).
struct CITokenRenewal: Sendable {
    let backend: any AccountBackend
    let clock: Clock
    let providers: ProviderRegistry
    let services: ProviderServices

    /// Whether the session's ID token stays valid for `seconds`, by the one freshness rule
    /// (``FreshnessPolicy/fetchedFromSource``); a CI token always has an expiry.
    static func lasts(_ session: ProviderCredential, validFor seconds: TimeInterval, at now: Date) -> Bool {
        session.expiresAt != nil
            && FreshnessPolicy.fetchedFromSource.isFresh(expiresAt: session.expiresAt, obtainedAt: session.obtainedAt, minimumValidity: seconds, at: now)
    }

    /// A token of the current user's `providerID` session (a CI job's) that stays valid for
    /// `minimumValidity` seconds (infinity: a new one, whatever the stored one's age), renewed
    /// from its source under the keystore's lock when it does not.
    func freshIDToken(
        providerID: String, minimumValidity: TimeInterval, in store: any DocumentStore<KeystoreDocument>
    ) async throws -> (token: String, expiresAt: Date?) {
        let clock = clock
        let fresh = try await LockedRefresh.value(
            in: store, minimumValidity: minimumValidity,
            token: { document, seconds in
                let session = try KeystoreDocument.currentSession(providerID, in: document).session
                guard let token = session.idToken, Self.lasts(session, validFor: seconds, at: clock.now()) else { return nil }
                return Renewed(token: token, expiresAt: session.expiresAt)
            },
            obtainedAt: { try KeystoreDocument.currentSession(providerID, in: $0).session.obtainedAt },
            renewedMeanwhile: { _ in services.log("the \(providerID) ID token was renewed by another process while this one waited: taking it") }
        ) { (document: inout KeystoreDocument) async throws -> Renewed in
            // The document is left as it is: the backend's reauthentication stores the new token
            // (its own update runs under the lock this one holds).
            guard let source = try KeystoreDocument.currentSession(providerID, in: document).session.ciSource else {
                throw AccountError.sessionExpired(providerID: providerID)
            }
            let renewed = try await renew(providerID: providerID, source: source)
            return Renewed(token: renewed.token, expiresAt: renewed.expiresAt)
        }
        return (fresh.token, fresh.expiresAt)
    }

    struct Renewed: Sendable {
        var token: String
        var expiresAt: Date?
    }

    /// Fetches, verifies and stores a new token for `providerID`'s session; returns it and its expiry.
    func renew(providerID: String, source: CITokenSource) async throws -> (token: String, expiresAt: Date?) {
        let configuration = try providers.provider(providerID)
        services.log("the \(providerID) ID token expires: asking \(source.description) for a new one")
        let fetcher = CITokenFetcher(environment: services.environment, transport: services.transport)
        let token = try await fetcher.idToken(from: source, audience: configuration.clientID)
        // The source's token is judged by the same rule before anything else: an expired one (a
        // job variable holds one token for the job's life) is refused as such, not verified into
        // "invalid credential" or, inside the verification leeway, handed out.
        if let expiresAt = AccountService.expiry(ofJWT: token), expiresAt <= clock.now() {
            throw CITokenError.sourceTokenExpired(source: source.description, expiredAt: expiresAt)
        }
        let provider = try await providers.resolve(configuration, services: services)
        let receivedAt = clock.now()
        let tokens = GrantedTokens(accessToken: nil, idToken: token, receivedAt: receivedAt, expectedNonce: nil, rawNonce: nil)
        let identity = try await provider.identity(of: tokens, services: services)
        var credential = ProviderCredential(providerID: providerID, tokens: tokens, idTokenExpiresAt: identity.idToken?.expiresAt)
        credential.obtainedAt = receivedAt
        credential.ciSource = source
        _ = try await backend.reauthenticate(with: credential, profile: identity.profile)
        return (token, credential.expiresAt)
    }
}
