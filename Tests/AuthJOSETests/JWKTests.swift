import Testing
import AuthCrypto
import AuthJOSE
import AuthPlatform
import AuthTestSupport

@Suite("JWK and JWK sets (RFC 7517, RFC 7518 §6, RFC 7638)")
struct JWKTests {
    typealias Factory = TestTokenFactory

    static let rsa = Factory.jwk(TestRSAKey.primary, kid: "k")
    static let ec = Factory.jwk(TestP256Key.primary, kid: "k")

    static func edit(_ key: JSONValue, _ changes: [String: JSONValue?]) -> JSONValue {
        var members = key.objectValue!
        for (name, value) in changes { members[name] = value }
        return .object(members)
    }

    @Test(arguments: [
        ("RSA", rsa), ("EC", ec), ("RSA without use", edit(rsa, ["use": nil])),
        ("RSA with alg RS256", edit(rsa, ["alg": "RS256"])), ("RSA with alg PS256", edit(rsa, ["alg": "PS256"])),
        ("EC with alg ES256", edit(ec, ["alg": "ES256"])), ("key_ops verify", edit(ec, ["key_ops": ["verify"]])),
        ("4096-bit RSA", Factory.jwk(TestRSAKey.large, kid: nil)), ("unknown members ignored", edit(rsa, ["x5t": "abc", "ext": true])),
        ("n with a leading zero octet", edit(rsa, ["n": .string(Base64URL.encode([0] + TestRSAKey.primary.modulus))])),
    ] as [(String, JSONValue)])
    func usable(name: String, key: JSONValue) throws {
        let jwk = try JWK.parse(key)
        #expect(jwk.thumbprint.utf8.count == 43)
    }

    @Test(arguments: [
        ("use enc", edit(rsa, ["use": "enc"])), ("use not a string", edit(rsa, ["use": 1])),
        ("key_ops without verify", edit(rsa, ["key_ops": ["sign"]])), ("key_ops repeated", edit(rsa, ["key_ops": ["verify", "verify"]])),
        ("key_ops not strings", edit(rsa, ["key_ops": [1]])), ("alg RS384", edit(rsa, ["alg": "RS384"])),
        ("alg ES256 on RSA", edit(rsa, ["alg": "ES256"])), ("alg RS256 on EC", edit(ec, ["alg": "RS256"])),
        ("alg HS256 on RSA", edit(rsa, ["alg": "HS256"])), ("alg none", edit(rsa, ["alg": "none"])),
        ("private d on RSA", edit(rsa, ["d": "AQAB"])), ("private d on EC", edit(ec, ["d": "AQAB"])),
        ("1024-bit RSA", Factory.jwk(TestRSAKey.weak1024, kid: nil)), ("even exponent", edit(rsa, ["e": "AQAA"])),
        ("n missing", edit(rsa, ["n": nil])), ("n padded", edit(rsa, ["n": .string(Base64URL.encode(TestRSAKey.primary.modulus) + "=")])),
        ("n standard alphabet", edit(rsa, ["n": "ab+/"])), ("e empty", edit(rsa, ["e": ""])),
        ("crv P-384", edit(ec, ["crv": "P-384"])), ("crv missing", edit(ec, ["crv": nil])),
        ("x 31 bytes", edit(ec, ["x": .string(Base64URL.encode(Array(TestP256Key.primary.x.dropFirst())))])),
        ("y 33 bytes", edit(ec, ["y": .string(Base64URL.encode([0] + TestP256Key.primary.y))])),
        ("point not on the curve", edit(ec, ["y": .string(Base64URL.encode(TestP256Key.primary.x))])),
        ("kty missing", edit(rsa, ["kty": nil])), ("kty oct", ["kty": "oct", "k": "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"]),
        ("kty OKP", ["kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"]),
        ("kid not a string", edit(rsa, ["kid": 7])), ("not an object", ["RSA"]),
    ] as [(String, JSONValue)])
    func unusable(name: String, key: JSONValue) {
        #expect(throws: JOSEError.self) { try JWK.parse(key) }
        do {
            _ = try JWK.parse(key)
        } catch {
            #expect(error.kind == "unusableKey")
            #expect(error.code == .invalidCredential)
        }
    }

