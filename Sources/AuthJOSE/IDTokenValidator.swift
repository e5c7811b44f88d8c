import AuthCrypto
import Foundation
import AuthPlatform

/// An ID token that passed every check of ``IDTokenValidator``.
public struct ValidatedIDToken: Sendable, Equatable {
    /// The protected header (a JSON object).
    public let header: JSONValue
    /// The payload (a JSON object): every claim, including ones not modelled below.
    public let claims: JSONValue
    public let algorithm: JWSAlgorithm
    /// The `kid` of the key that verified the signature (nil for HS256 or a key without one).
    public let keyID: String?
    public let issuer: String
    public let subject: String
    public let audiences: [String]
    public let authorizedParty: String?
    public let expiresAt: Date
    public let issuedAt: Date
    public let nonce: String?
    public let authTime: Date?
    public let email: String?
    /// `email_verified` as a boolean (some providers send the string "true").
    public let emailVerified: Bool?
    public let name: String?
    public let picture: String?
}

/// Validates an ID token as OpenID Connect Core 1.0 §3.1.3.7 lists the steps, in that order.
///
/// Every failure is its own ``JOSEError`` case (code `.invalidCredential`), naming the claim,
/// the expected and the received value. The clock and the key source are injected.
public struct IDTokenValidator: Sendable {
    public let issuer: String
    public let clientID: String
    public let keys: any JWKSetSource
    public let clock: Clock
    /// Allowed clock skew for `exp`, `nbf` and `iat`, in seconds (0 ... ``maximumLeeway``).
    public let leeway: TimeInterval
    /// The client secret's bytes when HS256 ID tokens are acceptable (Core §10.1); nil refuses HS256.
    public let hmacSecret: [UInt8]?

    /// Default clock skew allowance.
    public static let defaultLeeway: TimeInterval = 60
    /// Largest leeway honoured; more would make `exp` meaningless.
    public static let maximumLeeway: TimeInterval = 600
    /// Core §2: `sub` "MUST NOT exceed 255 ASCII characters".
    public static let maximumSubjectLength = 255
    /// Latest NumericDate accepted (9999-12-31T23:59:59Z): refuses absurd or infinite times.
    public static let latestNumericDate: TimeInterval = 253_402_300_799

    public init(
        issuer: String, clientID: String, keys: any JWKSetSource, clock: Clock,
        leeway: TimeInterval = IDTokenValidator.defaultLeeway, hmacSecret: [UInt8]? = nil
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.keys = keys
        self.clock = clock
        self.leeway = leeway.isFinite ? min(max(leeway, 0), Self.maximumLeeway) : Self.defaultLeeway
        self.hmacSecret = hmacSecret
    }

