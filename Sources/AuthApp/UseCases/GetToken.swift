import AuthCore
import AuthJOSE
import AuthOAuth
import AuthPlatform

/// A token for the signed-in user, fresh by the one freshness rule (``TokenRefresher``, the
/// project's sessions, a CI job's source): the backend's own ID token (a project's) when no
/// provider is named and there is one; else the provider's ID token or access token.
///
/// This is the hot path (`$(authctl token)`): with a valid cached token it reads the keystore (and
/// the home's backend settings) and nothing else: no keyring, no environment, no network.
package struct GetToken: Sendable {
    /// Which token.
    package enum Kind: Sendable, Equatable {
        /// The access token (or the backend's ID token when no provider is named).
        case access
        /// The ID token: the backend's, else the provider's.
        case id
    }

    package struct Input: Sendable {
        /// Whose token (nil: the backend's own, else the provider signed in with last).
        package var providerID: String?
        package var kind: Kind
        /// How long it must stay valid, in seconds; infinity forces a refresh (the SDKs' `forcingRefresh`).
        package var minimumValidity: TimeInterval
        /// Also read when an access token expires (`status`, kubectl's helper).
        package var withExpiry: Bool

        package init(providerID: String?, kind: Kind, minimumValidity: TimeInterval = TokenRefresher.defaultMinimumValidity, withExpiry: Bool = false) {
            self.providerID = providerID
            self.kind = kind
            self.minimumValidity = minimumValidity
            self.withExpiry = withExpiry
        }
    }

    package struct Output: Sendable, Equatable {
        package var value: String
        package var isIDToken: Bool
        /// When it expires (nil when unknown, or not asked for an access token).
        package var expiresAt: Date?

        package init(value: String, isIDToken: Bool, expiresAt: Date?) {
            self.value = value
            self.isIDToken = isIDToken
            self.expiresAt = expiresAt
        }
    }

    /// The validity a forced refresh asks for (`--force-refresh`, the SDKs' `forcingRefresh: true`):
    /// a renewal now, whatever the token's age (``FreshnessPolicy``).
    package static let forced: TimeInterval = .infinity
    /// How long before its expiry a token is renewed unless asked otherwise (the SDK's five minutes).
    package static let defaultMinimumValidity = TokenRefresher.defaultMinimumValidity

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    package func run(_ input: Input) async throws -> Output {
        guard input.minimumValidity == Self.forced else { return try await token(input) }
        // Renew on demand (`--force-refresh`, `forcingRefresh: true`): a new token whatever the
        // stored one's age, still once for many callers: one that waited on the lock and finds a
        // token obtained after it asked takes that one (``LockedRefresh``).
        runtime.options.log("renewing the token now, whatever its age, as asked")
        let renewed = try await token(input)
        let expiry = renewed.expiresAt ?? AccountService.expiry(ofJWT: renewed.value)
        runtime.options.log("the token handed out was renewed" + (expiry.map { ": it expires at \($0.ISO8601Format())" } ?? ""))
        return renewed
    }

    /// The token by the one rule: the backend's own when no provider is named, else the provider's.
    /// Only a renewal goes to the network here: one that got no answer stored nothing, and says so.
    private func token(_ input: Input) async throws -> Output {
        do {
            return try await renewedIfNeeded(input)
        } catch let error as HTTPTransportError {
            switch error {
            case .unreachable, .timedOut, .deadlineReached: throw RenewalUnanswered(cause: error)
            default: throw error
            }
        }
    }

    private func renewedIfNeeded(_ input: Input) async throws -> Output {
        let accounts = try runtime.accounts()
        let validity = input.minimumValidity
        if input.providerID == nil, let token = try await accounts.backend.userToken(minimumValidity: validity) {
            return Output(value: token, isIDToken: true, expiresAt: input.withExpiry || input.kind == .id ? AccountService.expiry(ofJWT: token) : nil)
        }
        if input.kind == .id {
            let (token, expiresAt) = try await accounts.freshIDToken(
                providerID: input.providerID, minimumValidity: validity, providers: runtime.registry, services: runtime.services)
            return Output(value: token, isIDToken: true, expiresAt: expiresAt)
        }
        let token = try await accounts.freshAccessToken(
            providerID: input.providerID, minimumValidity: validity, providers: runtime.registry, services: runtime.services)
        let expiresAt = input.withExpiry ? try accounts.currentSession(input.providerID).session.expiresAt : nil
        return Output(value: token, isIDToken: false, expiresAt: expiresAt)
    }
}

extension GetToken {
    /// The claims of the backend's own ID token (a project's; nil without one), taken apart but
    /// not verified; `renewed`: of one renewed now, so custom claims an admin set since the token
    /// was issued appear (`whoami --refresh`), once for many callers as every renewal.
    package func backendClaims(renewed: Bool) async throws -> JSONValue? {
        if renewed { runtime.options.log("renewing the project's ID token now, to read its claims") }
        guard let token = try await runtime.accounts().backend.userToken(minimumValidity: renewed ? Self.forced : 0) else { return nil }
        return try CompactJWS(parsingUnverified: token).payload
    }
}
