import AuthCrypto
import AuthPlatform

/// An ID token that passed every check of ``IDTokenValidator``.
package struct ValidatedIDToken: Sendable, Equatable {
    /// The protected header (a JSON object).
    package let header: JSONValue
    /// The payload (a JSON object): every claim, including ones not modelled below.
    package let claims: JSONValue
    package let algorithm: JWSAlgorithm
    /// The `kid` of the key that verified the signature (nil for HS256 or a key without one).
    package let keyID: String?
    package let issuer: String
    package let subject: String
    package let audiences: [String]
    package let authorizedParty: String?
    package let expiresAt: Date
    package let issuedAt: Date
    package let nonce: String?
    package let authTime: Date?
    package let email: String?
    /// `email_verified` as a boolean (some providers send the string "true").
    package let emailVerified: Bool?
    package let name: String?
    package let picture: String?
    /// Checks that failed without refusing the token: only a mismatched `at_hash` in a token
    /// endpoint's answer (§3.1.3.8, ``IDTokenDelivery``). Empty for a token that passed everything.
    package let warnings: [JOSEError]

    /// Whether the provider sent it inconsistent with its access token (a warning, not a refusal).
    package var isInconsistent: Bool { !warnings.isEmpty }
}

/// How an ID token reached authctl, which decides how binding its `at_hash` is and whether its
/// `sub` must equal an earlier one.
package enum IDTokenDelivery: Sendable, Equatable {
    /// Through the browser (the authorization endpoint, implicit and hybrid flows, §3.2.2.9,
    /// §3.3.2.11), or from anywhere else: `at_hash`, when present, MUST match.
    case frontChannel
    /// In a token endpoint's answer to a code exchange (a direct connection, TLS or loopback;
    /// §3.1.3.8): `at_hash` is a MAY there, so a mismatch is a warning, not a refusal.
    case codeExchange
    /// In a token endpoint's answer to a refresh (§12.2): `at_hash` as for a code exchange, and
    /// `sub` MUST be `subject`, the session's (nil: the session names none, so any `sub` fails).
    case refresh(subject: String?)

    /// §3.1.3.8: only a token from the authorization endpoint is bound to its access token.
    package var accessTokenHashBinds: Bool { self == .frontChannel }
}

