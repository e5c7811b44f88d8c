/// A P-256 public key for verifying ES256 signatures (RFC 7518 §3.4: ECDSA with P-256 and SHA-256).
package struct P256PublicKey: Sendable, Equatable {
    /// Coordinate size in bytes (RFC 7518 §6.2.1.2: "the full size of a coordinate", 32 for P-256).
    package static let coordinateByteCount = 32
    /// JOSE signature size: r ‖ s, 32 bytes each (RFC 7518 §3.4).
    package static let signatureByteCount = 64

    /// The point, in Montgomery form.
    let point: AffinePoint
    /// Odd multiples of the point, built once per key so each verification saves the work.
    let table: [AffinePoint]

    /// Validates a public key given as 32-byte big-endian coordinates (JWK `x`, `y`): both below p,
    /// not the identity, and on the curve (SP 800-56A §5.6.2.3.3; cofactor 1, so no order check).
    package init(x: [UInt8], y: [UInt8]) throws(CryptoError) {
        guard x.count == Self.coordinateByteCount else { throw .invalidCoordinateLength(byteCount: x.count) }
        guard y.count == Self.coordinateByteCount else { throw .invalidCoordinateLength(byteCount: y.count) }
        let rawX = UInt256(bigEndian: x), rawY = UInt256(bigEndian: y)
        guard rawX < FieldP.modulus, rawY < FieldP.modulus else { throw .coordinateOutOfRange }
        guard !(rawX.isZero && rawY.isZero) else { throw .pointAtInfinity }
        let point = AffinePoint(x: FieldP.toMontgomery(rawX), y: FieldP.toMontgomery(rawY))
        guard P256Curve.isOnCurve(x: point.x, y: point.y) else { throw .pointNotOnCurve }
        self.point = point
        self.table = P256Curve.oddMultiples(of: point, windowWidth: P256Curve.publicKeyWindowWidth)
    }

    package static func == (lhs: P256PublicKey, rhs: P256PublicKey) -> Bool {
        lhs.point == rhs.point
    }

    /// Verifies an ES256 signature: 64-byte r ‖ s over SHA-256(message) (FIPS 186-5 §6.4.2).
    /// Any other length (including DER) is rejected.
    package func isValidES256Signature(_ rawSignature: [UInt8], for message: [UInt8]) -> Bool {
        guard rawSignature.count == Self.signatureByteCount else { return false }
        let r = UInt256(bigEndian: rawSignature[0..<32])
        let s = UInt256(bigEndian: rawSignature[32..<64])
        let n = ScalarN.modulus
        // Step 1: 0 < r < n and 0 < s < n.
        guard !r.isZero, r < n, !s.isZero, s < n else { return false }
        // Steps 2-3: e = leftmost 256 bits of SHA-256(M) (all of it, since n has 256 bits), mod n.
        var e = UInt256(bigEndian: SHA256.hash(message))
        if !(e < n) { e = UInt256.subtract(e, n).0 }
        // Step 4: w = s⁻¹ mod n (kept in Montgomery form, so one multiply by it leaves the form).
        let w = ScalarN.invert(ScalarN.toMontgomery(s))
        // Step 5: u1 = e·w, u2 = r·w.
        let u1 = ScalarN.multiply(e, w)
        let u2 = ScalarN.multiply(r, w)
        // Step 6: R = u1·G + u2·Q; reject the point at infinity.
        let sum = P256Curve.multiplyAdd(baseScalar: u1, publicScalar: u2, publicTable: table)
        guard !sum.isInfinity else { return false }
        // Steps 7-8: accept iff x(R) mod n == r. x(R) = X/Z², so compare r·Z² with X in GF(p) and
        // avoid an inversion; x(R) < p < 2n, so x(R) may also be r + n when that is below p.
        let z2 = FieldP.square(sum.z)
        if FieldP.multiply(FieldP.toMontgomery(r), z2) == sum.x { return true }
        let (rPlusN, carry) = UInt256.add(r, n)
        guard !carry, rPlusN < FieldP.modulus else { return false }
        return FieldP.multiply(FieldP.toMontgomery(rPlusN), z2) == sum.x
    }
}