    @Test func fitsOnlyItsAlgorithms() throws {
        let rsaKey = try JWK.parse(Self.rsa)
        let ecKey = try JWK.parse(Self.ec)
        let boundRSA = try JWK.parse(Self.edit(Self.rsa, ["alg": "RS256"]))
        #expect(JWSAlgorithm.allCases.filter(rsaKey.fits) == [.rs256, .ps256])
        #expect(JWSAlgorithm.allCases.filter(ecKey.fits) == [.es256])
        #expect(JWSAlgorithm.allCases.filter(boundRSA.fits) == [.rs256])
        // A signature made for one algorithm never verifies under another, whatever the key.
        let message = Array("payload".utf8)
        let rs = TestRSAKey.primary.signPKCS1v15SHA256(message)
        #expect(rsaKey.isValidSignature(rs, for: message, algorithm: .rs256))
        #expect(!rsaKey.isValidSignature(rs, for: message, algorithm: .ps256))
        #expect(!rsaKey.isValidSignature(rs, for: message, algorithm: .hs256))
        #expect(!boundRSA.isValidSignature(TestRSAKey.primary.signPSSSHA256(message, salt: Array(repeating: 1, count: 32)), for: message, algorithm: .ps256))
        let es = TestP256Key.primary.signES256(message, nonce: Array(repeating: 7, count: 32))
        #expect(ecKey.isValidSignature(es, for: message, algorithm: .es256))
        #expect(!ecKey.isValidSignature(es + [0], for: message, algorithm: .es256))
        #expect(!ecKey.isValidSignature(es, for: message + [0], algorithm: .es256))
    }

    @Test func setSkipsBadKeysAndKeepsGoodOnes() throws {
        let set = try JWKSet.parse(Array(Factory.jwks([
            Self.rsa, Self.edit(Self.rsa, ["use": "enc", "kid": "enc-key"]), ["kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", "kid": "ed"],
            "not a key", Self.ec,
        ]).serialized().utf8))
        #expect(set.keys.count == 2)
        #expect(set.skipped.map(\.index) == [1, 2, 3])
        #expect(set.skipped.map(\.keyID) == ["enc-key", "ed", nil])
        #expect(set.skipped[1].reason.contains("OKP"))
    }

    @Test(arguments: [
        ("not JSON", Array("{\"keys\":".utf8)), ("not an object", Array("[]".utf8)), ("no keys", Array("{}".utf8)),
        ("keys not an array", Array("{\"keys\":{}}".utf8)), ("duplicate member", Array("{\"keys\":[],\"keys\":[]}".utf8)),
    ] as [(String, [UInt8])])
    func invalidSets(name: String, document: [UInt8]) {
        do {
            _ = try JWKSet.parse(document)
            Issue.record("accepted \(name)")
        } catch {
            #expect(error.kind == "invalidKeySet")
            #expect(error.code == .providerError)
        }
    }

    @Test func oversizedSetsAreRefused() {
        let tooLarge = Array("{\"keys\":[],\"pad\":\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: JWKSet.maximumBytes) + Array("\"}".utf8)
        let tooMany = Array(Factory.jwks(Array(repeating: ["kty": "oct"], count: JWKSet.maximumKeys + 1)).serialized().utf8)
        for document in [tooLarge, tooMany] {
            #expect(throws: JOSEError.self) { try JWKSet.parse(document) }
        }
        #expect(throws: Never.self) { try JWKSet.parse(Array(Factory.jwks(Array(repeating: ["kty": "oct"], count: JWKSet.maximumKeys)).serialized().utf8)) }
    }

    @Test func emptySetIsValid() throws {
        #expect(try JWKSet.parse(Array("{\"keys\":[]}".utf8)).keys.isEmpty)
    }

    @Test func thumbprintIgnoresOptionalMembersAndOrder() throws {
        let plain = try JWK.thumbprint(of: Self.rsa)
        let decorated = try JWK.thumbprint(of: Self.edit(Self.rsa, ["kid": "other", "alg": "RS256", "use": nil]))
        #expect(plain == decorated)
        #expect(try JWK.parse(Self.rsa).thumbprint == plain)
        #expect(throws: JOSEError.self) { try JWK.thumbprint(of: ["kty": "XYZ"]) }
        #expect(throws: JOSEError.self) { try JWK.thumbprint(of: ["kty": "RSA", "n": "AQAB"]) }
    }

