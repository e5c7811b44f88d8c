/// An RSA public key for verifying RS256 (RSASSA-PKCS1-v1_5) and PS256 (RSASSA-PSS) signatures
/// with SHA-256 (RFC 8017 §8).
///
/// Keys are bounded on both sides: under 2048 bits is too weak (NIST SP 800-131A; RFC 7518 §3.3
/// requires 2048), and over 4096 bits is refused so that a hostile token or JWK set cannot make us
/// do unbounded work per verification. The exponent is bounded for the same reason.
package struct RSAPublicKey: Sendable, Equatable {
    /// Smallest accepted modulus (RFC 7518 §3.3, §3.5: "2048 bits or larger").
    package static let minimumModulusBits = 2048
    /// Largest accepted modulus: bounds work per hostile token.
    package static let maximumModulusBits = 4096
    /// Widest accepted public exponent (65537 is 17 bits); bounds the number of multiplications.
    package static let maximumExponentBits = 32

    /// The modulus prepared for Montgomery arithmetic (R² mod n is computed once, here).
    let modulus: MontgomeryModulus
    /// The public exponent e (odd, ≥ 3).
    let exponent: UInt64
    /// Bit length of n.
    package let bitCount: Int

    /// Octet length k of the modulus (RFC 8017 §8.2.2 step 1).
    var byteCount: Int { (bitCount + 7) / 8 }

    /// Builds a key from big-endian `n` and `e` (as in a JWK, RFC 7518 §6.3.1); leading zeros allowed.
    package init(modulus: [UInt8], exponent: [UInt8]) throws(CryptoError) {
        let modulusBytes = Limbs.trimmed(modulus)
        let limbCount = (modulusBytes.count + 7) / 8
        guard limbCount > 0, let limbs = Limbs.fromBigEndian(modulusBytes, count: limbCount) else {
            throw .keyTooSmall(bits: 0)
        }
        let bits = Limbs.bitCount(limbs)
        guard bits >= Self.minimumModulusBits else { throw .keyTooSmall(bits: bits) }
        guard bits <= Self.maximumModulusBits else { throw .keyTooLarge(bits: bits) }
        guard limbs[0] & 1 == 1 else { throw .invalidModulus }

        let exponentBytes = Limbs.trimmed(exponent)
        guard exponentBytes.count <= Self.maximumExponentBits / 8 else { throw .invalidExponent }
        let e = exponentBytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard e >= 3, e & 1 == 1 else { throw .invalidExponent }

        self.modulus = MontgomeryModulus(oddModulus: limbs)
        self.exponent = e
        self.bitCount = bits
    }

    // MARK: RSASSA-PKCS1-v1_5 (RFC 8017 §8.2.2)

    /// DER prefix of DigestInfo for SHA-256 (RFC 8017 §9.2 note 1), with the NULL parameters.
    static let sha256DigestInfoPrefix: [UInt8] = [
        0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
    ]

    /// Verifies an RS256 signature. The signature must be exactly k bytes and below n, and the
    /// recovered block must equal the one encoding EMSA-PKCS1-v1_5 allows byte for byte (RFC 8017
    /// §8.2.2 step 3-4, "compare"): no parsing, so no BER leniency and no DigestInfo without NULL.
    package func isValidPKCS1v15SHA256Signature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        guard let encoded = publicOperation(signature) else { return false }
        let digest = SHA256.hash(message)
        let tLength = Self.sha256DigestInfoPrefix.count + digest.count
        // EM = 0x00 || 0x01 || PS (0xff…, at least 8) || 0x00 || T  (RFC 8017 §9.2 step 5)
        guard byteCount >= tLength + 11 else { return false }
        var expected = [UInt8](repeating: 0xff, count: byteCount)
        expected[0] = 0x00
        expected[1] = 0x01
        expected[byteCount - tLength - 1] = 0x00
        expected.replaceSubrange((byteCount - tLength)..<(byteCount - digest.count), with: Self.sha256DigestInfoPrefix)
        expected.replaceSubrange((byteCount - digest.count)..<byteCount, with: digest)
        return encoded == expected
    }

    // MARK: RSASSA-PSS (RFC 8017 §8.1.2, §9.1.2)

    /// Verifies a PS256 signature: SHA-256, MGF1 with SHA-256, and a salt of exactly `saltLength`
    /// bytes (JOSE PS256 uses 32, RFC 7518 §3.5).
    package func isValidPSSSHA256Signature(_ signature: [UInt8], for message: [UInt8], saltLength: Int = 32) -> Bool {
        guard saltLength >= 0, let recovered = publicOperation(signature) else { return false }
        let hashLength = SHA256.digestByteCount
        // emBits = modBits - 1; emLen = ceil(emBits / 8) (RFC 8017 §8.1.2 step 2c)
        let emBits = bitCount - 1
        let emLength = (emBits + 7) / 8
        // I2OSP(m, emLen) must succeed: any extra leading byte must be zero.
        let extra = byteCount - emLength
        guard recovered.prefix(extra).allSatisfy({ $0 == 0 }) else { return false }
        let encoded = recovered[extra...]
        let mHash = SHA256.hash(message)

        // EMSA-PSS-VERIFY (RFC 8017 §9.1.2)
        guard emLength >= hashLength + saltLength + 2 else { return false }         // step 3
        guard encoded.last == 0xbc else { return false }                             // step 4
        let start = encoded.startIndex
        let maskedDB = encoded[start..<(start + emLength - hashLength - 1)]          // step 5
        let h = Array(encoded[(start + emLength - hashLength - 1)..<(start + emLength - 1)])
        let unusedTopBits = 8 * emLength - emBits
        let topMask: UInt8 = unusedTopBits == 0 ? 0 : ~(0xff >> UInt8(unusedTopBits))
        guard maskedDB.first! & topMask == 0 else { return false }                   // step 6
        let dbMask = Self.mgf1SHA256(seed: h, length: emLength - hashLength - 1)     // step 7
        var db = zip(maskedDB, dbMask).map { $0 ^ $1 }                               // step 8
        db[0] &= ~topMask                                                            // step 9
        let paddingLength = emLength - hashLength - saltLength - 2
        guard db[0..<paddingLength].allSatisfy({ $0 == 0 }), db[paddingLength] == 0x01 else {
            return false                                                             // step 10
        }
        let salt = db[(db.count - saltLength)...]                                    // step 11
        var hasher = SHA256.Hasher()                                                 // step 12-13
        hasher.update(repeatElement(UInt8(0), count: 8))
        hasher.update(mHash)
        hasher.update(salt)
        return hasher.finalize() == h                                                // step 14
    }

    /// MGF1 with SHA-256 (RFC 8017 Appendix B.2.1).
    static func mgf1SHA256(seed: [UInt8], length: Int) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(length + SHA256.digestByteCount)
        var counter: UInt32 = 0
        while output.count < length {
            var hasher = SHA256.Hasher()
            hasher.update(seed)
            hasher.update([UInt8(counter >> 24), UInt8(truncatingIfNeeded: counter >> 16),
                           UInt8(truncatingIfNeeded: counter >> 8), UInt8(truncatingIfNeeded: counter)])
            output.append(contentsOf: hasher.finalize())
            counter += 1
        }
        return Array(output.prefix(length))
    }

    // MARK: RSAVP1 (RFC 8017 §5.2.2)

    /// s^e mod n as k big-endian bytes, or `nil` when the signature is not k bytes or not below n.
    func publicOperation(_ signature: [UInt8]) -> [UInt8]? {
        guard signature.count == byteCount else { return nil }                       // §8.2.2 step 1
        let count = modulus.count
        return modulus.limbs.withUnsafeBufferPointer { n in
            modulus.rSquared.withUnsafeBufferPointer { rSquared in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 5 * count) { buffer -> [UInt8]? in
                    let base = buffer.baseAddress!
                    let s = base, accumulator = base + count, one = base + 2 * count, scratch = base + 3 * count
                    _ = Limbs.load(signature, into: UnsafeMutableBufferPointer(start: s, count: count))
                    guard Limbs.isLess(s, n.baseAddress!, count: count) else { return nil } // §5.2.2 step 1
                    let multiply = { (r: UnsafeMutablePointer<UInt64>, a: UnsafePointer<UInt64>, b: UnsafePointer<UInt64>) in
                        MontgomeryModulus.multiply(r, a, b, modulus: n.baseAddress!, inverseNegated: modulus.inverseNegated,
                                                   count: count, scratch: scratch)
                    }
                    multiply(s, s, rSquared.baseAddress!)              // s·R
                    accumulator.update(from: s, count: count)
                    // Left-to-right binary exponentiation over the bits of e below the top one.
                    var bit = 63 - exponent.leadingZeroBitCount - 1
                    while bit >= 0 {
                        MontgomeryModulus.square(accumulator, accumulator, modulus: n.baseAddress!,
                                                 inverseNegated: modulus.inverseNegated, count: count, scratch: scratch)
                        if (exponent >> UInt64(bit)) & 1 == 1 { multiply(accumulator, accumulator, s) }
                        bit -= 1
                    }
                    one.update(repeating: 0, count: count)
                    one[0] = 1
                    multiply(accumulator, accumulator, one)           // leave Montgomery form
                    return Limbs.toBigEndian(UnsafeBufferPointer(start: accumulator, count: count), byteCount: byteCount)
                }
            }
        }
    }
}
