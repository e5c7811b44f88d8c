import Foundation
import AuthCrypto
import AuthJOSE
import AuthPlatform

/// How a test token is signed. Signing exists only here, in the test-support target.
package enum TestSigner: Sendable {
    case rs256(TestRSAKey)
    case ps256(TestRSAKey)
    case es256(TestP256Key)
    case hs256([UInt8])

    /// The JWS `alg` this signer produces.
    package var algorithm: String {
        switch self {
        case .rs256: "RS256"
        case .ps256: "PS256"
        case .es256: "ES256"
        case .hs256: "HS256"
        }
    }

    /// The signature over `signingInput`. ECDSA nonce and PSS salt are derived from the input,
    /// so the same input always gives the same token.
    package func sign(_ signingInput: [UInt8]) -> [UInt8] {
        switch self {
        case .rs256(let key): key.signPKCS1v15SHA256(signingInput)
        case .ps256(let key): key.signPSSSHA256(signingInput, salt: SHA256.hash(Array("pss-salt".utf8) + signingInput))
        case .es256(let key): key.signES256(signingInput, nonce: SHA256.hash(Array("ecdsa-nonce".utf8) + signingInput))
        case .hs256(let secret): HMACSHA256.authenticationCode(for: signingInput, key: secret)
        }
    }
}

/// The `kid` header of a test token.
package enum TestKeyID: Sendable, ExpressibleByStringLiteral {
    /// The kid of the signer's key in ``TestTokenFactory/standardJWKS`` (none for HS256).
    case standard
    /// No kid header.
    case omitted
    case named(String)

    package init(stringLiteral value: String) { self = .named(value) }
}