    // MARK: Vectors

    @Test("RFC 7517 A.1-A.3 sets, RFC 7638 §3.1 thumbprint, RFC 8037 Ed25519 (jwk_rfc7517_7638_8037.json)",
          .enabled(if: vectorsAvailable, "shared/vectors is absent: skipped"))
    func vectorFile() throws {
        let file = try JOSETest.vectors("rfc/jwk_rfc7517_7638_8037.json")

        // A.1: the EC key is for encryption (skipped), the RSA key verifies RS256.
        let publicSet = try JWKSet.parse(try #require(file["rfc7517_A1_publicKeySet"]))
        #expect(publicSet.keys.count == 1)
        #expect(publicSet.keys.first?.keyID == "2011-04-29")
        #expect(publicSet.keys.first?.algorithm == .rs256)
        #expect(publicSet.skipped.map(\.keyID) == ["1"])
        #expect(publicSet.skipped.first?.reason.contains("enc") == true)
        let decoded = try #require(file["rfc7517_decoded"])
        let ecKey = try #require(file["rfc7517_A1_publicKeySet"]?["keys"]?.arrayValue?.first)
        #expect(Base64URL.decode(ecKey["x"]!.stringValue!) == JOSETest.hex(decoded["ec_x_hex"]!.stringValue!))
        #expect(Base64URL.decode(ecKey["y"]!.stringValue!) == JOSETest.hex(decoded["ec_y_hex"]!.stringValue!))
        // The same EC key as a signing key is a valid P-256 point.
        #expect(try JWK.parse(Self.edit(ecKey, ["use": "sig"])).keyType == "EC")
        let rsaKey = try #require(file["rfc7517_A1_publicKeySet"]?["keys"]?.arrayValue?.last)
        #expect(Base64URL.decode(rsaKey["n"]!.stringValue!)?.count == decoded["rsa_n_bytes"]?.intValue)

        // A.2: private keys in a published set are refused; A.3: symmetric keys are never taken from a set.
        let privateSet = try JWKSet.parse(try #require(file["rfc7517_A2_privateKeySet"]))
        #expect(privateSet.keys.isEmpty)
        #expect(privateSet.skipped.count == 2)
        #expect(privateSet.skipped.last?.reason.contains("private") == true)
        let symmetricSet = try JWKSet.parse(try #require(file["rfc7517_A3_symmetricKeySet"]))
        #expect(symmetricSet.keys.isEmpty)
        #expect(symmetricSet.skipped.count == 2)

        // RFC 7638 §3.1.
        let expected = try #require(file["rfc7638_thumbprint"]?["sha256_b64u"]?.stringValue)
        let canonical = try #require(file["rfc7638_thumbprint"]?["canonicalJson"]?.stringValue)
        #expect(try JWK.thumbprint(of: rsaKey) == expected)
        #expect(publicSet.keys.first?.thumbprint == expected)
        #expect(Base64URL.encode(SHA256.hash(Array(canonical.utf8))) == expected)

        // RFC 8037: an Ed25519 key is recognised as unsupported, not a crash; its thumbprint is still defined.
        let okp = try #require(file["rfc8037"]?["jwkPublic"])
        #expect(try JWK.thumbprint(of: okp) == file["rfc8037"]?["thumbprint_sha256_b64u"]?.stringValue)
        #expect(throws: JOSEError.self) { try JWK.parse(okp) }
        let okpSet = try JWKSet.parse(Factory.jwks([okp, try #require(file["rfc8037"]?["jwkPrivate"])]))
        #expect(okpSet.keys.isEmpty && okpSet.skipped.count == 2)
        let eddsa = try #require(file["rfc8037"]?["jws"]?.stringValue)
        #expect(throws: JOSEError.unsupportedAlgorithm("EdDSA")) { try CompactJWS(parsingUnverified: eddsa) }
    }
}
