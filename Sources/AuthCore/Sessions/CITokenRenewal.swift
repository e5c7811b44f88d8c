import AuthOAuth
import AuthPlatform
import AuthProviders
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A CI job's session (`signin --ci`) renewed from where its token came from: a new token is
/// fetched (GitHub Actions' token service, or the job's variable), verified by the provider as
/// `--id-token-stdin` is, and stored through the account backend's reauthentication, which checks
/// it proves the same identity and, with a Firebase project, exchanges it again (signInWithIdp).
///
/// Only the refresh path gets here: a stored token that lasts is handed out without reading the
/// environment (Decisions/0017, 0021).
struct CITokenRenewal: Sendable {
    /// A token with less than this share of its lifetime left (or less than --min-valid) is
    /// renewed: a renewal costs a round trip and rotates nothing, so a job calling every few
    /// seconds renews about twice per token lifetime, not at every call.
    static let renewalShareOfLifetime = 0.5

    let backend: any AccountBackend
    let clock: Clock
    let providers: ProviderRegistry
    let services: ProviderServices

    /// Whether the session's ID token stays valid for `seconds`, or, when its lifetime is shorter,
    /// for half of that lifetime.
    static func lasts(_ session: OAuthCredential, validFor seconds: TimeInterval, at now: Date) -> Bool {
        guard let expiresAt = session.expiresAt, expiresAt > now else { return false }
        var required = seconds
        if let obtainedAt = session.obtainedAt {
            required = min(required, expiresAt.timeIntervalSince(obtainedAt) * renewalShareOfLifetime)
        }
        return expiresAt.timeIntervalSince(now) >= max(required, 0)
    }

    /// Fetches, verifies and stores a new token for `providerID`'s session; returns it and its expiry.
    func renew(providerID: String, source: CITokenSource) async throws -> (token: String, expiresAt: Date?) {
        let configuration = try providers.provider(providerID)
        services.log("the \(providerID) ID token expires: asking \(source.description) for a new one")
        let fetcher = CITokenFetcher(environment: services.environment, transport: services.transport)
        let token = try await fetcher.idToken(from: source, audience: configuration.clientID)
        let provider = try await providers.resolve(configuration, services: services)
        let receivedAt = clock.now()
        let tokens = GrantedTokens(accessToken: nil, idToken: token, receivedAt: receivedAt, expectedNonce: nil, rawNonce: nil)
        let identity = try await provider.identity(of: tokens, services: services)
        var credential = OAuthCredential(providerID: providerID, tokens: tokens, idTokenExpiresAt: identity.idToken?.expiresAt)
        credential.obtainedAt = receivedAt
        credential.ciSource = source
        _ = try await backend.reauthenticate(with: credential, profile: identity.profile)
        return (token, credential.expiresAt)
    }
}
