/// The one freshness rule of every token authctl hands out: a provider's access token, a
/// project's ID token, a CI job's token. A token is fresh when it stays valid for the validity
/// asked; when more is asked than the token's whole lifetime, a token with `shareOfLifetime` of
/// that lifetime left is as fresh as a renewal gets (renewing again would only burn refresh tokens,
/// and, across processes, renew many times). An infinite validity forces a renewal (the SDKs'
/// `getIDToken(forcingRefresh: true)`).
package struct FreshnessPolicy: Sendable, Equatable {
    /// The share of its lifetime a token must have left to count as fresh when more is asked.
    package var shareOfLifetime: Double

    package init(shareOfLifetime: Double) {
        self.shareOfLifetime = shareOfLifetime
    }

    /// Tokens renewed with a refresh token (providers, a project's Secure Token API): 90%.
    package static let refreshed = FreshnessPolicy(shareOfLifetime: 0.9)
    /// A CI job's token, fetched again from its source: half its lifetime, so a job calling every
    /// few seconds renews about twice per lifetime, not at every call.
    package static let fetchedFromSource = FreshnessPolicy(shareOfLifetime: 0.5)

    /// Whether a token expiring at `expiresAt` (nil: never), obtained at `obtainedAt`, is fresh for
    /// `minimumValidity` seconds at `now`.
    package func isFresh(expiresAt: Date?, obtainedAt: Date?, minimumValidity: TimeInterval, at now: Date) -> Bool {
        guard minimumValidity.isFinite else { return false }
        guard let expiresAt else { return true }
        var required = minimumValidity
        if let obtainedAt {
            required = min(required, expiresAt.timeIntervalSince(obtainedAt) * shareOfLifetime)
        }
        return expiresAt > now && expiresAt.timeIntervalSince(now) >= max(required, 0)
    }
}
