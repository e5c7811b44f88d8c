import Testing
@testable import AuthCrypto
import AuthTestSupport

/// Flips one bit, so a valid signature or message becomes invalid.
private func flipped(_ bytes: [UInt8], at index: Int, bit: UInt8 = 0) -> [UInt8] {
    var copy = bytes
    copy[index] ^= 1 << bit
    return copy
}

private let message = Array("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0".utf8)

@Suite("RSA sign/verify round trips with the test keys")
struct RSARoundTripTests {
    static let keys: [(String, TestRSAKey)] = [("primary", .primary), ("secondary", .secondary), ("large", .large)]

    @Test("PKCS#1 v1.5", arguments: keys)
    func pkcs1(name: String, signer: TestRSAKey) throws {
        let key = try RSAPublicKey(modulus: signer.modulus, exponent: signer.publicExponent)
        let signature = signer.signPKCS1v15SHA256(message)
        #expect(signature.count == signer.modulus.count)
        #expect(key.isValidPKCS1v15SHA256Signature(signature, for: message))
        #expect(!key.isValidPKCS1v15SHA256Signature(flipped(signature, at: signature.count - 1), for: message))
        #expect(!key.isValidPKCS1v15SHA256Signature(flipped(signature, at: 7, bit: 5), for: message))
        #expect(!key.isValidPKCS1v15SHA256Signature(signature, for: flipped(message, at: 3)))
        #expect(!key.isValidPSSSHA256Signature(signature, for: message))
    }

    @Test("PSS", arguments: keys)
    func pss(name: String, signer: TestRSAKey) throws {
        let key = try RSAPublicKey(modulus: signer.modulus, exponent: signer.publicExponent)
        for saltLength in [0, 20, 32] {
            let salt = (0..<saltLength).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
            let signature = signer.signPSSSHA256(message, salt: salt)
            #expect(key.isValidPSSSHA256Signature(signature, for: message, saltLength: saltLength))
            #expect(!key.isValidPSSSHA256Signature(signature, for: message, saltLength: saltLength + 1))
            #expect(!key.isValidPSSSHA256Signature(flipped(signature, at: 100), for: message, saltLength: saltLength))
            #expect(!key.isValidPSSSHA256Signature(signature, for: flipped(message, at: 0), saltLength: saltLength))
            #expect(!key.isValidPKCS1v15SHA256Signature(signature, for: message))
        }
    }

    @Test("a signature from another key fails")
    func wrongKey() throws {
        let secondary = try RSAPublicKey(modulus: TestRSAKey.secondary.modulus, exponent: TestRSAKey.secondary.publicExponent)
        #expect(!secondary.isValidPKCS1v15SHA256Signature(TestRSAKey.primary.signPKCS1v15SHA256(message), for: message))
    }

    @Test("the weak key signs but its public key is refused")
    func weakKey() {
        #expect(TestRSAKey.weak1024.signPKCS1v15SHA256(message).count == 128)
        #expect(throws: CryptoError.keyTooSmall(bits: 1024)) {
            try RSAPublicKey(modulus: TestRSAKey.weak1024.modulus, exponent: TestRSAKey.weak1024.publicExponent)
        }
    }

    @Test("signatures of the wrong size or out of range fail")
    func malformedSignatures() throws {
        let signer = TestRSAKey.primary
        let key = try RSAPublicKey(modulus: signer.modulus, exponent: signer.publicExponent)
        let signature = signer.signPKCS1v15SHA256(message)
        let candidates: [[UInt8]] = [
            [],
            [0] + signature,                                       // longer than k, though same value
            Array(signature.dropFirst()),                          // shorter than k
            signature + [0],
            signer.modulus,                                        // s == n
            [UInt8](repeating: 0xff, count: signer.modulus.count), // s > n
            [UInt8](repeating: 0, count: signer.modulus.count),    // s == 0
            [UInt8](repeating: 0, count: signer.modulus.count - 1) + [1], // s == 1
        ]
        for candidate in candidates {
            #expect(!key.isValidPKCS1v15SHA256Signature(candidate, for: message))
            #expect(!key.isValidPSSSHA256Signature(candidate, for: message))
        }
    }
}

@Suite("P-256 sign/verify round trips with the test keys")
struct P256RoundTripTests {
    static let nonces: [[UInt8]] = [
        [UInt8](repeating: 0, count: 31) + [1],
        (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) },
        Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550"), // n - 1
    ]

    @Test("public points match OpenSSL's for the same private keys")
    func publicPointsMatchOpenSSL() {
        #expect(Hex.encode([0x04] + TestP256Key.primary.x + TestP256Key.primary.y) == "04a8723642e93cbad13bfa4e8df68bec861ef22583dcac549a21fcc301853edb549b14ccd0749e11d03cd73267f4efb1bab7df9b5b4711ffd995573fb5783fc582")
        #expect(Hex.encode([0x04] + TestP256Key.secondary.x + TestP256Key.secondary.y) == "0493564f6b7f3590c75b8afc7f46bbf6d0fd5eda397db2ab92857f7be2890bb25b44b4a5d02cc1e4624a142e4ae9cc1658189aa9957693ec448d050829f697dc59")
    }

    @Test("ES256", arguments: [("primary", TestP256Key.primary), ("secondary", TestP256Key.secondary)])
    func es256(name: String, signer: TestP256Key) throws {
        let key = try P256PublicKey(x: signer.x, y: signer.y)
        for nonce in Self.nonces {
            let signature = signer.signES256(message, nonce: nonce)
            #expect(signature.count == 64)
            #expect(signer.signES256(message, nonce: nonce) == signature, "deterministic for a fixed nonce")
            #expect(key.isValidES256Signature(signature, for: message))
            #expect(!key.isValidES256Signature(flipped(signature, at: 5), for: message))
            #expect(!key.isValidES256Signature(flipped(signature, at: 63), for: message))
            #expect(!key.isValidES256Signature(signature, for: flipped(message, at: 10, bit: 7)))
        }
    }

    @Test("a signature from another key fails")
    func wrongKey() throws {
        let secondary = try P256PublicKey(x: TestP256Key.secondary.x, y: TestP256Key.secondary.y)
        #expect(!secondary.isValidES256Signature(TestP256Key.primary.signES256(message, nonce: Self.nonces[1]), for: message))
    }

    @Test("r and s out of range or wrong length fail")
    func malformedSignatures() throws {
        let signer = TestP256Key.primary
        let key = try P256PublicKey(x: signer.x, y: signer.y)
        let signature = signer.signES256(message, nonce: Self.nonces[1])
        let r = Array(signature[0..<32]), s = Array(signature[32..<64])
        let n = InsecureVariableTimeArithmetic.p256GroupOrder
        let zero = [UInt8](repeating: 0, count: 32), ones = [UInt8](repeating: 0xff, count: 32)
        let candidates: [[UInt8]] = [
            zero + s, r + zero, zero + zero, n + s, r + n, ones + s, r + ones,
            Array(signature.dropLast()), signature + [0], [0] + signature, [], Array(signature.prefix(32)),
        ]
        for candidate in candidates {
            #expect(!key.isValidES256Signature(candidate, for: message))
        }
        // (r, n - s) is the other valid signature for the same k (ECDSA malleability): accepted, as in JOSE.
        let negatedS = InsecureVariableTimeArithmetic.p256ScalarMultiplyAdd(
            [UInt8](repeating: 0, count: 31) + [1], s, zero)
        #expect(key.isValidES256Signature(r + negatedS, for: message))
    }
}
