import Foundation
import Testing
import AuthJOSE
import AuthPlatform
import AuthTestSupport

@Suite("ID token validation (OpenID Connect Core 1.0 §3.1.3.7)")
struct IDTokenValidatorTests {
    typealias Factory = TestTokenFactory
    static let now = Factory.now.timeIntervalSince1970

    static func validate(
        _ token: String, nonce: String? = Factory.nonce, accessToken: String? = Factory.accessToken, audience: String? = nil,
        leeway: TimeInterval = 60, hmacSecret: [UInt8]? = nil, keys: (any JWKSetSource)? = nil
    ) async throws -> ValidatedIDToken {
        try await JOSETest.validator(keys: keys ?? JOSETest.standardKeys, leeway: leeway, hmacSecret: hmacSecret)
            .validate(token, expectedNonce: nonce, accessToken: accessToken, audience: audience)
    }

    // MARK: Valid tokens

    @Test(arguments: ["RS256", "PS256", "ES256", "HS256"])
    func validTokenPasses(algorithm: String) async throws {
        let (signer, _) = Factory.standardSigner(algorithm)
        let token = try await Self.validate(Factory.idToken(signer), hmacSecret: Factory.hmacSecret)
        #expect(token.algorithm.rawValue == algorithm)
        #expect(token.subject == Factory.subject)
        #expect(token.issuer == Factory.issuer)
        #expect(token.audiences == [Factory.clientID])
        #expect(token.nonce == Factory.nonce)
        #expect(token.expiresAt == Factory.now.addingTimeInterval(3600))
        #expect(token.issuedAt == Factory.now.addingTimeInterval(-10))
        #expect(token.email == "jane@example.com")
        #expect(token.emailVerified == true)
        #expect(token.name == "Jane Doe")
        #expect(token.picture == "https://example.com/jane.png")
        #expect(token.header["alg"]?.stringValue == algorithm)
        #expect(token.claims["sub"]?.stringValue == Factory.subject)
        #expect(token.keyID == Factory.standardSigner(algorithm).kid)
    }

    /// Tokens that pass although they differ from the default: the other side of each rule.
    @Test(arguments: [
        ("(3) aud array with azp", ["aud": ["other", .string(Factory.clientID)], "azp": .string(Factory.clientID)]),
        ("(5) single aud with matching azp", ["azp": .string(Factory.clientID)]),
        ("(9) exp passed but within leeway", ["exp": .number(now - 59)]),
        ("(9a) nbf in the past", ["nbf": .number(now - 100)]),
        ("(9a) nbf ahead within leeway", ["nbf": .number(now + 59)]),
        ("(10) iat ahead within leeway", ["iat": .number(now + 59)]),
        ("(10) fractional NumericDate", ["iat": .number(now - 0.5)]),
        ("at_hash absent", ["at_hash": nil]),
        ("sub of 255 ASCII characters", ["sub": .string(String(repeating: "s", count: 255))]),
        ("email_verified as the string true", ["email_verified": "true"]),
        ("unknown claims are kept", ["x-custom": ["nested": [1, 2, 3]]]),
    ] as [(String, [String: JSONValue?])])
    func otherSideOfEachRulePasses(name: String, claims: [String: JSONValue?]) async throws {
        let token = try await Self.validate(Factory.idToken(claims: claims))
        #expect(token.subject == (claims["sub"]??.stringValue ?? Factory.subject))
    }

    @Test func nonceRules() async throws {
        // (11) No nonce sent: a token with or without one is accepted.
        _ = try await Self.validate(Factory.idToken(), nonce: nil)
        _ = try await Self.validate(Factory.idToken(claims: ["nonce": nil]), nonce: nil)
        // at_hash is checked only when the access token is known.
        _ = try await Self.validate(Factory.idToken(claims: ["at_hash": "AAAAAAAAAAAAAAAAAAAAAA"]), accessToken: nil)
    }

