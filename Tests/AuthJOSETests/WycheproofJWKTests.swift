import Testing
import AuthJOSE
import AuthPlatform

/// Wycheproof signature vectors run through the JWK path: each group's key is parsed by
/// ``JWK/parse(_:)`` from its JWK form, and each test goes through ``JWK/isValidSignature(_:for:algorithm:)``.
/// The crypto module tests the primitives with raw keys; this proves the way keys reach authctl.
@Suite("Wycheproof through the JWK path")
struct WycheproofJWKTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let algorithm: JWSAlgorithm
        let tests: Int
        let valid: Int
        let invalid: Int
        let acceptable: Int
        var testDescription: String { file }
    }

    static let cases = [
        Case(file: "ecdsa_secp256r1_sha256_p1363_test.json", algorithm: .es256, tests: 262, valid: 173, invalid: 89, acceptable: 0),
        Case(file: "rsa_signature_2048_sha256_test.json", algorithm: .rs256, tests: 259, valid: 9, invalid: 249, acceptable: 1),
        Case(file: "rsa_signature_3072_sha256_test.json", algorithm: .rs256, tests: 259, valid: 8, invalid: 250, acceptable: 1),
        Case(file: "rsa_signature_4096_sha256_test.json", algorithm: .rs256, tests: 258, valid: 7, invalid: 250, acceptable: 1),
        Case(file: "rsa_pss_2048_sha256_mgf1_32_test.json", algorithm: .ps256, tests: 108, valid: 63, invalid: 45, acceptable: 0),
        Case(file: "rsa_pss_3072_sha256_mgf1_32_test.json", algorithm: .ps256, tests: 108, valid: 63, invalid: 45, acceptable: 0),
        Case(file: "rsa_pss_4096_sha256_mgf1_32_test.json", algorithm: .ps256, tests: 108, valid: 63, invalid: 45, acceptable: 0),
    ]

    /// The group's JWK; the few ECDSA groups without one get it built from `wx`/`wy`, padded to 32 bytes.
    static func jwk(of group: JSONValue) -> JSONValue? {
        if let jwk = group["publicKeyJwk"] ?? group["keyJwk"] { return jwk }
        guard let wx = group["publicKey"]?["wx"]?.stringValue, let wy = group["publicKey"]?["wy"]?.stringValue else { return nil }
        func coordinate(_ hex: String) -> String {
            var bytes = Array(JOSETest.hex(hex).drop(while: { $0 == 0 }))
            bytes = Array(repeating: 0, count: max(0, 32 - bytes.count)) + bytes
            return Base64URL.encode(bytes)
        }
        return ["kty": "EC", "crv": "P-256", "x": .string(coordinate(wx)), "y": .string(coordinate(wy))]
    }

    @Test(.enabled(if: vectorsAvailable, "shared/vectors is absent: skipped"), arguments: cases)
    func file(_ testCase: Case) throws {
        let document = try JOSETest.vectors("wycheproof/" + testCase.file)
        let groups = try #require(document["testGroups"]?.arrayValue)
        var counts = ["valid": 0, "invalid": 0, "acceptable": 0]
        var acceptedAcceptable: [Int] = []
        var keysParsed = 0
        for group in groups {
            let jwkValue = try #require(Self.jwk(of: group))
            let key = try JWK.parse(jwkValue)
            keysParsed += 1
            #expect(key.fits(testCase.algorithm))
            for test in try #require(group["tests"]?.arrayValue) {
                let result = test["result"]!.stringValue!
                let id = test["tcId"]!.intValue!
                counts[result, default: 0] += 1
                let accepted = key.isValidSignature(
                    JOSETest.hex(test["sig"]!.stringValue!), for: JOSETest.hex(test["msg"]!.stringValue!), algorithm: testCase.algorithm
                )
                switch result {
                case "valid": #expect(accepted, "tcId \(id) \(test["comment"]!)")
                case "invalid": #expect(!accepted, "tcId \(id) \(test["comment"]!)")
                default: if accepted { acceptedAcceptable.append(id) }
                }
            }
        }
        #expect(keysParsed == groups.count)
        #expect(counts == ["valid": testCase.valid, "invalid": testCase.invalid, "acceptable": testCase.acceptable])
        #expect(counts.values.reduce(0, +) == testCase.tests)
        #expect(document["numberOfTests"]?.intValue == testCase.tests)
        // "acceptable" RSA tests are DigestInfo without the NULL parameters (tcId 8); we refuse
        // them, because the verifier compares the one encoding RFC 8017 §9.2 produces.
        #expect(acceptedAcceptable.isEmpty, "accepted acceptable tcIds: \(acceptedAcceptable)")
    }
}
