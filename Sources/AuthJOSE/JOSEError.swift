import AuthPlatform

/// Why a JOSE object (base64url text, JWK, JWK set, compact JWS, ID token) was refused.
///
/// Token and claim failures are `.invalidCredential` (exit 10); a key set that cannot be fetched
/// or read is `.providerError` (exit 9); a local setting that cannot work is `.configurationError`.
/// Messages name the claim, the expected and the received value, but never print a token, a
/// secret, or more than a short prefix of a nonce.
package enum JOSEError: AuthCoreError, Equatable {
    // MARK: Encoding and structure

    /// A base64url field is not canonical unpadded base64url (RFC 7515 §2, RFC 4648 §5).
    case invalidBase64URL(field: String)
    /// The token is longer than ``CompactJWS/maximumTokenBytes``.
    case tokenTooLarge(byteCount: Int, limit: Int)
    /// Not a compact JWS: wrong segment count, a header or payload that is not a JSON object, ...
    case malformedToken(reason: String)
    /// RFC 7515 §4.1.11: the header lists extensions in `crit` that we do not understand.
    case unsupportedCriticalHeader([String])
    /// A header parameter we refuse (RFC 7797 `b64: false`).
    case unsupportedHeader(name: String)

    // MARK: Algorithm and key selection

    /// `alg: none` (RFC 7518 §3.6): an unsecured token is never accepted.
    case unsecuredToken
    /// The token's `alg` is not one of ``JWSAlgorithm``.
    case unsupportedAlgorithm(String)
    /// HS256 arrived but no client secret is configured (OpenID Connect Core §10.1).
    case hmacNotConfigured
    /// The configured HS256 secret is shorter than RFC 7518 §3.2 requires.
    case hmacSecretTooShort(byteCount: Int, minimum: Int)
    /// No key in the provider's set has the token's `kid` (also after one refresh) or fits `alg`.
    case noMatchingKey(kid: String?, algorithm: String)
    /// The token has no `kid` and several keys fit its `alg`, so none may be chosen.
    case ambiguousKey(algorithm: String, candidates: Int)
    /// The key named by `kid` is of another type, or states another `alg`, than the token's `alg`.
    case keyAlgorithmMismatch(kid: String?, keyType: String, keyAlgorithm: String?, tokenAlgorithm: String)
    /// The signature does not verify.
    case invalidSignature(kid: String?, algorithm: String)

    // MARK: Keys

    /// One JWK cannot be used (RFC 7517/7518); in a set the key is skipped, not fatal.
    case unusableKey(kid: String?, reason: String)
    /// The JWK set is not a JSON object with a `keys` array, or is too large (RFC 7517 §5).
    case invalidKeySet(source: String, reason: String)
    /// The `jwks_uri` could not be fetched.
    case keySetUnavailable(url: String, reason: String)

    // MARK: ID token claims (OpenID Connect Core 1.0 §3.1.3.7)

    /// A required claim is absent.
    case missingClaim(String)
    /// A claim has the wrong JSON type or an impossible value.
    case invalidClaim(name: String, reason: String)
    /// Rule 2: `iss` differs from the configured issuer.
    case issuerMismatch(expected: String, received: String)
    /// Rule 2 for a multi-tenant issuer (``TenantIssuer``): `tid` is not the one tenant accepted.
    case tenantMismatch(expected: String, received: String)
    /// Rule 3: `aud` does not contain the client id.
    case audienceMismatch(expected: String, received: [String])
    /// Rule 4: several audiences but no `azp`.
    case missingAuthorizedParty(audiences: [String])
    /// Rule 5: `azp` is not the client id.
    case authorizedPartyMismatch(expected: String, received: String)
    /// Rule 9: `exp` has passed (beyond the leeway).
    case expired(expiresAt: Date, now: Date, leeway: TimeInterval)
    /// RFC 7519 §4.1.5: `nbf` is still in the future (beyond the leeway).
    case notYetValid(notBefore: Date, now: Date, leeway: TimeInterval)
    /// Rule 10: `iat` is in the future (beyond the leeway).
    case issuedInFuture(issuedAt: Date, now: Date, leeway: TimeInterval)
    /// Rule 11: a nonce was sent but the token carries none.
    case missingNonce
    /// Rule 11: the token's nonce is not the one sent; only short prefixes are kept.
    case nonceMismatch(expectedPrefix: String, receivedPrefix: String)
    /// §3.1.3.8 / §3.2.2.9: `at_hash` does not match the access token.
    case accessTokenHashMismatch(expected: String, received: String)
    /// §2: `sub` is empty, too long, or not ASCII.
    case invalidSubject(reason: String)
    /// §12.2: a refreshed ID token's `sub` is not the session's (nil: the session names none).
    case subjectChanged(expected: String?, received: String)

    package var code: ErrorCode {
        switch self {
        case .invalidKeySet, .keySetUnavailable: .providerError
        case .hmacSecretTooShort: .configurationError
        case .invalidBase64URL, .tokenTooLarge, .malformedToken, .unsupportedCriticalHeader, .unsupportedHeader, .unsecuredToken,
            .unsupportedAlgorithm, .hmacNotConfigured, .noMatchingKey, .ambiguousKey, .keyAlgorithmMismatch, .invalidSignature,
            .unusableKey, .missingClaim, .invalidClaim, .issuerMismatch, .tenantMismatch, .audienceMismatch, .missingAuthorizedParty,
            .authorizedPartyMismatch, .expired, .notYetValid, .issuedInFuture, .missingNonce, .nonceMismatch,
            .accessTokenHashMismatch, .invalidSubject, .subjectChanged:
            .invalidCredential
        }
    }

    package var message: String {
        switch self {
        case .invalidBase64URL(let field):
            "the \(field) is not valid unpadded base64url (RFC 7515 §2)"
        case .tokenTooLarge(let count, let limit):
            "the token is \(count) bytes; at most \(limit) are accepted"
        case .malformedToken(let reason):
            "the token is not a compact JWS: \(reason)"
        case .unsupportedCriticalHeader(let names):
            "the token's header marks extensions as critical that authctl does not support (crit: \(names.joined(separator: ", "))) (RFC 7515 §4.1.11)"
        case .unsupportedHeader(let name):
            "the token's header parameter '\(name)' is not supported"
        case .unsecuredToken:
            "the token is unsigned (alg 'none'), which is never accepted"
        case .unsupportedAlgorithm(let alg):
            "the token's alg '\(alg)' is not accepted (accepted: \(JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .hmacNotConfigured:
            "the token is signed with HS256, which is accepted only when a client secret is configured"
        case .hmacSecretTooShort(let count, let minimum):
            "the client secret is \(count) bytes; HS256 needs at least \(minimum) (RFC 7518 §3.2)"
        case .noMatchingKey(let kid, let alg):
            kid.map { "the provider's key set has no \(alg) key with kid '\(JOSEError.short($0, 64))', even after a refresh" }
                ?? "the provider's key set has no key for \(alg), and the token names no kid"
        case .ambiguousKey(let alg, let candidates):
            "the token names no kid and the provider's key set has \(candidates) keys for \(alg); refusing to guess"
        case .keyAlgorithmMismatch(let kid, let keyType, let keyAlgorithm, let tokenAlgorithm):
            "the key " + (kid.map { "'\(JOSEError.short($0, 64))' " } ?? "")
                + "is a \(keyType) key" + (keyAlgorithm.map { " for \($0)" } ?? "")
                + " and cannot verify a \(tokenAlgorithm) signature (algorithm confusion refused)"
        case .invalidSignature(let kid, let alg):
            "the token's \(alg) signature does not verify" + (kid.map { " with key '\(JOSEError.short($0, 64))'" } ?? "")
        case .unusableKey(let kid, let reason):
            "the key " + (kid.map { "'\(JOSEError.short($0, 64))' " } ?? "") + "cannot be used: \(reason)"
        case .invalidKeySet(let source, let reason):
            "the key set from \(source) is unusable: \(reason)"
        case .keySetUnavailable(let url, let reason):
            "cannot fetch the provider's keys from \(url): \(reason)"
        case .missingClaim(let name):
            "the ID token has no '\(name)' claim"
        case .invalidClaim(let name, let reason):
            "the ID token's '\(name)' claim is invalid: \(reason)"
        case .issuerMismatch(let expected, let received):
            "the ID token's iss is '\(JOSEError.short(received, 200))', expected exactly '\(expected)'"
        case .tenantMismatch(let expected, let received):
            "the ID token's tid is '\(JOSEError.short(received, 64))', but this provider accepts only tenant '\(expected)'"
        case .audienceMismatch(let expected, let received):
            "the ID token's aud is [\(received.map { JOSEError.short($0, 100) }.joined(separator: ", "))], which does not contain '\(expected)'"
        case .missingAuthorizedParty(let audiences):
            "the ID token has \(audiences.count) audiences but no azp claim (OpenID Connect Core §3.1.3.7 rule 4)"
        case .authorizedPartyMismatch(let expected, let received):
            "the ID token's azp is '\(JOSEError.short(received, 100))', expected '\(expected)'"
        case .expired(let expiresAt, let now, let leeway):
            "the ID token expired: exp is \(JOSEError.format(expiresAt)), now is \(JOSEError.format(now)) (leeway \(Int(leeway)) s)"
        case .notYetValid(let notBefore, let now, let leeway):
            "the ID token is not valid yet: nbf is \(JOSEError.format(notBefore)), now is \(JOSEError.format(now)) (leeway \(Int(leeway)) s)"
        case .issuedInFuture(let issuedAt, let now, let leeway):
            "the ID token was issued in the future: iat is \(JOSEError.format(issuedAt)), now is \(JOSEError.format(now)) (leeway \(Int(leeway)) s); check the clock"
        case .missingNonce:
            "the ID token has no nonce, but one was sent with the request"
        case .nonceMismatch(let expected, let received):
            "the ID token's nonce '\(received)…' is not the one sent ('\(expected)…'): the token was not issued for this sign-in"
        case .accessTokenHashMismatch(let expected, let received):
            "the ID token's at_hash is '\(JOSEError.short(received, 64))', but the access token hashes to '\(expected)'"
        case .invalidSubject(let reason):
            "the ID token's sub is invalid: \(reason)"
        case .subjectChanged(let expected, let received):
            "the refreshed ID token is for sub '\(JOSEError.short(received, 100))', but the session's is "
                + (expected.map { "'\(JOSEError.short($0, 100))'" } ?? "unknown") + " (OpenID Connect Core §12.2: it must not change)"
        }
    }

    /// At most `limit` characters of `text`, marked when cut.
    static func short(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }

    /// The first few characters of a value that should not be printed whole (a nonce).
    static func prefix(_ text: String) -> String {
        String(text.prefix(4))
    }

    static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "\(seconds)" }
        return date.formatted(.iso8601) + " (\(Int64(seconds.rounded(.down))))"
    }
}
