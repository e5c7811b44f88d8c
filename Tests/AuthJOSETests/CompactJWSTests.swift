import Testing
import AuthJOSE
import AuthTestSupport

@Suite("Compact JWS parsing and verification (RFC 7515)")
struct CompactJWSTests {
    typealias Factory = TestTokenFactory

    static func segment(_ json: String) -> String { Base64URL.encode(Array(json.utf8)) }
    static let payload = segment("{\"iss\":\"x\"}")
    static let sig = Base64URL.encode([1, 2, 3])

    @Test(arguments: [
        ("two segments", segment("{\"alg\":\"RS256\"}") + "." + payload, "malformedToken"),
        ("four segments", segment("{\"alg\":\"RS256\"}") + "." + payload + "." + sig + "." + sig, "malformedToken"),
        ("five segments (JWE)", "a.b.c.d.e", "malformedToken"),
        ("empty", "", "malformedToken"),
        ("header not base64url", "eyJ=." + payload + "." + sig, "invalidBase64URL"),
        ("header not JSON", segment("{alg:RS256}") + "." + payload + "." + sig, "malformedToken"),
        ("header an array", segment("[\"RS256\"]") + "." + payload + "." + sig, "malformedToken"),
        ("header duplicate alg", segment("{\"alg\":\"RS256\",\"alg\":\"none\"}") + "." + payload + "." + sig, "malformedToken"),
        ("no alg", segment("{\"kid\":\"a\"}") + "." + payload + "." + sig, "malformedToken"),
        ("alg not a string", segment("{\"alg\":256}") + "." + payload + "." + sig, "malformedToken"),
        ("alg none", segment("{\"alg\":\"none\"}") + "." + payload + ".", "unsecuredToken"),
        ("alg None", segment("{\"alg\":\"None\"}") + "." + payload + ".", "unsecuredToken"),
        ("alg RS512", segment("{\"alg\":\"RS512\"}") + "." + payload + "." + sig, "unsupportedAlgorithm"),
        ("alg rs256 (case matters)", segment("{\"alg\":\"rs256\"}") + "." + payload + "." + sig, "unsupportedAlgorithm"),
        ("crit with an extension", segment("{\"alg\":\"RS256\",\"crit\":[\"exp\"],\"exp\":1}") + "." + payload + "." + sig, "unsupportedCriticalHeader"),
        ("crit b64", segment("{\"alg\":\"RS256\",\"crit\":[\"b64\"],\"b64\":false}") + "." + payload + "." + sig, "unsupportedCriticalHeader"),
        ("crit empty", segment("{\"alg\":\"RS256\",\"crit\":[]}") + "." + payload + "." + sig, "malformedToken"),
        ("crit not an array", segment("{\"alg\":\"RS256\",\"crit\":\"exp\"}") + "." + payload + "." + sig, "malformedToken"),
        ("crit with a number", segment("{\"alg\":\"RS256\",\"crit\":[1]}") + "." + payload + "." + sig, "malformedToken"),
        ("b64 false", segment("{\"alg\":\"RS256\",\"b64\":false}") + "." + payload + "." + sig, "unsupportedHeader"),
        ("kid not a string", segment("{\"alg\":\"RS256\",\"kid\":1}") + "." + payload + "." + sig, "malformedToken"),
        ("payload not JSON", segment("{\"alg\":\"RS256\"}") + "." + segment("hello") + "." + sig, "malformedToken"),
        ("payload a string", segment("{\"alg\":\"RS256\"}") + "." + segment("\"hello\"") + "." + sig, "malformedToken"),
        ("payload padded", segment("{\"alg\":\"RS256\"}") + "." + payload + "=." + sig, "invalidBase64URL"),
        ("signature with +", segment("{\"alg\":\"RS256\"}") + "." + payload + ".ab+c", "invalidBase64URL"),
        ("signature non-canonical", segment("{\"alg\":\"RS256\"}") + "." + payload + ".Zh", "invalidBase64URL"),
        ("white space", " " + segment("{\"alg\":\"RS256\"}") + "." + payload + "." + sig, "invalidBase64URL"),
    ])
    func malformed(name: String, token: String, kind: String) {
        do {
            _ = try CompactJWS(parsingUnverified: token)
            Issue.record("accepted: \(name)")
        } catch {
            #expect(error.kind == kind, "\(name): \(error)")
            #expect(error.code == .invalidCredential)
        }
    }

