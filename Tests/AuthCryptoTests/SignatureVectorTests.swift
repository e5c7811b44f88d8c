import Foundation
import Testing
@testable import AuthCrypto

/// `publicKey` as hex, for the groups that carry no JWK.
private struct HexKey: Decodable {
    let modulus: String?
    let publicExponent: String?
    let uncompressed: String?
}

private struct RSAGroup: Decodable {
    let keyJwk: TestJWK?
    let publicKeyJwk: TestJWK?
    let publicKey: HexKey
    let sLen: Int?
    let tests: [SignatureVector]

    /// The key from the group's JWK (how keys reach authctl); rsa_pss_2048_sha256_mgf1_0 has no
    /// JWK, so its groups fall back to the hex modulus and exponent.
    func key() throws -> RSAPublicKey {
        if let jwk = keyJwk ?? publicKeyJwk {
            #expect(jwk.kty == "RSA")
            return try RSAPublicKey(modulus: TestBase64URL.decode(try #require(jwk.n)),
                                    exponent: TestBase64URL.decode(try #require(jwk.e)))
        }
        return try RSAPublicKey(modulus: Hex.decode(try #require(publicKey.modulus)),
                                exponent: Hex.decode(try #require(publicKey.publicExponent)))
    }
}

private struct ECDSAGroup: Decodable {
    let publicKeyJwk: TestJWK?
    let publicKey: HexKey
    let tests: [SignatureVector]

    /// The key from the group's JWK; nine groups (tcId 253-262) have none, so they use the
    /// uncompressed point 04 ‖ x ‖ y.
    func key() throws -> P256PublicKey {
        if let jwk = publicKeyJwk {
            #expect(jwk.kty == "EC" && jwk.crv == "P-256")
            return try P256PublicKey(x: TestBase64URL.decode(try #require(jwk.x)), y: TestBase64URL.decode(try #require(jwk.y)))
        }
        let point = Hex.decode(try #require(publicKey.uncompressed))
        try #require(point.count == 65 && point[0] == 0x04)
        return try P256PublicKey(x: Array(point[1...32]), y: Array(point[33...64]))
    }
}

@Suite("Wycheproof signature vectors", .enabled(if: Vectors.shouldRun, Vectors.skipMessage))
struct SignatureVectorTests {
    /// RS256. The one `acceptable` case per file (tcId 8, "MissingNull": DigestInfo without the
    /// NULL parameters) is REJECTED: we compare the whole encoded block with the single encoding
    /// RFC 8017 §9.2 produces (note 1 lets verifiers accept both; JOSE signers always emit NULL,
    /// and one accepted encoding leaves no room for parser confusion).
    @Test("RSASSA-PKCS1-v1_5 SHA-256", arguments: [
        ExpectedVectorFile(name: "rsa_signature_2048_sha256_test.json", valid: 9, invalid: 249, acceptable: 1),
        ExpectedVectorFile(name: "rsa_signature_3072_sha256_test.json", valid: 8, invalid: 250, acceptable: 1),
        ExpectedVectorFile(name: "rsa_signature_4096_sha256_test.json", valid: 7, invalid: 250, acceptable: 1),
    ])
    func pkcs1v15(file expected: ExpectedVectorFile) throws {
        let file = try Vectors.load(WycheproofFile<RSAGroup>.self, "wycheproof/" + expected.name)
        var tally = VectorTally()
        for group in file.testGroups {
            let key = try group.key()
            for test in group.tests {
                tally.count(test.result)
                let accepted = key.isValidPKCS1v15SHA256Signature(Hex.decode(test.sig), for: Hex.decode(test.msg))
                let expectedAccepted = test.result == .valid   // acceptable → rejected (see above)
                #expect(accepted == expectedAccepted, "tcId \(test.tcId) \(test.result): \(test.comment) \(test.flags)")
            }
        }
        #expect(tally == expected.tally)
        #expect(tally.total == file.numberOfTests)
    }

    /// PS256 and the zero-salt variant; no `acceptable` cases in these files.
    @Test("RSASSA-PSS SHA-256 MGF1-SHA-256", arguments: [
        ExpectedVectorFile(name: "rsa_pss_2048_sha256_mgf1_32_test.json", valid: 63, invalid: 45, acceptable: 0),
        ExpectedVectorFile(name: "rsa_pss_3072_sha256_mgf1_32_test.json", valid: 63, invalid: 45, acceptable: 0),
        ExpectedVectorFile(name: "rsa_pss_4096_sha256_mgf1_32_test.json", valid: 63, invalid: 45, acceptable: 0),
        ExpectedVectorFile(name: "rsa_pss_2048_sha256_mgf1_0_test.json", valid: 61, invalid: 42, acceptable: 0),
    ])
    func pss(file expected: ExpectedVectorFile) throws {
        let file = try Vectors.load(WycheproofFile<RSAGroup>.self, "wycheproof/" + expected.name)
        var tally = VectorTally()
        for group in file.testGroups {
            let key = try group.key()
            let saltLength = try #require(group.sLen)
            for test in group.tests {
                tally.count(test.result)
                let accepted = key.isValidPSSSHA256Signature(
                    Hex.decode(test.sig), for: Hex.decode(test.msg), saltLength: saltLength)
                #expect(accepted == (test.result == .valid), "tcId \(test.tcId) \(test.result): \(test.comment) \(test.flags)")
            }
        }
        #expect(tally == expected.tally)
        #expect(tally.total == file.numberOfTests)
    }

    /// ES256 with 64-byte r ‖ s; no `acceptable` cases.
    @Test("ECDSA P-256 SHA-256 (IEEE P1363 r ‖ s)", arguments: [
        ExpectedVectorFile(name: "ecdsa_secp256r1_sha256_p1363_test.json", valid: 173, invalid: 89, acceptable: 0),
    ])
    func ecdsa(file expected: ExpectedVectorFile) throws {
        let file = try Vectors.load(WycheproofFile<ECDSAGroup>.self, "wycheproof/" + expected.name)
        var tally = VectorTally()
        for group in file.testGroups {
            let key = try group.key()
            for test in group.tests {
                tally.count(test.result)
                let accepted = key.isValidES256Signature(Hex.decode(test.sig), for: Hex.decode(test.msg))
                #expect(accepted == (test.result == .valid), "tcId \(test.tcId) \(test.result): \(test.comment) \(test.flags)")
            }
        }
        #expect(tally == expected.tally)
        #expect(tally.total == file.numberOfTests)
    }
}
