import AuthCrypto
import AuthPlatform

/// A public signature-verification key from a provider's JWK set (RFC 7517, RFC 7518 §6).
///
/// Only keys authctl can verify with exist as values: RSA of 2048-4096 bits (RS256, PS256) and
/// EC P-256 (ES256). Everything else fails ``parse(_:)`` with ``JOSEError/unusableKey(kid:reason:)``,
/// which a ``JWKSet`` records as skipped instead of failing the whole set.
package struct JWK: Sendable, Equatable {
    /// The verification key itself.
    package enum PublicKey: Sendable, Equatable {
        case rsa(RSAPublicKey)
        case p256(P256PublicKey)
    }

    package let publicKey: PublicKey
    /// `kid` (RFC 7517 §4.5).
    package let keyID: String?
    /// `alg` (RFC 7517 §4.4), when the key is bound to one algorithm.
    package let algorithm: JWSAlgorithm?
    /// `use` (RFC 7517 §4.2); if present it is `sig`.
    package let use: String?
    /// `key_ops` (RFC 7517 §4.3); if present it contains `verify`.
    package let keyOperations: [String]?
    /// The RFC 7638 SHA-256 thumbprint, base64url.
    package let thumbprint: String

    /// `RSA` or `EC` (RFC 7518 §6.1).
    package var keyType: String {
        switch publicKey {
        case .rsa: "RSA"
        case .p256: "EC"
        }
    }

    /// RFC 7518 §6.2.1.2: a P-256 coordinate is exactly 32 octets.
    package static let p256CoordinateBytes = 32
    /// Members that only a private key has (RFC 7518 §6.2.2, §6.3.2); a published key must not carry them.
    package static let privateMembers = ["d", "p", "q", "dp", "dq", "qi", "oth"]

    /// The key types of RFC 7518 §6.1 and RFC 8037 §2, named so that every switch over them is
    /// exhaustive: a type authctl cannot verify with is refused by name, not by a `default:`.
    package enum KeyType: String, Sendable, CaseIterable {
        case rsa = "RSA"
        case ellipticCurve = "EC"
        case octetSequence = "oct"
        case octetKeyPair = "OKP"
    }

    /// Parses one JWK object; throws ``JOSEError/unusableKey(kid:reason:)`` for anything that cannot verify.
    package static func parse(_ value: JSONValue) throws(JOSEError) -> JWK {
        guard let members = value.objectValue else { throw .unusableKey(kid: nil, reason: "not a JSON object") }
        let kid = try keyID(members)
        func refuse(_ reason: String) -> JOSEError { .unusableKey(kid: kid, reason: reason) }
        guard let kty = members["kty"]?.stringValue else { throw refuse("kty is missing or not a string") }
        if let leaked = privateMembers.first(where: { members[$0] != nil }) {
            throw refuse("it carries private key material ('\(leaked)'); a provider must publish public keys only")
        }
        let use = try publicKeyUse(members, refuse)
        let operations = try keyOperations(members, refuse)
        let algorithm = try statedAlgorithm(members, refuse)
        guard let type = KeyType(rawValue: kty) else { throw refuse("key type '\(kty)' is not supported") }
        let key = JWK(
            publicKey: try publicKey(type, members, kid: kid, refuse), keyID: kid, algorithm: algorithm, use: use,
            keyOperations: operations, thumbprint: try thumbprint(of: value)
        )
        if let algorithm, !key.fits(algorithm) {
            throw refuse("its alg \(algorithm.rawValue) does not fit a \(kty) key")
        }
        return key
    }

    // MARK: The members of RFC 7517 §4

    /// `kid` (§4.5), if present; it must be a string.
    private static func keyID(_ members: [String: JSONValue]) throws(JOSEError) -> String? {
        guard let member = members["kid"] else { return nil }
        guard let text = member.stringValue else { throw .unusableKey(kid: nil, reason: "kid is not a string") }
        return text
    }

    /// `use` (§4.2): a key published for encryption must not verify signatures.
    private static func publicKeyUse(_ members: [String: JSONValue], _ refuse: (String) -> JOSEError) throws(JOSEError) -> String? {
        guard let member = members["use"] else { return nil }
        guard let text = member.stringValue else { throw refuse("use is not a string") }
        guard text == "sig" else { throw refuse("use is '\(text)', not 'sig'") }
        return text
    }

    /// `key_ops` (§4.3): if present, a set of strings that allows "verify".
    private static func keyOperations(_ members: [String: JSONValue], _ refuse: (String) -> JOSEError) throws(JOSEError) -> [String]? {
        guard let member = members["key_ops"] else { return nil }
        guard let list = member.arrayValue?.compactMap(\.stringValue), list.count == member.arrayValue?.count else {
            throw refuse("key_ops is not an array of strings")
        }
        guard Set(list).count == list.count else { throw refuse("key_ops repeats a value") }
        guard list.contains("verify") else { throw refuse("key_ops [\(list.joined(separator: ", "))] does not allow 'verify'") }
        return list
    }

    /// `alg` (§4.4), when the key is bound to one algorithm authctl knows.
    private static func statedAlgorithm(_ members: [String: JSONValue], _ refuse: (String) -> JOSEError) throws(JOSEError) -> JWSAlgorithm? {
        guard let member = members["alg"] else { return nil }
        guard let text = member.stringValue else { throw refuse("alg is not a string") }
        guard let known = JWSAlgorithm(rawValue: text) else { throw refuse("its alg '\(text)' is not supported") }
        return known
    }

    /// The verification key of a `type` key (RFC 7518 §6.3.1 RSA, §6.2.1 EC on P-256 only).
    private static func publicKey(
        _ type: KeyType, _ members: [String: JSONValue], kid: String?, _ refuse: (String) -> JOSEError
    ) throws(JOSEError) -> PublicKey {
        switch type {
        case .rsa:
            let n = try bytes(members, "n", kid: kid)
            let e = try bytes(members, "e", kid: kid)
            do {
                return .rsa(try RSAPublicKey(modulus: n, exponent: e))
            } catch {
                throw refuse(error.description)
            }
        case .ellipticCurve:
            guard let crv = members["crv"]?.stringValue else { throw refuse("crv is missing or not a string") }
            guard crv == "P-256" else { throw refuse("curve '\(crv)' is not supported (only P-256)") }
            let x = try bytes(members, "x", kid: kid)
            let y = try bytes(members, "y", kid: kid)
            guard x.count == p256CoordinateBytes, y.count == p256CoordinateBytes else {
                throw refuse("P-256 coordinates must be exactly 32 bytes (RFC 7518 §6.2.1.2)")
            }
            do {
                return .p256(try P256PublicKey(x: x, y: y))
            } catch {
                throw refuse(error.description)
            }
        case .octetSequence:
            throw refuse("symmetric (oct) keys are never taken from a key set; HS256 uses the configured client secret")
        case .octetKeyPair:
            throw refuse("key type '\(type.rawValue)' is not supported")
        }
    }

    /// Parses one JWK from JSON text.
    package static func parse<Bytes: Collection<UInt8>>(json: Bytes) throws(JOSEError) -> JWK {
        do {
            return try parse(try JSONValue.parse(json))
        } catch let error as JOSEError {
            throw error
        } catch {
            throw .unusableKey(kid: nil, reason: "not JSON")
        }
    }

    /// The RFC 7638 thumbprint: base64url(SHA-256) of the required members in lexicographic order
    /// without white space. Works for RSA, EC, OKP (RFC 8037 §2) and oct keys, usable or not.
    package static func thumbprint(of value: JSONValue) throws(JOSEError) -> String {
        let kid = value["kid"]?.stringValue
        guard let kty = value["kty"]?.stringValue else { throw .unusableKey(kid: kid, reason: "kty is missing or not a string") }
        guard let type = KeyType(rawValue: kty) else {
            throw .unusableKey(kid: kid, reason: "no RFC 7638 thumbprint is defined for key type '\(kty)'")
        }
        let required = switch type {
        case .rsa: ["e", "kty", "n"]  // RFC 7638 §3.2
        case .ellipticCurve: ["crv", "kty", "x", "y"]  // RFC 7638 §3.2
        case .octetKeyPair: ["crv", "kty", "x"]  // RFC 8037 §2
        case .octetSequence: ["k", "kty"]  // RFC 7638 §3.2
        }
        var canonical: [String: JSONValue] = [:]
        for name in required {
            guard let member = value[name], member.stringValue != nil else {
                throw .unusableKey(kid: kid, reason: "\(name) is missing or not a string")
            }
            canonical[name] = member
        }
        // `serialized()` sorts keys and adds no white space: the RFC 7638 §3.3 form.
        return Base64URL.encode(SHA256.hash(Array(JSONValue.object(canonical).serialized().utf8)))
    }

    /// Whether this key's type (and its `alg`, when stated) allows `algorithm`. HS256 never fits a JWK.
    package func fits(_ algorithm: JWSAlgorithm) -> Bool {
        if let stated = self.algorithm, stated != algorithm { return false }
        switch (publicKey, algorithm) {
        case (.rsa, .rs256), (.rsa, .ps256), (.p256, .es256): return true
        case (.rsa, .es256), (.p256, .rs256), (.p256, .ps256), (.rsa, .hs256), (.p256, .hs256): return false
        }
    }

    /// Verifies `signature` over `signingInput` with `algorithm`; false when the key does not fit it.
    package func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8], algorithm: JWSAlgorithm) -> Bool {
        guard fits(algorithm) else { return false }
        switch (publicKey, algorithm) {
        case (.rsa(let key), .rs256):
            return key.isValidPKCS1v15SHA256Signature(signature, for: signingInput)
        case (.rsa(let key), .ps256):
            // RFC 7518 §3.5: MGF1 with SHA-256 and a salt as long as the hash output.
            return key.isValidPSSSHA256Signature(signature, for: signingInput, saltLength: SHA256.digestByteCount)
        case (.p256(let key), .es256):
            // RFC 7518 §3.4: the 64-octet R ‖ S form, never DER.
            guard signature.count == 2 * Self.p256CoordinateBytes else { return false }
            return key.isValidES256Signature(signature, for: signingInput)
        case (.rsa, .es256), (.p256, .rs256), (.p256, .ps256), (.rsa, .hs256), (.p256, .hs256):
            return false
        }
    }

    private static func bytes(_ members: [String: JSONValue], _ name: String, kid: String?) throws(JOSEError) -> [UInt8] {
        guard let text = members[name]?.stringValue else { throw .unusableKey(kid: kid, reason: "\(name) is missing or not a string") }
        guard let decoded = Base64URL.decode(text), !decoded.isEmpty else {
            throw .unusableKey(kid: kid, reason: "\(name) is not base64url (RFC 7515 §2)")
        }
        return decoded
    }

    private init(publicKey: PublicKey, keyID: String?, algorithm: JWSAlgorithm?, use: String?, keyOperations: [String]?, thumbprint: String) {
        self.publicKey = publicKey
        self.keyID = keyID
        self.algorithm = algorithm
        self.use = use
        self.keyOperations = keyOperations
        self.thumbprint = thumbprint
    }
}