/// Builds ID tokens (valid and deliberately broken) and the matching JWK sets for tests.
///
/// The defaults describe one consistent sign-in: issuer, client, subject, nonce, access token
/// and a fixed "now". Override single claims or header members; a `nil` override removes one.
package enum TestTokenFactory {
    package static let issuer = "https://idp.example.com"
    package static let clientID = "authctl-test-client"
    package static let subject = "248289761001"
    package static let nonce = "n-0S6_WzA2Mj-nonce-value"
    /// OpenID Connect Core Appendix A.3's access token; its at_hash is `77QmUPtjPfzWtF2AnpK9RQ`.
    package static let accessToken = "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y"
    package static let accessTokenHash = "77QmUPtjPfzWtF2AnpK9RQ"
    /// The tests' "now": 2025-06-15T15:06:40Z.
    package static let now = Date(timeIntervalSince1970: 1_750_000_000)
    package static var clock: Clock { .fixed(now) }
    /// A client secret long enough for HS256 (RFC 7518 §3.2).
    package static let hmacSecret: [UInt8] = Array("test-client-secret-0123456789abcdef".utf8)
    package static let jwksURI = URL(string: "https://idp.example.com/.well-known/jwks.json")!

    // MARK: Key ids of the standard set

    package static let rsaKeyID = "rsa-1"
    package static let rsaSecondaryKeyID = "rsa-2"
    package static let ecKeyID = "ec-1"

    /// The default signer of each algorithm with the kid that names it in ``standardJWKS``.
    package static func standardSigner(_ algorithm: String) -> (TestSigner, kid: String?) {
        switch algorithm {
        case "PS256": (.ps256(.secondary), rsaSecondaryKeyID)
        case "ES256": (.es256(.primary), ecKeyID)
        case "HS256": (.hs256(hmacSecret), nil)
        default: (.rs256(.primary), rsaKeyID)
        }
    }

    // MARK: Claims and headers

    /// A valid claim set for `now`; `overrides` replace members, `nil` removes them.
    package static func claims(_ overrides: [String: JSONValue?] = [:]) -> [String: JSONValue] {
        var claims: [String: JSONValue] = [
            "iss": .string(issuer),
            "sub": .string(subject),
            "aud": .string(clientID),
            "exp": .number(now.timeIntervalSince1970 + 3600),
            "iat": .number(now.timeIntervalSince1970 - 10),
            "nonce": .string(nonce),
            "at_hash": .string(accessTokenHash),
            "email": "jane@example.com",
            "email_verified": true,
            "name": "Jane Doe",
            "picture": "https://example.com/jane.png",
        ]
        for (name, value) in overrides { claims[name] = value }
        return claims
    }

    // MARK: Tokens

    /// A signed ID token. `kid` defaults to the standard set's kid for the signer's algorithm.
    package static func idToken(
        _ signer: TestSigner? = nil, kid: TestKeyID = .standard, claims overrides: [String: JSONValue?] = [:],
        header extra: [String: JSONValue?] = [:]
    ) -> String {
        let standard = standardSigner("RS256")
        let chosen = signer ?? standard.0
        let keyID: String?
        switch kid {
        case .standard: keyID = standardSigner(chosen.algorithm).kid
        case .omitted: keyID = nil
        case .named(let name): keyID = name
        }
        var header: [String: JSONValue] = ["alg": .string(chosen.algorithm), "typ": "JWT"]
        if let keyID { header["kid"] = .string(keyID) }
        for (name, value) in extra { header[name] = value }
        return sign(header: .object(header), claims: .object(claims(overrides)), with: chosen)
    }

    /// header.payload.signature for JSON values.
    package static func sign(header: JSONValue, claims: JSONValue, with signer: TestSigner) -> String {
        sign(headerJSON: header.serialized(), payloadJSON: claims.serialized(), with: signer)
    }

    /// header.payload.signature for raw JSON text (duplicate keys, deep nesting, odd spacing).
    package static func sign(headerJSON: String, payloadJSON: String, with signer: TestSigner) -> String {
        sign(headerBytes: Array(headerJSON.utf8), payloadBytes: Array(payloadJSON.utf8), with: signer)
    }

    /// header.payload.signature for raw bytes (invalid UTF-8, non-JSON).
    package static func sign(headerBytes: [UInt8], payloadBytes: [UInt8], with signer: TestSigner) -> String {
        let signingInput = Base64URL.encode(headerBytes) + "." + Base64URL.encode(payloadBytes)
        return signingInput + "." + Base64URL.encode(signer.sign(Array(signingInput.utf8)))
    }

    /// An unsecured token (`alg: none`, empty signature, RFC 7519 §6.1) with valid claims.
    package static func unsecuredToken(claims overrides: [String: JSONValue?] = [:], alg: String = "none") -> String {
        let header: JSONValue = ["alg": .string(alg), "typ": "JWT"]
        return Base64URL.encode(Array(header.serialized().utf8)) + "."
            + Base64URL.encode(Array(JSONValue.object(claims(overrides)).serialized().utf8)) + "."
    }

    /// The RS256 token re-labelled HS256 and MACed with `secret` (algorithm confusion).
    package static func confusedToken(secret: [UInt8], kid: String? = rsaKeyID, claims overrides: [String: JSONValue?] = [:]) -> String {
        var header: [String: JSONValue] = ["alg": "HS256", "typ": "JWT"]
        if let kid { header["kid"] = .string(kid) }
        return sign(header: .object(header), claims: .object(claims(overrides)), with: .hs256(secret))
    }

    // MARK: Keys

    /// An RSA public JWK; `extra` adds or (with nil) removes members.
    package static func jwk(_ key: TestRSAKey, kid: String?, alg: String? = nil, extra: [String: JSONValue?] = [:]) -> JSONValue {
        var members: [String: JSONValue] = [
            "kty": "RSA", "n": .string(Base64URL.encode(key.modulus)), "e": .string(Base64URL.encode(key.publicExponent)), "use": "sig",
        ]
        if let kid { members["kid"] = .string(kid) }
        if let alg { members["alg"] = .string(alg) }
        for (name, value) in extra { members[name] = value }
        return .object(members)
    }

    /// A P-256 public JWK; `extra` adds or (with nil) removes members.
    package static func jwk(_ key: TestP256Key, kid: String?, alg: String? = nil, extra: [String: JSONValue?] = [:]) -> JSONValue {
        var members: [String: JSONValue] = [
            "kty": "EC", "crv": "P-256", "x": .string(Base64URL.encode(key.x)), "y": .string(Base64URL.encode(key.y)), "use": "sig",
        ]
        if let kid { members["kid"] = .string(kid) }
        if let alg { members["alg"] = .string(alg) }
        for (name, value) in extra { members[name] = value }
        return .object(members)
    }

    /// `{"keys": [...]}`.
    package static func jwks(_ keys: [JSONValue]) -> JSONValue {
        ["keys": .array(keys)]
    }

    /// The provider's set: rsa-1 (primary, RS256), rsa-2 (secondary, no alg), ec-1 (P-256 primary, ES256).
    package static var standardJWKS: JSONValue {
        jwks([
            jwk(TestRSAKey.primary, kid: rsaKeyID, alg: "RS256"),
            jwk(TestRSAKey.secondary, kid: rsaSecondaryKeyID),
            jwk(TestP256Key.primary, kid: ecKeyID, alg: "ES256"),
        ])
    }
}