    /// Validates `compactToken`. `expectedNonce` is the nonce sent in the authorization request
    /// (nil if none was sent); `accessToken`, when known, is checked against `at_hash`;
    /// `audience` replaces the client id as the expected audience (`verify --audience`).
    public func validate(
        _ compactToken: String, expectedNonce: String?, accessToken: String?, audience: String? = nil
    ) async throws -> ValidatedIDToken {
        let expectedAudience = audience ?? clientID
        // (1) Encrypted ID tokens (JWE) are not supported: CompactJWS refuses five segments.
        // (7) The alg is one we accept (never none) — checked while parsing the header.
        let jws = try CompactJWS(parsingUnverified: compactToken)
        let claims = jws.payload

        // (2) iss exactly equals the configured issuer (no normalisation).
        let iss = try Self.string(claims, "iss")
        guard iss == issuer else { throw JOSEError.issuerMismatch(expected: issuer, received: iss) }

        // (3) aud (a string or an array of strings) contains our client id.
        let audiences = try Self.audiences(claims)
        guard audiences.contains(expectedAudience) else {
            throw JOSEError.audienceMismatch(expected: expectedAudience, received: audiences)
        }

        // (4) Several audiences need an azp.
        var azp: String?
        if let member = claims["azp"] {
            guard let text = member.stringValue else { throw JOSEError.invalidClaim(name: "azp", reason: "it is not a string") }
            azp = text
        }
        if audiences.count > 1, azp == nil { throw JOSEError.missingAuthorizedParty(audiences: audiences) }
        // (5) An azp must be our client id.
        if let azp, azp != expectedAudience { throw JOSEError.authorizedPartyMismatch(expected: expectedAudience, received: azp) }

        // (6) The signature verifies with a provider key (kid, one rotation refresh) or, (8) for
        // HS256, with the client secret; never with a key whose type or alg differs from the token's.
        let key = try await JWSVerifier(keys: keys, hmacSecret: hmacSecret).verify(jws)

        let now = clock.now()
        // (9) now < exp + leeway.
        let exp = try Self.numericDate(claims, "exp")
        guard now < exp.addingTimeInterval(leeway) else { throw JOSEError.expired(expiresAt: exp, now: now, leeway: leeway) }
        // (9a) RFC 7519 §4.1.5: if nbf is present, now >= nbf - leeway.
        if claims["nbf"] != nil {
            let nbf = try Self.numericDate(claims, "nbf")
            guard now >= nbf.addingTimeInterval(-leeway) else { throw JOSEError.notYetValid(notBefore: nbf, now: now, leeway: leeway) }
        }
        // (10) iat is present and not in the future beyond the leeway.
        let iat = try Self.numericDate(claims, "iat")
        guard iat <= now.addingTimeInterval(leeway) else { throw JOSEError.issuedInFuture(issuedAt: iat, now: now, leeway: leeway) }

        // (11) The nonce is the one sent (constant-time). A token may carry a nonce we did not ask for.
        var nonce: String?
        if let member = claims["nonce"] {
            guard let text = member.stringValue else { throw JOSEError.invalidClaim(name: "nonce", reason: "it is not a string") }
            nonce = text
        }
        if let expectedNonce {
            guard let nonce else { throw JOSEError.missingNonce }
            guard ConstantTime.equals(Array(nonce.utf8), Array(expectedNonce.utf8)) else {
                throw JOSEError.nonceMismatch(expectedPrefix: JOSEError.prefix(expectedNonce), receivedPrefix: JOSEError.prefix(nonce))
            }
        }

        // (12) acr and (13) auth_time are not requested by authctl; auth_time is only read.
        var authTime: Date?
        if claims["auth_time"] != nil { authTime = try Self.numericDate(claims, "auth_time") }

        // §3.1.3.8 / §3.2.2.9: at_hash, when present and the access token is known.
        if let member = claims["at_hash"], let accessToken {
            guard let received = member.stringValue else { throw JOSEError.invalidClaim(name: "at_hash", reason: "it is not a string") }
            let expected = OIDCTokenHash.leftHalfSHA256(accessToken)
            guard ConstantTime.equals(Array(received.utf8), Array(expected.utf8)) else {
                throw JOSEError.accessTokenHashMismatch(expected: expected, received: received)
            }
        }

        // §2: sub is a locally unique identifier of at most 255 ASCII characters.
        let sub = try Self.string(claims, "sub")
        guard !sub.isEmpty else { throw JOSEError.invalidSubject(reason: "it is empty") }
        guard sub.unicodeScalars.allSatisfy(\.isASCII) else { throw JOSEError.invalidSubject(reason: "it is not ASCII") }
        guard sub.utf8.count <= Self.maximumSubjectLength else {
            throw JOSEError.invalidSubject(reason: "it is \(sub.utf8.count) characters; at most \(Self.maximumSubjectLength) are allowed")
        }

        let emailVerified: Bool? = switch claims["email_verified"] {
        case .bool(let value): value
        case .string("true"): true
        case .string("false"): false
        default: nil
        }
        return ValidatedIDToken(
            header: jws.header, claims: claims, algorithm: jws.algorithm, keyID: key?.keyID ?? jws.keyID,
            issuer: iss, subject: sub, audiences: audiences, authorizedParty: azp, expiresAt: exp, issuedAt: iat,
            nonce: nonce, authTime: authTime, email: claims["email"]?.stringValue, emailVerified: emailVerified,
            name: claims["name"]?.stringValue, picture: claims["picture"]?.stringValue
        )
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
public enum OIDCTokenHash {
    /// base64url of the left-most half of SHA-256 over the ASCII value (for RS256, PS256, ES256, HS256).
    public static func leftHalfSHA256(_ value: String) -> String {
        Base64URL.encode(SHA256.hash(Array(value.utf8)).prefix(SHA256.digestByteCount / 2))
    }
}