    @Test func audienceOverrideReplacesClientID() async throws {
        let token = Factory.idToken(claims: ["aud": "https://api.example.com"])
        _ = try await Self.validate(token, audience: "https://api.example.com")
        await #expect(throws: JOSEError.audienceMismatch(expected: Factory.clientID, received: ["https://api.example.com"])) {
            try await Self.validate(token)
        }
        let withAZP = Factory.idToken(claims: ["aud": ["https://api.example.com", "x"], "azp": .string(Factory.clientID)])
        await #expect(throws: JOSEError.authorizedPartyMismatch(expected: "https://api.example.com", received: Factory.clientID)) {
            try await Self.validate(withAZP, audience: "https://api.example.com")
        }
    }

    @Test func leewayIsConfigurable() async throws {
        let token = Factory.idToken(claims: ["exp": .number(Self.now - 100)])
        _ = try await Self.validate(token, leeway: 120)
        await #expect(throws: JOSEError.expired(expiresAt: Date(timeIntervalSince1970: Self.now - 100), now: Factory.now, leeway: 60)) {
            try await Self.validate(token)
        }
        let exactlyNow = Factory.idToken(claims: ["exp": .number(Self.now)])
        await #expect(throws: JOSEError.self) { try await Self.validate(exactlyNow, leeway: 0) }
        _ = try await Self.validate(Factory.idToken(claims: ["exp": .number(Self.now + 1)]), leeway: 0)
        // A negative leeway is treated as zero; a huge one is capped.
        #expect(JOSETest.validator(leeway: -5).leeway == 0)
        #expect(JOSETest.validator(leeway: 1e9).leeway == IDTokenValidator.maximumLeeway)
    }

    // MARK: Each violation, its own error

    @Test(arguments: [
        ("(2) iss differs", ["iss": "https://evil.example.com"], JOSEError.issuerMismatch(expected: Factory.issuer, received: "https://evil.example.com")),
        ("(2) iss with a trailing slash", ["iss": .string(Factory.issuer + "/")], .issuerMismatch(expected: Factory.issuer, received: Factory.issuer + "/")),
        ("(2) iss missing", ["iss": nil], .missingClaim("iss")),
        ("(2) iss not a string", ["iss": 1], .invalidClaim(name: "iss", reason: "it is not a string")),
        ("(3) aud differs", ["aud": "someone-else"], .audienceMismatch(expected: Factory.clientID, received: ["someone-else"])),
        ("(3) aud array without us", ["aud": ["a", "b"]], .audienceMismatch(expected: Factory.clientID, received: ["a", "b"])),
        ("(3) aud missing", ["aud": nil], .missingClaim("aud")),
        ("(3) aud empty array", ["aud": []], .invalidClaim(name: "aud", reason: "it is neither a string nor a non-empty array of strings")),
        ("(3) aud with a number", ["aud": [.string(Factory.clientID), 1]], .invalidClaim(name: "aud", reason: "it contains a value that is not a string")),
        ("(4) several aud, no azp", ["aud": [.string(Factory.clientID), "other"]], .missingAuthorizedParty(audiences: [Factory.clientID, "other"])),
        ("(5) azp differs", ["azp": "other"], .authorizedPartyMismatch(expected: Factory.clientID, received: "other")),
        ("(5) azp not a string", ["azp": true], .invalidClaim(name: "azp", reason: "it is not a string")),
        ("(9) expired", ["exp": .number(now - 61)], .expired(expiresAt: Date(timeIntervalSince1970: now - 61), now: Factory.now, leeway: 60)),
        ("(9) exp missing", ["exp": nil], .missingClaim("exp")),
        ("(9) exp a string", ["exp": "1750003600"], .invalidClaim(name: "exp", reason: "it is not a number")),
        ("(9) exp huge", ["exp": .number(1e300)], .invalidClaim(name: "exp", reason: "1e+300 is not a time between 1970 and 9999")),
        ("(9) exp negative", ["exp": -1], .invalidClaim(name: "exp", reason: "-1.0 is not a time between 1970 and 9999")),
        ("(9a) nbf ahead", ["nbf": .number(now + 61)], .notYetValid(notBefore: Date(timeIntervalSince1970: now + 61), now: Factory.now, leeway: 60)),
        ("(10) iat ahead", ["iat": .number(now + 61)], .issuedInFuture(issuedAt: Date(timeIntervalSince1970: now + 61), now: Factory.now, leeway: 60)),
        ("(10) iat missing", ["iat": nil], .missingClaim("iat")),
        ("(10) iat not a number", ["iat": [1]], .invalidClaim(name: "iat", reason: "it is not a number")),
        ("(11) nonce differs", ["nonce": "attacker-nonce"], .nonceMismatch(expectedPrefix: "n-0S", receivedPrefix: "atta")),
        ("(11) nonce missing", ["nonce": nil], .missingNonce),
        ("(11) nonce not a string", ["nonce": 5], .invalidClaim(name: "nonce", reason: "it is not a string")),
        ("at_hash differs", ["at_hash": "AAAAAAAAAAAAAAAAAAAAAA"], .accessTokenHashMismatch(expected: Factory.accessTokenHash, received: "AAAAAAAAAAAAAAAAAAAAAA")),
        ("at_hash not a string", ["at_hash": 1], .invalidClaim(name: "at_hash", reason: "it is not a string")),
        ("sub missing", ["sub": nil], .missingClaim("sub")),
        ("sub empty", ["sub": ""], .invalidSubject(reason: "it is empty")),
        ("sub too long", ["sub": .string(String(repeating: "s", count: 256))], .invalidSubject(reason: "it is 256 characters; at most 255 are allowed")),
        ("sub not ASCII", ["sub": "jürgen"], .invalidSubject(reason: "it is not ASCII")),
        ("sub not a string", ["sub": 42], .invalidClaim(name: "sub", reason: "it is not a string")),
    ] as [(String, [String: JSONValue?], JOSEError)])
    func violationFails(name: String, claims: [String: JSONValue?], expected: JOSEError) async {
        let token = Factory.idToken(claims: claims)
        await #expect(throws: expected) { try await Self.validate(token) }
        #expect(expected.code == .invalidCredential)
    }

    @Test func checksRunInSpecOrder() async {
        // Several violations at once: the first rule in §3.1.3.7 order is the one reported.
        let token = Factory.idToken(claims: ["iss": "x", "aud": "y", "exp": 1, "nonce": "z"])
        await #expect(throws: JOSEError.issuerMismatch(expected: Factory.issuer, received: "x")) { try await Self.validate(token) }
        let badSignatureAndExpired = Factory.idToken(.rs256(.secondary), kid: "rsa-1", claims: ["exp": 1])
        await #expect(throws: JOSEError.invalidSignature(kid: "rsa-1", algorithm: "RS256")) { try await Self.validate(badSignatureAndExpired) }
    }

    // MARK: Where the token came from (§3.1.3.8, §3.2.2.9, §12.2)

    static let mismatchedHash = JOSEError.accessTokenHashMismatch(expected: Factory.accessTokenHash, received: "AAAAAAAAAAAAAAAAAAAAAA")

    /// at_hash binds a front-channel token only; from the token endpoint a mismatch is a warning.
    @Test(arguments: [
        ("front channel: a mismatch refuses", IDTokenDelivery.frontChannel, false),
        ("code exchange: a mismatch warns", .codeExchange, true),
        ("refresh: a mismatch warns", .refresh(subject: Factory.subject), true),
    ] as [(String, IDTokenDelivery, Bool)])
    func accessTokenHashByDelivery(name: String, delivery: IDTokenDelivery, accepted: Bool) async throws {
        let validator = JOSETest.validator()
        let mismatched = Factory.idToken(claims: ["at_hash": "AAAAAAAAAAAAAAAAAAAAAA"])
        if accepted {
            let token = try await validator.validate(mismatched, expectedNonce: Factory.nonce, accessToken: Factory.accessToken, delivery: delivery)
            #expect(token.warnings == [Self.mismatchedHash])
            #expect(token.isInconsistent)
        } else {
            await #expect(throws: Self.mismatchedHash) {
                try await validator.validate(mismatched, expectedNonce: Factory.nonce, accessToken: Factory.accessToken, delivery: delivery)
            }
        }
        // A matching at_hash, or none, warns of nothing on any channel.
        for claims in [[:], ["at_hash": nil]] as [[String: JSONValue?]] {
            let token = try await validator.validate(
                Factory.idToken(claims: claims), expectedNonce: Factory.nonce, accessToken: Factory.accessToken, delivery: delivery)
            #expect(token.warnings.isEmpty)
        }
        // A malformed at_hash is refused wherever the token came from.
        await #expect(throws: JOSEError.invalidClaim(name: "at_hash", reason: "it is not a string")) {
            try await validator.validate(
                Factory.idToken(claims: ["at_hash": 1]), expectedNonce: Factory.nonce, accessToken: Factory.accessToken, delivery: delivery)
        }
    }

    /// The hard checks stay hard on the back channel: a refreshed token with a bad iss, aud,
    /// signature, exp or a changed sub is refused even though its at_hash would only warn.
    @Test(arguments: [
        ("(2) iss", ["iss": "https://evil.example.com"], JOSEError.issuerMismatch(expected: Factory.issuer, received: "https://evil.example.com")),
        ("(3) aud", ["aud": "someone-else"], .audienceMismatch(expected: Factory.clientID, received: ["someone-else"])),
        ("(9) exp", ["exp": .number(now - 61)], .expired(expiresAt: Date(timeIntervalSince1970: now - 61), now: Factory.now, leeway: 60)),
        ("§12.2 sub changed", ["sub": "someone-else"], .subjectChanged(expected: Factory.subject, received: "someone-else")),
    ] as [(String, [String: JSONValue?], JOSEError)])
    func hardChecksStayHardOnRefresh(name: String, claims: [String: JSONValue?], expected: JOSEError) async {
        var withBadHash = claims
        withBadHash["at_hash"] = "AAAAAAAAAAAAAAAAAAAAAA"
        await #expect(throws: expected) {
            try await JOSETest.validator().validate(
                Factory.idToken(claims: withBadHash), expectedNonce: nil, accessToken: Factory.accessToken,
                delivery: .refresh(subject: Factory.subject))
        }
    }

    @Test func refreshedSignatureByAnotherKeyIsRefused() async {
        let token = Factory.idToken(.rs256(.secondary), kid: "rsa-1")
        await #expect(throws: JOSEError.invalidSignature(kid: "rsa-1", algorithm: "RS256")) {
            try await JOSETest.validator().validate(token, expectedNonce: nil, accessToken: Factory.accessToken, delivery: .refresh(subject: Factory.subject))
        }
    }

    /// §12.2: a session that names no subject accepts no refreshed ID token; elsewhere sub is free.
    @Test func subjectRuleAppliesToRefreshesOnly() async throws {
        let token = Factory.idToken()
        await #expect(throws: JOSEError.subjectChanged(expected: nil, received: Factory.subject)) {
            try await JOSETest.validator().validate(token, expectedNonce: nil, accessToken: nil, delivery: .refresh(subject: nil))
        }
        _ = try await JOSETest.validator().validate(token, expectedNonce: nil, accessToken: nil, delivery: .codeExchange)
        #expect(JOSEError.subjectChanged(expected: "a", received: "b").code == .invalidCredential)
        #expect(JOSEError.subjectChanged(expected: "a", received: "b").message.contains("§12.2"))
    }

    // MARK: (6) Signature and algorithm policy

    @Test func signatureByAnotherKeyFails() async {
        let token = Factory.idToken(.rs256(.secondary), kid: "rsa-1")
        await #expect(throws: JOSEError.invalidSignature(kid: "rsa-1", algorithm: "RS256")) { try await Self.validate(token) }
        let ecToken = Factory.idToken(.es256(.secondary), kid: "ec-1")
        await #expect(throws: JOSEError.invalidSignature(kid: "ec-1", algorithm: "ES256")) { try await Self.validate(ecToken) }
    }

    @Test func algNoneIsNeverAccepted() async {
        for alg in ["none", "None", "NONE"] {
            await #expect(throws: JOSEError.unsecuredToken) { try await Self.validate(Factory.unsecuredToken(alg: alg)) }
        }
        // Not even with a signature segment, or with a secret configured.
        let withSignature = Factory.unsecuredToken() + "AAAA"
        await #expect(throws: JOSEError.unsecuredToken) { try await Self.validate(withSignature, hmacSecret: Factory.hmacSecret) }
    }

    @Test func rsaPublicKeyIsNeverAnHMACSecret() async {
        let key = TestRSAKey.primary
        let jwkText = Array(Factory.jwk(key, kid: Factory.rsaKeyID, alg: "RS256").serialized().utf8)
        for secret in [key.modulus, jwkText, key.modulus + key.publicExponent] {
            let token = Factory.confusedToken(secret: secret)
            // No client secret configured: HS256 is refused outright.
            await #expect(throws: JOSEError.hmacNotConfigured) { try await Self.validate(token) }
            // A client secret configured: the MAC is checked with it, never with a key-set key.
            await #expect(throws: JOSEError.invalidSignature(kid: "rsa-1", algorithm: "HS256")) {
                try await Self.validate(token, hmacSecret: Factory.hmacSecret)
            }
        }
    }

    @Test func shortHMACSecretIsAConfigurationError() async {
        let secret = Array("short".utf8)
        let token = Factory.idToken(.hs256(secret))
        await #expect(throws: JOSEError.hmacSecretTooShort(byteCount: 5, minimum: 32)) { try await Self.validate(token, hmacSecret: secret) }
        #expect(JOSEError.hmacSecretTooShort(byteCount: 5, minimum: 32).code == .configurationError)
    }

    @Test(arguments: [
        ("ES256 header naming the RSA key", TestSigner.es256(.primary), "rsa-1", JOSEError.keyAlgorithmMismatch(kid: "rsa-1", keyType: "RSA", keyAlgorithm: "RS256", tokenAlgorithm: "ES256")),
        ("RS256 header naming the EC key", .rs256(.primary), "ec-1", .keyAlgorithmMismatch(kid: "ec-1", keyType: "EC", keyAlgorithm: "ES256", tokenAlgorithm: "RS256")),
        ("PS256 with a key bound to RS256", .ps256(.primary), "rsa-1", .keyAlgorithmMismatch(kid: "rsa-1", keyType: "RSA", keyAlgorithm: "RS256", tokenAlgorithm: "PS256")),
        ("unknown kid", .rs256(.primary), "no-such-key", .noMatchingKey(kid: "no-such-key", algorithm: "RS256")),
    ] as [(String, TestSigner, String, JOSEError)])
    func keyMustFitTheAlgorithm(name: String, signer: TestSigner, kid: String, expected: JOSEError) async {
        let token = Factory.idToken(signer, kid: .named(kid))
        await #expect(throws: expected) { try await Self.validate(token) }
    }

    @Test func tokenWithoutKidNeedsExactlyOneFittingKey() async throws {
        // Two RSA keys fit RS256: refuse to guess.
        await #expect(throws: JOSEError.ambiguousKey(algorithm: "RS256", candidates: 2)) {
            try await Self.validate(Factory.idToken(kid: .omitted))
        }
        // One EC key fits ES256: fine. One key in the whole set: fine.
        _ = try await Self.validate(Factory.idToken(.es256(.primary), kid: .omitted))
        let single = StaticJWKSetSource(try JWKSet.parse(Factory.jwks([Factory.jwk(TestRSAKey.primary, kid: nil)])))
        _ = try await Self.validate(Factory.idToken(kid: .omitted), keys: single)
        // No key for the algorithm at all.
        await #expect(throws: JOSEError.noMatchingKey(kid: nil, algorithm: "ES256")) {
            try await Self.validate(Factory.idToken(.es256(.primary), kid: .omitted), keys: single)
        }
    }

    @Test func weakKeysAreUnusable() async throws {
        let set = try JWKSet.parse(Factory.jwks([Factory.jwk(TestRSAKey.weak1024, kid: "weak")]))
        #expect(set.keys.isEmpty)
        let token = Factory.idToken(.rs256(.weak1024), kid: "weak")
        await #expect(throws: JOSEError.noMatchingKey(kid: "weak", algorithm: "RS256")) {
            try await Self.validate(token, keys: StaticJWKSetSource(set))
        }
        // 4096-bit keys work.
        let large = StaticJWKSetSource(try JWKSet.parse(Factory.jwks([Factory.jwk(TestRSAKey.large, kid: "big")])))
        _ = try await Self.validate(Factory.idToken(.rs256(.large), kid: "big"), keys: large)
    }

    @Test func structuralLimits() async {
        let deep = String(repeating: "[", count: 80) + String(repeating: "]", count: 80)
        let claims = Factory.claims().map { "\"\($0.key)\":\($0.value.serialized())" }.joined(separator: ",")
        let deepToken = Factory.sign(headerJSON: "{\"alg\":\"RS256\",\"kid\":\"rsa-1\"}", payloadJSON: "{" + claims + ",\"deep\":" + deep + "}", with: .rs256(.primary))
        let duplicateToken = Factory.sign(headerJSON: "{\"alg\":\"RS256\",\"kid\":\"rsa-1\"}", payloadJSON: "{" + claims + ",\"sub\":\"admin\"}", with: .rs256(.primary))
        let invalidUTF8 = Factory.sign(headerBytes: Array("{\"alg\":\"RS256\",\"kid\":\"rsa-1\"}".utf8), payloadBytes: Array("{\"sub\":\"\u{1}".utf8) + [0xff, 0xfe] + Array("\"}".utf8), with: .rs256(.primary))
        let crit = Factory.idToken(header: ["crit": ["exp"], "exp": 1])
        for (token, kind) in [(deepToken, "malformedToken"), (duplicateToken, "malformedToken"), (invalidUTF8, "malformedToken"), (crit, "unsupportedCriticalHeader")] {
            let error = await JOSETest.joseError { _ = try await Self.validate(token) }
            #expect(error?.kind == kind)
        }
    }

    @Test func messagesNameTheClaimAndHideSecrets() async {
        let error = await JOSETest.joseError { _ = try await Self.validate(Factory.idToken(claims: ["nonce": "a-much-longer-received-nonce"])) }
        let message = error?.message ?? ""
        #expect(message.contains("nonce"))
        #expect(!message.contains(Factory.nonce))
        #expect(!message.contains("a-much-longer-received-nonce"))
        let expired = await JOSETest.joseError { _ = try await Self.validate(Factory.idToken(claims: ["exp": .number(Self.now - 3600)])) }
        #expect(expired?.message.contains("exp") == true)
        #expect(expired?.message.contains("2025-06-15T14:06:40Z") == true)
        let token = Factory.idToken(.rs256(.secondary), kid: "rsa-1")
        let signature = await JOSETest.joseError { _ = try await Self.validate(token) }
        #expect(signature?.message.contains(String(token.suffix(20))) == false)
    }
}