/// Validates an ID token as OpenID Connect Core 1.0 §3.1.3.7 lists the steps, in that order.
///
/// Every failure is its own ``JOSEError`` case (code `.invalidCredential`), naming the claim,
/// the expected and the received value. The clock and the key source are injected.
package struct IDTokenValidator: Sendable {
    package let issuer: String
    package let clientID: String
    package let keys: any JWKSetSource
    package let clock: Clock
    /// Allowed clock skew for `exp`, `nbf` and `iat`, in seconds (0 ... ``maximumLeeway``).
    package let leeway: TimeInterval
    /// The client secret's bytes when HS256 ID tokens are acceptable (Core §10.1); nil refuses HS256.
    package let hmacSecret: [UInt8]?
    /// A multi-tenant issuer: step (2) then checks `iss` against the template filled with the
    /// token's `tid`, and ``issuer`` is the template. Nil: `iss` must equal ``issuer`` exactly.
    package let tenantIssuer: TenantIssuer?

    /// Default clock skew allowance.
    package static let defaultLeeway: TimeInterval = 60
    /// Largest leeway honoured; more would make `exp` meaningless.
    package static let maximumLeeway: TimeInterval = 600
    /// Core §2: `sub` "MUST NOT exceed 255 ASCII characters".
    package static let maximumSubjectLength = 255
    /// Latest NumericDate accepted (9999-12-31T23:59:59Z): refuses absurd or infinite times.
    package static let latestNumericDate: TimeInterval = 253_402_300_799

    package init(
        issuer: String, clientID: String, keys: any JWKSetSource, clock: Clock,
        leeway: TimeInterval = IDTokenValidator.defaultLeeway, hmacSecret: [UInt8]? = nil, tenantIssuer: TenantIssuer? = nil
    ) {
        self.issuer = tenantIssuer?.template ?? issuer
        self.tenantIssuer = tenantIssuer
        self.clientID = clientID
        self.keys = keys
        self.clock = clock
        self.leeway = leeway.isFinite ? min(max(leeway, 0), Self.maximumLeeway) : Self.defaultLeeway
        self.hmacSecret = hmacSecret
    }

    /// Validates `compactToken`. `expectedNonce` is the nonce sent in the authorization request
    /// (nil if none was sent); `accessToken`, when known, is checked against `at_hash` (a refusal
    /// or, for a token endpoint's answer, a warning: `delivery`); `audience` replaces the client
    /// id as the expected audience (`verify --audience`).
    ///
    /// The hard checks (iss, aud, azp, signature, exp, iat, nonce, sub, and §12.2's unchanged
    /// `sub` after a refresh) throw wherever the token came from.
    package func validate(
        _ compactToken: String, expectedNonce: String?, accessToken: String?, audience: String? = nil,
        delivery: IDTokenDelivery = .frontChannel
    ) async throws -> ValidatedIDToken {
        // (1) Encrypted ID tokens (JWE) are not supported: CompactJWS refuses five segments.
        // (7) The alg is one we accept (never none) — checked while parsing the header.
        let jws = try CompactJWS(parsingUnverified: compactToken)
        let claims = jws.payload
        let issuer = try checkIssuer(claims)  // (2)
        let audience = try checkAudience(claims, expected: audience ?? clientID)  // (3)-(5)
        // (6) The signature verifies with a provider key (kid, one rotation refresh) or, (8) for
        // HS256, with the client secret; never with a key whose type or alg differs from the token's.
        let key = try await JWSVerifier(keys: keys, hmacSecret: hmacSecret).verify(jws)
        let times = try checkTimes(claims, now: clock.now())  // (9), (10)
        let nonce = try Self.checkNonce(claims, expected: expectedNonce)  // (11)
        // (12) acr and (13) auth_time are not requested by authctl; auth_time is only read.
        let authTime = claims["auth_time"] == nil ? nil : try Self.numericDate(claims, "auth_time")
        let warnings = try accessToken.map { try Self.checkAccessTokenHash(claims, accessToken: $0, delivery: delivery) } ?? []
        let subject = try Self.checkSubject(claims)  // §2
        if case .refresh(let previous) = delivery, subject != previous {  // §12.2
            throw JOSEError.subjectChanged(expected: previous, received: subject)
        }
        return ValidatedIDToken(
            header: jws.header, claims: claims, algorithm: jws.algorithm, keyID: key?.keyID ?? jws.keyID,
            issuer: issuer, subject: subject, audiences: audience.audiences, authorizedParty: audience.authorizedParty,
            expiresAt: times.expiresAt, issuedAt: times.issuedAt, nonce: nonce, authTime: authTime,
            email: claims["email"]?.stringValue, emailVerified: Self.emailVerified(claims),
            name: claims["name"]?.stringValue, picture: claims["picture"]?.stringValue, warnings: warnings
        )
    }

    // MARK: The steps of §3.1.3.7

    /// (2) `iss` exactly equals the configured issuer (no normalisation); for a multi-tenant
    /// issuer, the template with `{tenantid}` replaced by the token's `tid` (``TenantIssuer``).
    package func checkIssuer(_ claims: JSONValue) throws(JOSEError) -> String {
        if let tenantIssuer { return try tenantIssuer.check(claims).issuer }
        let iss = try Self.string(claims, "iss")
        guard iss == issuer else { throw .issuerMismatch(expected: issuer, received: iss) }
        return iss
    }

    /// (3) `aud` (a string or an array of strings) contains the expected audience; (4) several
    /// audiences need an `azp`; (5) an `azp` must be the expected audience.
    package func checkAudience(_ claims: JSONValue, expected: String) throws(JOSEError) -> (audiences: [String], authorizedParty: String?) {
        let audiences = try Self.audiences(claims)
        guard audiences.contains(expected) else { throw .audienceMismatch(expected: expected, received: audiences) }
        let azp = try Self.optionalString(claims, "azp")
        if audiences.count > 1, azp == nil { throw .missingAuthorizedParty(audiences: audiences) }
        if let azp, azp != expected { throw .authorizedPartyMismatch(expected: expected, received: azp) }
        return (audiences, azp)
    }

    /// (9) now < exp + leeway; RFC 7519 §4.1.5: now >= nbf - leeway when present; (10) iat is
    /// present and not in the future beyond the leeway.
    package func checkTimes(_ claims: JSONValue, now: Date) throws(JOSEError) -> (expiresAt: Date, issuedAt: Date) {
        let exp = try Self.numericDate(claims, "exp")
        guard now < exp.addingTimeInterval(leeway) else { throw .expired(expiresAt: exp, now: now, leeway: leeway) }
        if claims["nbf"] != nil {
            let nbf = try Self.numericDate(claims, "nbf")
            guard now >= nbf.addingTimeInterval(-leeway) else { throw .notYetValid(notBefore: nbf, now: now, leeway: leeway) }
        }
        let iat = try Self.numericDate(claims, "iat")
        guard iat <= now.addingTimeInterval(leeway) else { throw .issuedInFuture(issuedAt: iat, now: now, leeway: leeway) }
        return (exp, iat)
    }

    /// (11) The nonce is the one sent, compared in constant time. A token may carry a nonce we did
    /// not ask for.
    static func checkNonce(_ claims: JSONValue, expected: String?) throws(JOSEError) -> String? {
        let nonce = try optionalString(claims, "nonce")
        guard let expected else { return nonce }
        guard let nonce else { throw .missingNonce }
        guard ConstantTime.equals(Array(nonce.utf8), Array(expected.utf8)) else {
            throw .nonceMismatch(expectedPrefix: JOSEError.prefix(expected), receivedPrefix: JOSEError.prefix(nonce))
        }
        return nonce
    }

    /// §3.2.2.9: `at_hash`, when present, is the left half of SHA-256 of the access token; a
    /// mismatch refuses a front-channel token. §3.1.3.8: from the token endpoint the client MAY
    /// check it, so there a mismatch is returned as a warning (a provider that answers a retried
    /// refresh with the earlier tokens and a newly minted ID token sends exactly that). A
    /// malformed `at_hash` is refused either way.
    static func checkAccessTokenHash(
        _ claims: JSONValue, accessToken: String, delivery: IDTokenDelivery = .frontChannel
    ) throws(JOSEError) -> [JOSEError] {
        guard let received = try optionalString(claims, "at_hash") else { return [] }
        let expected = OIDCTokenHash.leftHalfSHA256(accessToken)
        guard ConstantTime.equals(Array(received.utf8), Array(expected.utf8)) else {
            let mismatch = JOSEError.accessTokenHashMismatch(expected: expected, received: received)
            guard delivery.accessTokenHashBinds else { return [mismatch] }
            throw mismatch
        }
        return []
    }

    /// §2: `sub` is a locally unique identifier of at most 255 ASCII characters.
    package static func checkSubject(_ claims: JSONValue) throws(JOSEError) -> String {
        let sub = try string(claims, "sub")
        guard !sub.isEmpty else { throw .invalidSubject(reason: "it is empty") }
        guard sub.unicodeScalars.allSatisfy(\.isASCII) else { throw .invalidSubject(reason: "it is not ASCII") }
        guard sub.utf8.count <= maximumSubjectLength else {
            throw .invalidSubject(reason: "it is \(sub.utf8.count) characters; at most \(maximumSubjectLength) are allowed")
        }
        return sub
    }

    /// `email_verified` as a boolean; some providers send the string "true".
    static func emailVerified(_ claims: JSONValue) -> Bool? {
        switch claims["email_verified"] {
        case .bool(let value): value
        case .string("true"): true
        case .string("false"): false
        default: nil
        }
    }

    // MARK: Claim readers

    /// The claim `name` if present; it must then be a string.
    private static func optionalString(_ claims: JSONValue, _ name: String) throws(JOSEError) -> String? {
        guard let member = claims[name] else { return nil }
        guard let text = member.stringValue else { throw .invalidClaim(name: name, reason: "it is not a string") }
        return text
    }

    private static func string(_ claims: JSONValue, _ name: String) throws(JOSEError) -> String {
        guard let member = claims[name] else { throw .missingClaim(name) }
        guard let text = member.stringValue else { throw .invalidClaim(name: name, reason: "it is not a string") }
        return text
    }

    private static func audiences(_ claims: JSONValue) throws(JOSEError) -> [String] {
        guard let member = claims["aud"] else { throw .missingClaim("aud") }
        if let single = member.stringValue { return [single] }
        guard let list = member.arrayValue, !list.isEmpty else {
            throw .invalidClaim(name: "aud", reason: "it is neither a string nor a non-empty array of strings")
        }
        let strings = list.compactMap(\.stringValue)
        guard strings.count == list.count else { throw .invalidClaim(name: "aud", reason: "it contains a value that is not a string") }
        return strings
    }

    /// RFC 7519 §2 NumericDate: seconds since the epoch, finite, between 0 and the year 9999.
    private static func numericDate(_ claims: JSONValue, _ name: String) throws(JOSEError) -> Date {
        guard let member = claims[name] else { throw .missingClaim(name) }
        guard let seconds = member.numberValue else { throw .invalidClaim(name: name, reason: "it is not a number") }
        guard seconds.isFinite, seconds >= 0, seconds <= latestNumericDate else {
            throw .invalidClaim(name: name, reason: "\(seconds) is not a time between 1970 and 9999")
        }
        return Date(timeIntervalSince1970: seconds)
    }
}

/// The `at_hash` / `c_hash` rule (OpenID Connect Core §3.1.3.6, §3.3.2.11).
package enum OIDCTokenHash {
    /// base64url of the left-most half of SHA-256 over the ASCII value (for RS256, PS256, ES256, HS256).
    package static func leftHalfSHA256(_ value: String) -> String {
        Base64URL.encode(SHA256.hash(Array(value.utf8)).prefix(SHA256.digestByteCount / 2))
    }
}