    @Test func sizeLimit() {
        let header = Self.segment("{\"alg\":\"RS256\"}")
        let padding = String(repeating: "A", count: CompactJWS.maximumTokenBytes)
        #expect(throws: JOSEError.tokenTooLarge(byteCount: header.utf8.count + 2 + padding.utf8.count + 4, limit: CompactJWS.maximumTokenBytes)) {
            try CompactJWS(parsingUnverified: header + "." + padding + ".AAAA")
        }
    }

    @Test func partsAndSigningInput() throws {
        let token = Factory.idToken()
        let jws = try CompactJWS(parsingUnverified: token)
        #expect(jws.algorithm == .rs256)
        #expect(jws.keyID == Factory.rsaKeyID)
        #expect(jws.payload["sub"]?.stringValue == Factory.subject)
        #expect(String(decoding: jws.signingInput, as: UTF8.self) + "." + Base64URL.encode(jws.signature) == token)
        // b64: true is the default and harmless; key-carrying headers are ignored.
        let decorated = Factory.idToken(header: ["b64": true, "jku": "https://evil.example/jwks", "jwk": ["kty": "oct", "k": "AAAA"]])
        #expect(try CompactJWS(parsingUnverified: decorated).algorithm == .rs256)
    }

    @Test(arguments: ["RS256", "PS256", "ES256"])
    func verifiesEachAlgorithmWithItsKey(algorithm: String) async throws {
        let (signer, kid) = Factory.standardSigner(algorithm)
        let jws = try CompactJWS(parsingUnverified: Factory.idToken(signer, kid: kid.map(TestKeyID.named) ?? .omitted))
        let key = try await JWSVerifier(keys: JOSETest.standardKeys).verify(jws)
        #expect(key?.keyID == kid)
    }

    // MARK: RFC 7515 Appendix A

    @Test("RFC 7515 A.1-A.5 and derived negatives (jws_rfc7515.json)", .enabled(if: vectorsAvailable, "shared/vectors is absent: skipped"))
    func vectorFile() async throws {
        let file = try JOSETest.vectors("rfc/jws_rfc7515.json")
        let examples = try #require(file["examples"]?.arrayValue)
        let negatives = try #require(file["negativeDerived"]?.arrayValue)
        #expect(examples.count == 5)
        #expect(negatives.count == 4)
        let hmacText = try #require(examples[0]["jwk"]?["k"]?.stringValue)
        let hmacKey = try #require(Base64URL.decode(hmacText))
        let rsaPublic = try #require(examples[1]["jwkPublic"])
        let ecPublic = try #require(examples[2]["jwkPublic"])
        let keys = StaticJWKSetSource(try JWKSet.parse(Factory.jwks([rsaPublic, ecPublic])))
        let withSecret = JWSVerifier(keys: keys, hmacSecret: hmacKey)
        let withoutSecret = JWSVerifier(keys: keys)

        var outcomes: [String: String] = [:]
        func outcome(_ token: String, _ verifier: JWSVerifier) async -> String {
            do {
                let jws = try CompactJWS(parsingUnverified: token)
                #expect(jws.payload["iss"]?.stringValue == "joe" || jws.payload.objectValue == nil)
                try await verifier.verify(jws)
                return "valid"
            } catch let error as JOSEError {
                return error.kind
            } catch {
                return "\(error)"
            }
        }
        for example in examples {
            let section = example["section"]!.stringValue!
            outcomes[section] = await outcome(example["jws"]!.stringValue!, withSecret)
        }
        // A.1 HS256 verifies only where a secret is configured; A.2 RS256 and A.3 ES256 verify;
        // A.4 ES512 (P-521) is unsupported; A.5 (alg none) is refused.
        #expect(outcomes == ["A.1": "valid", "A.2": "valid", "A.3": "valid", "A.4": "unsupportedAlgorithm", "A.5": "unsecuredToken"])
        #expect(await outcome(examples[0]["jws"]!.stringValue!, withoutSecret) == "hmacNotConfigured")
        // The payload octets are the ones the RFC signs.
        let payloadOctets = try #require(file["payloadOctets"]?.arrayValue).map { UInt8($0.intValue!) }
        #expect(Base64URL.encode(payloadOctets) == file["payloadB64u"]?.stringValue)

        var negativeOutcomes: [String] = []
        for negative in negatives {
            negativeOutcomes.append(await outcome(negative["jws"]!.stringValue!, withoutSecret))
        }
        // High-S ES256 is valid (JOSE does not forbid it); a flipped RS256 bit and a DER ES256
        // signature fail; HS256 made with the RSA public key never reaches a MAC check.
        #expect(negativeOutcomes == ["valid", "invalidSignature", "invalidSignature", "hmacNotConfigured"])
        // Even with a secret configured, the RSA key's bytes are not it: the confused token fails.
        #expect(await outcome(negatives[3]["jws"]!.stringValue!, withSecret) == "invalidSignature")
    }

    @Test("OpenID Connect at_hash and c_hash (oidc_hashes.json)", .enabled(if: vectorsAvailable, "shared/vectors is absent: skipped"))
    func hashVectors() throws {
        let tests = try #require(try JOSETest.vectors("rfc/oidc_hashes.json")["tests"]?.arrayValue)
        #expect(tests.count == 2)
        for test in tests {
            let input = (test["access_token"] ?? test["code"])!.stringValue!
            #expect(OIDCTokenHash.leftHalfSHA256(input) == test["expected"]?.stringValue, "\(test["claim"]!)")
        }
    }
}
