import AuthCrypto
import AuthPlatform

/// A JWS in compact serialization (RFC 7515 §7.1), taken apart but NOT verified.
///
/// Parsing is pure and bounded: at most ``maximumTokenBytes``, exactly three segments, strict
/// base64url, a header and a payload that are JSON objects, a known `alg` (never `none`), and no
/// `crit` extension (we understand none, RFC 7515 §4.1.11). Key-carrying headers (`jwk`, `jku`,
/// `x5u`, `x5c`) are ignored: keys come only from the provider's `jwks_uri` or the client secret.
/// Use ``JWSVerifier`` or ``IDTokenValidator`` before trusting anything in it.
package struct CompactJWS: Sendable, Equatable {
    /// Largest token accepted; real ID tokens are 1-4 KiB.
    package static let maximumTokenBytes = 64 * 1024

    /// The protected header, a JSON object.
    package let header: JSONValue
    /// The payload, a JSON object (a JWT claims set, RFC 7519 §7.2 step 10).
    package let payload: JSONValue
    /// `alg` (RFC 7515 §4.1.1).
    package let algorithm: JWSAlgorithm
    /// `kid` (RFC 7515 §4.1.4).
    package let keyID: String?
    /// ASCII(BASE64URL(header) ‖ '.' ‖ BASE64URL(payload)), what the signature covers (RFC 7515 §5.1).
    package let signingInput: [UInt8]
    /// The decoded signature.
    package let signature: [UInt8]

    /// Takes `token` apart without verifying it; throws a ``JOSEError`` for anything malformed.
    package init(parsingUnverified token: String) throws(JOSEError) {
        let bytes = Array(token.utf8)
        guard bytes.count <= Self.maximumTokenBytes else {
            throw .tokenTooLarge(byteCount: bytes.count, limit: Self.maximumTokenBytes)
        }
        let segments = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard segments.count == 3 else {
            throw .malformedToken(reason: segments.count == 5
                ? "it has five segments (an encrypted JWE), which is not supported"
                : "it has \(segments.count) segments, not 3")
        }
        let header = try Self.decodeObject(Array(segments[0]), field: "header")

        // RFC 7515 §4.1.1: alg is required; RFC 7518 §3.6 none is refused here, before anything else.
        guard let alg = header["alg"] else { throw .malformedToken(reason: "the header has no alg") }
        guard let algName = alg.stringValue else { throw .malformedToken(reason: "the header's alg is not a string") }
        algorithm = try JWSAlgorithm.named(algName)

        // RFC 7515 §4.1.11: crit is a non-empty array of strings; we implement no extension.
        if let crit = header["crit"] {
            guard let list = crit.arrayValue, !list.isEmpty, list.allSatisfy({ $0.stringValue != nil }) else {
                throw .malformedToken(reason: "the header's crit is not a non-empty array of strings")
            }
            throw .unsupportedCriticalHeader(list.compactMap { $0.stringValue.map { JOSEError.short($0, 40) } })
        }
        // RFC 7797 §3: an unencoded payload (b64: false) is not supported.
        if let b64 = header["b64"], b64 != .bool(true) { throw .unsupportedHeader(name: "b64") }

        if let kid = header["kid"] {
            guard let text = kid.stringValue else { throw .malformedToken(reason: "the header's kid is not a string") }
            keyID = text
        } else {
            keyID = nil
        }
        self.header = header
        payload = try Self.decodeObject(Array(segments[1]), field: "payload")
        guard let signature = Base64URL.decode(bytes: Array(segments[2])) else { throw .invalidBase64URL(field: "signature") }
        self.signature = signature
        signingInput = Array(bytes[0..<(segments[0].count + 1 + segments[1].count)])
    }

    private static func decodeObject(_ segment: [UInt8], field: String) throws(JOSEError) -> JSONValue {
        guard let decoded = Base64URL.decode(bytes: segment) else { throw .invalidBase64URL(field: field) }
        let value: JSONValue
        do {
            value = try JSONValue.parse(decoded)
        } catch {
            throw .malformedToken(reason: "the \(field) is not JSON (\(error))")
        }
        guard value.objectValue != nil else { throw .malformedToken(reason: "the \(field) is not a JSON object") }
        return value
    }
}

/// Verifies a ``CompactJWS`` signature with the provider's keys (or the client secret for HS256).
///
/// Keys are chosen by ``JWKSet/select(algorithm:keyID:)``; a `kid` the set does not know causes
/// exactly one (rate-limited) refresh of the set, for key rotation.
package struct JWSVerifier: Sendable {
    package let keys: any JWKSetSource
    /// The HS256 key (the client secret's bytes), or nil to refuse HS256.
    package let hmacSecret: [UInt8]?

    package init(keys: any JWKSetSource, hmacSecret: [UInt8]? = nil) {
        self.keys = keys
        self.hmacSecret = hmacSecret
    }

    /// The key that verified `jws` (nil for HS256), or a ``JOSEError`` (or the key source's error).
    @discardableResult
    package func verify(_ jws: CompactJWS) async throws -> JWK? {
        if jws.algorithm == .hs256 {
            // OpenID Connect Core §10.1: the MAC key is the client secret, never a key-set key, so
            // an RSA public key can never be turned into an HMAC secret (algorithm confusion).
            guard let secret = hmacSecret else { throw JOSEError.hmacNotConfigured }
            guard secret.count >= JWSAlgorithm.minimumHMACKeyBytes else {
                throw JOSEError.hmacSecretTooShort(byteCount: secret.count, minimum: JWSAlgorithm.minimumHMACKeyBytes)
            }
            guard HMACSHA256.isValidAuthenticationCode(jws.signature, for: jws.signingInput, key: secret) else {
                throw JOSEError.invalidSignature(kid: jws.keyID, algorithm: jws.algorithm.rawValue)
            }
            return nil
        }
        var set = try await keys.keySet(.cached)
        var selection = set.select(algorithm: jws.algorithm, keyID: jws.keyID)
        switch selection {
        case .unknownKeyID, .noKeyForAlgorithm:
            // Rotation: the provider may have published a new key since the set was cached.
            set = try await keys.keySet(.refreshBecauseOfUnknownKey(kid: jws.keyID))
            selection = set.select(algorithm: jws.algorithm, keyID: jws.keyID)
        default:
            break
        }
        switch selection {
        case .found(let candidates):
            for key in candidates where key.isValidSignature(jws.signature, for: jws.signingInput, algorithm: jws.algorithm) {
                return key
            }
            throw JOSEError.invalidSignature(kid: jws.keyID, algorithm: jws.algorithm.rawValue)
        case .unknownKeyID, .noKeyForAlgorithm:
            throw JOSEError.noMatchingKey(kid: jws.keyID, algorithm: jws.algorithm.rawValue)
        case .ambiguous(let count):
            throw JOSEError.ambiguousKey(algorithm: jws.algorithm.rawValue, candidates: count)
        case .mismatch(let key):
            throw JOSEError.keyAlgorithmMismatch(
                kid: key.keyID, keyType: key.keyType, keyAlgorithm: key.algorithm?.rawValue, tokenAlgorithm: jws.algorithm.rawValue
            )
        }
    }
}
