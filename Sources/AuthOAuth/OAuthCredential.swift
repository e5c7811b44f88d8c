import AuthPlatform

/// The tokens one sign-in produced (the SDK's `OAuthCredential`).
package struct ProviderCredential: Codable, Sendable, Equatable {
    package var providerID: String
    /// Nil for a sign-in with an ID token obtained elsewhere (`--id-token-stdin`).
    package var accessToken: String?
    package var tokenType: String
    package var idToken: String?
    package var refreshToken: String?
    /// Absolute expiry, computed from `expires_in` when the response arrived.
    package var expiresAt: Date?
    /// When the access token arrived; with ``expiresAt`` it gives the provider's token lifetime.
    package var obtainedAt: Date?
    package var scope: String?
    /// The nonce sent with the request that produced the ID token.
    package var rawNonce: String?
    /// For the client's own session (RFC 6749 §4.4): the request that re-acquires its token.
    package var clientCredentials: ClientCredentialsRequest?
    /// For a CI job's session (`signin --ci`): where a new ID token comes from when this one expires.
    package var ciSource: CITokenSource?
    /// What was wrong with the ID token of the latest answer, when something was: an
    /// inconsistent one is ``idToken``; a refused one is not, ``idToken`` is the one before it.
    package var idTokenFlag: IDTokenFlag?
    /// OAuth 1.0a's token secret, which goes with ``accessToken`` (Twitter's `oauth_token_secret`).
    package var secret: String?
    /// The name Apple hands only on a first sign-in, outside its ID token (Sign in with Apple's
    /// `user` form field): sent with the ID token so the project can name the new user.
    package var fullName: PersonName?

    package init(
        providerID: String, accessToken: String?, tokenType: String = "Bearer", idToken: String? = nil,
        refreshToken: String? = nil, expiresAt: Date? = nil, obtainedAt: Date? = nil, scope: String? = nil, rawNonce: String? = nil,
        clientCredentials: ClientCredentialsRequest? = nil, ciSource: CITokenSource? = nil, idTokenFlag: IDTokenFlag? = nil,
        secret: String? = nil
    ) {
        self.secret = secret
        self.providerID = providerID
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.obtainedAt = obtainedAt
        self.scope = scope
        self.rawNonce = rawNonce
        self.clientCredentials = clientCredentials
        self.ciSource = ciSource
        self.idTokenFlag = idTokenFlag
    }
}

/// A person's name as a provider hands it apart from its tokens (Sign in with Apple's `user`
/// field: `name.firstName`, `name.lastName`), the parts FirebaseAuth reads of `PersonNameComponents`.
package struct PersonName: Codable, Sendable, Equatable {
    package var givenName: String?
    package var familyName: String?

    package init(givenName: String?, familyName: String?) {
        self.givenName = givenName
        self.familyName = familyName
    }

    /// Neither part: nothing to send.
    package var isEmpty: Bool { givenName == nil && familyName == nil }

    /// The parts joined as a display name ("Ada Lovelace"); nil when there are none.
    package var displayName: String? {
        let parts = [givenName, familyName].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

/// What the checks found wrong with an ID token a token endpoint sent, kept with the session
/// so that `status`, `--verbose` and `token --id-token` can say it (Docs/Decisions/0031).
package struct IDTokenFlag: Codable, Sendable, Equatable {
    package enum Verdict: String, Codable, Sendable {
        /// It passed every hard check and is kept, but its `at_hash` does not match the access
        /// token of the same answer: a MAY on the back channel (OpenID Connect Core §3.1.3.8).
        case inconsistent
        /// It failed a hard check (iss, aud, signature, exp; sub unchanged, §12.2) and was not
        /// kept: the session keeps its refresh token and its previous ID token.
        case refused
    }

    package var verdict: Verdict
    /// The failed check, as the validator words it (never a token).
    package var reason: String
    /// When the answer carrying it arrived.
    package var receivedAt: Date

    package init(verdict: Verdict, reason: String, receivedAt: Date) {
        self.verdict = verdict
        self.reason = reason
        self.receivedAt = receivedAt
    }

    /// One phrase for `status` and the logs.
    package var summary: String {
        switch verdict {
        case .inconsistent: "the provider sent an inconsistent ID token (\(reason)); kept, it is valid otherwise"
        case .refused: "the provider sent an ID token that failed its checks (\(reason)); the previous one is kept"
        }
    }
}

extension IDTokenFlag: JSONObjectDecodable {
    package init(reading object: JSONObjectReader) throws {
        guard let verdict = Verdict(rawValue: try object.string("verdict")) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown ID token verdict"))
        }
        self.init(verdict: verdict, reason: try object.string("reason"), receivedAt: try object.date("receivedAt"))
    }
}

extension ProviderCredential: JSONObjectDecodable {
    /// A stored credential, read by hand: the members its `Encodable` conformance writes.
    package init(reading object: JSONObjectReader) throws {
        self.init(
            providerID: try object.string("providerID"), accessToken: try object.string(ifPresent: "accessToken"),
            tokenType: try object.string("tokenType"), idToken: try object.string(ifPresent: "idToken"),
            refreshToken: try object.string(ifPresent: "refreshToken"), expiresAt: try object.date(ifPresent: "expiresAt"),
            obtainedAt: try object.date(ifPresent: "obtainedAt"), scope: try object.string(ifPresent: "scope"),
            rawNonce: try object.string(ifPresent: "rawNonce"), clientCredentials: try object.object(ifPresent: "clientCredentials"),
            ciSource: try object.object(ifPresent: "ciSource"), idTokenFlag: try object.object(ifPresent: "idTokenFlag"),
            secret: try object.string(ifPresent: "secret"))
        fullName = try object.object(ifPresent: "fullName")
    }
}

extension PersonName: JSONObjectDecodable {
    package init(reading object: JSONObjectReader) throws {
        self.init(givenName: try object.string(ifPresent: "givenName"), familyName: try object.string(ifPresent: "familyName"))
    }
}
