/// Variable-time big-number and P-256 operations on big-endian bytes, public only so the test
/// signing keys in AuthTestSupport can produce fixtures. Their running time leaks their inputs:
/// never pass a real private key or nonce. authctl itself never signs with RSA or EC keys.
package enum InsecureVariableTimeArithmetic {
    /// base^exponent mod modulus as big-endian bytes of the modulus' length. The modulus must be
    /// odd; the base must be below it.
    package static func modularPower(_ base: [UInt8], exponent: [UInt8], modulus: [UInt8]) -> [UInt8] {
        let modulusBytes = Limbs.trimmed(modulus)
        let count = (modulusBytes.count + 7) / 8
        let context = MontgomeryModulus(oddModulus: Limbs.fromBigEndian(modulusBytes, count: count)!)
        let baseLimbs = Limbs.fromBigEndian(Limbs.trimmed(base), count: count)!
        let accumulator = context.limbs.withUnsafeBufferPointer { n in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 5 * count) { buffer -> [UInt64] in
                let start = buffer.baseAddress!
                let b = start, accumulator = start + count, one = start + 2 * count, scratch = start + 3 * count
                func multiply(_ r: UnsafeMutablePointer<UInt64>, _ x: UnsafePointer<UInt64>, _ y: UnsafePointer<UInt64>) {
                    MontgomeryModulus.multiply(r, x, y, modulus: n.baseAddress!, inverseNegated: context.inverseNegated,
                                               count: count, scratch: scratch)
                }
                precondition(Limbs.isLess(baseLimbs, n.baseAddress!, count: count), "base must be below the modulus")
                b.update(from: baseLimbs, count: count)
                one.update(repeating: 0, count: count)
                one[0] = 1
                multiply(b, b, context.rSquared)                     // base·R
                multiply(accumulator, one, context.rSquared)         // 1·R
                for byte in exponent {
                    for bit in (0..<8).reversed() {
                        multiply(accumulator, accumulator, accumulator)
                        if (byte >> UInt8(bit)) & 1 == 1 { multiply(accumulator, accumulator, b) }
                    }
                }
                multiply(accumulator, accumulator, one)
                return Array(UnsafeBufferPointer(start: accumulator, count: count))
            }
        }
        return accumulator.withUnsafeBufferPointer { Limbs.toBigEndian($0, byteCount: modulusBytes.count) }
    }

    /// The P-256 group order n (SEC 2 §2.4.2), big-endian.
    package static var p256GroupOrder: [UInt8] { ScalarN.modulus.bigEndianBytes }

    /// (a·b + c) mod n for 32-byte big-endian a, b, c below 2²⁵⁶ (reduced first), n the P-256 order.
    package static func p256ScalarMultiplyAdd(_ a: [UInt8], _ b: [UInt8], _ c: [UInt8]) -> [UInt8] {
        let product = ScalarN.multiply(ScalarN.toMontgomery(reduced(a)), reduced(b))
        return ScalarN.add(product, reduced(c)).bigEndianBytes
    }

    /// a⁻¹ mod n for a 32-byte big-endian a with a mod n ≠ 0, n the P-256 order.
    package static func p256ScalarInverse(_ a: [UInt8]) -> [UInt8] {
        ScalarN.fromMontgomery(ScalarN.invert(ScalarN.toMontgomery(reduced(a)))).bigEndianBytes
    }

    /// scalar·G as 32-byte big-endian affine coordinates, or `nil` for the point at infinity.
    package static func p256MultiplyBasePoint(_ scalar: [UInt8]) -> (x: [UInt8], y: [UInt8])? {
        let product = P256Curve.multiplyAdd(baseScalar: reduced(scalar), publicScalar: .zero, publicTable: [])
        guard !product.isInfinity else { return nil }
        let point = P256Curve.normalize([product])[0]
        return (FieldP.fromMontgomery(point.x).bigEndianBytes, FieldP.fromMontgomery(point.y).bigEndianBytes)
    }

    /// A 32-byte value reduced mod n (one subtraction suffices since 2²⁵⁶ < 2n).
    private static func reduced(_ bytes: [UInt8]) -> UInt256 {
        precondition(bytes.count == 32, "P-256 scalars are 32 bytes")
        let value = UInt256(bigEndian: bytes)
        return value < ScalarN.modulus ? value : UInt256.subtract(value, ScalarN.modulus).0
    }
}
