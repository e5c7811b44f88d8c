import AuthOAuth
import AuthProviders
import AuthStorage
import Foundation
import AuthPlatform

/// Hands out a provider's access token that stays valid long enough, refreshing it (RFC 6749 §6)
/// exactly once however many processes ask at the same moment.
///
/// A valid token is read without a lock and without the network (the hot path). Otherwise the
/// store's lock is held across the refresh: a process that waited re-reads the keystore and takes
/// the token another one refreshed meanwhile (even if the provider's lifetime is shorter than
/// asked: refreshing again would not make it longer), so a rotated refresh token is never used
/// twice. A new ID token must pass the same checks as the first, for the same subject (OpenID
/// Connect Core §12.2). A refresh refused with invalid_grant forgets that provider's session (the
/// user record stays) and asks for a new sign-in.
public struct TokenRefresher: Sendable {
    /// The Firebase SDK's default: a token handed out is good for at least five more minutes.
    public static let defaultMinimumValidity: TimeInterval = 300
    /// The share of the provider's token lifetime that counts as "as fresh as a refresh gets".
    static let freshShareOfLifetime = 0.9

    let store: any DocumentStore<KeystoreDocument>
    let providers: ProviderRegistry
    let services: ProviderServices

    public init(store: any DocumentStore<KeystoreDocument>, providers: ProviderRegistry, services: ProviderServices) {
        self.store = store
        self.providers = providers
        self.services = services
    }

    /// The current user's access token for `providerID` (default: the provider used last), valid
    /// for at least `minimumValidity` seconds.
    public func freshAccessToken(providerID: String?, minimumValidity: TimeInterval) async throws -> String {
        let (provider, session) = try KeystoreDocument.currentSession(providerID, in: try store.read())
        let clock = services.clock
        if let token = Self.accessToken(session, validFor: minimumValidity, at: clock.now()) { return token }
        // Without a refresh token, the token is handed out while it lasts.
        guard session.refreshToken != nil else { return try session.unexpiredAccessToken(at: clock.now()) }
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
            guard let refreshToken = current.refreshToken else { throw AccountError.tokenExpired(providerID: provider) }
            let subject = document.accounts[index].user.identity(for: provider)?.uid
            let response: TokenResponse
            do {
                response = try await refresh(provider, refreshToken: refreshToken, subject: subject)
            } catch let error as OAuthError where error.isInvalidGrant {
                document.accounts[index].sessions.remove(at: position)
                return .expired
            }
            // Expiry is taken from expires_in at receipt, so clock skew with the provider cannot matter.
            current.apply(response, receivedAt: clock.now())
            document.accounts[index].sessions[position] = current
            return .token(response.accessToken)
        }
        switch outcome {
        case .token(let token): return token
        case .expired: throw AccountError.sessionExpired(providerID: provider)
        }
    }

    /// One refresh at `providerID`'s token endpoint, checked by the provider for `subject`.
    func refresh(_ providerID: String, refreshToken: String, subject: String?) async throws -> TokenResponse {
        let provider = try await providers.resolve(providerID, services: services)
        let client = try provider.authorizationServer(services: services).tokenClient
        services.log("refreshing the \(providerID) access token at \(client.tokenEndpoint.redactedForDisplay)")
        let response = try await client.refresh(refreshToken: refreshToken)
        try await provider.checkRefreshed(response, subject: subject, services: services)
        return response
    }

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
}

extension OAuthCredential {
    /// Takes a refresh's answer: new tokens, expiry from `receivedAt`, and the rotated refresh
    /// token (RFC 6749 §6: the old one is then dead) or the old one.
    mutating func apply(_ response: TokenResponse, receivedAt: Date) {
        accessToken = response.accessToken
        tokenType = response.tokenType
        expiresAt = response.expiresIn.map { receivedAt.addingTimeInterval(TimeInterval($0)) }
        obtainedAt = receivedAt
        refreshToken = response.refreshToken(replacing: refreshToken)
        idToken = response.idToken ?? idToken
        scope = response.scope ?? scope
    }

    /// The access token, unless it has expired at `now`.
    func unexpiredAccessToken(at now: Date) throws -> String {
        guard let token = accessToken else {
            throw AccountError.noToken(providerID: providerID, kind: "access token (it signed in with an ID token; use --id-token)")
        }
        if let expiresAt, expiresAt <= now { throw AccountError.tokenExpired(providerID: providerID) }
        return token
    }
}
