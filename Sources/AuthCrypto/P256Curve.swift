// The P-256 group (FIPS 186-5 §6, SEC 2 §2.4.2): y² = x³ - 3x + b over GF(p).
// Points are in Jacobian coordinates (X, Y, Z) ↔ (X/Z², Y/Z³), every coordinate in Montgomery form.
// Variable-time by design: verification handles public data only (keys, signatures, messages).

typealias FieldP = P256FieldPrime
typealias ScalarN = P256GroupOrder

/// A finite point in affine coordinates (Montgomery form).
struct AffinePoint: Sendable, Equatable {
    var x: UInt256
    var y: UInt256
}

/// A point in Jacobian coordinates; `z == 0` is the point at infinity.
struct JacobianPoint: Sendable {
    var x: UInt256
    var y: UInt256
    var z: UInt256

    static let infinity = JacobianPoint(x: FieldP.one, y: FieldP.one, z: .zero)

    init(x: UInt256, y: UInt256, z: UInt256) {
        self.x = x; self.y = y; self.z = z
    }

    init(_ point: AffinePoint) {
        self.init(x: point.x, y: point.y, z: FieldP.one)
    }

    var isInfinity: Bool { z.isZero }
}

enum P256Curve {
    /// Curve coefficient b (SEC 2 §2.4.2), in Montgomery form.
    static var bMontgomery: UInt256 {
        UInt256(w0: 0xd89c_df62_29c4_bddf, w1: 0xacf0_05cd_7884_3090, w2: 0xe5a2_20ab_f721_2ed6, w3: 0xdc30_061d_0487_4834)
    }

    /// Base point G (SEC 2 §2.4.2), in Montgomery form.
    static var generator: AffinePoint {
        AffinePoint(
            x: UInt256(w0: 0x79e7_30d4_18a9_143c, w1: 0x75ba_95fc_5fed_b601, w2: 0x79fb_732b_7762_2510, w3: 0x1890_5f76_a537_55c6),
            y: UInt256(w0: 0xddf2_5357_ce95_560a, w1: 0x8b4a_b8e4_ba19_e45c, w2: 0xd2e8_8688_dd21_f325, w3: 0x8571_ff18_2588_5d85))
    }

    /// y² == x³ - 3x + b, for Montgomery-form coordinates already below p.
    static func isOnCurve(x: UInt256, y: UInt256) -> Bool {
        let x3 = FieldP.multiply(FieldP.square(x), x)
        let threeX = FieldP.add(FieldP.add(x, x), x)
        let rhs = FieldP.add(FieldP.subtract(x3, threeX), bMontgomery)
        return FieldP.square(y) == rhs
    }

    // MARK: Group law

    /// 2P, "dbl-2001-b" for a = -3 (3M + 5S). Infinity maps to infinity (Z3 = 0).
    @inline(__always)
    static func double(_ p: JacobianPoint) -> JacobianPoint {
        let delta = FieldP.square(p.z)
        let gamma = FieldP.square(p.y)
        let beta = FieldP.multiply(p.x, gamma)
        let t = FieldP.multiply(FieldP.subtract(p.x, delta), FieldP.add(p.x, delta))
        let alpha = FieldP.add(FieldP.add(t, t), t)
        let beta4 = FieldP.add(FieldP.add(beta, beta), FieldP.add(beta, beta))
        let x3 = FieldP.subtract(FieldP.square(alpha), FieldP.add(beta4, beta4))
        let yz = FieldP.add(p.y, p.z)
        let z3 = FieldP.subtract(FieldP.subtract(FieldP.square(yz), gamma), delta)
        let gamma2 = FieldP.square(gamma)
        let gamma2x2 = FieldP.add(gamma2, gamma2)
        let gamma2x8 = FieldP.add(FieldP.add(gamma2x2, gamma2x2), FieldP.add(gamma2x2, gamma2x2))
        let y3 = FieldP.subtract(FieldP.multiply(alpha, FieldP.subtract(beta4, x3)), gamma2x8)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q with Q affine, "madd-2007-bl" (7M + 4S); handles P = ∞, P = Q and P = -Q.
    @inline(__always)
    static func add(_ p: JacobianPoint, _ q: AffinePoint) -> JacobianPoint {
        if p.isInfinity { return JacobianPoint(q) }
        let z1z1 = FieldP.square(p.z)
        let u2 = FieldP.multiply(q.x, z1z1)
        let s2 = FieldP.multiply(q.y, FieldP.multiply(p.z, z1z1))
        let h = FieldP.subtract(u2, p.x)
        let sDifference = FieldP.subtract(s2, p.y)
        if h.isZero {
            return sDifference.isZero ? double(JacobianPoint(q)) : .infinity
        }
        let hh = FieldP.square(h)
        let i = FieldP.add(FieldP.add(hh, hh), FieldP.add(hh, hh))
        let j = FieldP.multiply(h, i)
        let r = FieldP.add(sDifference, sDifference)
        let v = FieldP.multiply(p.x, i)
        let x3 = FieldP.subtract(FieldP.subtract(FieldP.square(r), j), FieldP.add(v, v))
        let y1j = FieldP.multiply(p.y, j)
        let y3 = FieldP.subtract(FieldP.multiply(r, FieldP.subtract(v, x3)), FieldP.add(y1j, y1j))
        let z3 = FieldP.subtract(FieldP.subtract(FieldP.square(FieldP.add(p.z, h)), z1z1), hh)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q, "add-2007-bl" (11M + 5S); handles either operand at infinity, P = Q and P = -Q.
    static func add(_ p: JacobianPoint, _ q: JacobianPoint) -> JacobianPoint {
        if p.isInfinity { return q }
        if q.isInfinity { return p }
        let z1z1 = FieldP.square(p.z)
        let z2z2 = FieldP.square(q.z)
        let u1 = FieldP.multiply(p.x, z2z2)
        let u2 = FieldP.multiply(q.x, z1z1)
        let s1 = FieldP.multiply(p.y, FieldP.multiply(q.z, z2z2))
        let s2 = FieldP.multiply(q.y, FieldP.multiply(p.z, z1z1))
        let h = FieldP.subtract(u2, u1)
        let sDifference = FieldP.subtract(s2, s1)
        if h.isZero {
            return sDifference.isZero ? double(p) : .infinity
        }
        let h2 = FieldP.add(h, h)
        let i = FieldP.square(h2)
        let j = FieldP.multiply(h, i)
        let r = FieldP.add(sDifference, sDifference)
        let v = FieldP.multiply(u1, i)
        let x3 = FieldP.subtract(FieldP.subtract(FieldP.square(r), j), FieldP.add(v, v))
        let s1j = FieldP.multiply(s1, j)
        let y3 = FieldP.subtract(FieldP.multiply(r, FieldP.subtract(v, x3)), FieldP.add(s1j, s1j))
        let zSum = FieldP.square(FieldP.add(p.z, q.z))
        let z3 = FieldP.multiply(FieldP.subtract(FieldP.subtract(zSum, z1z1), z2z2), h)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    @inline(__always)
    static func negate(_ point: AffinePoint) -> AffinePoint {
        AffinePoint(x: point.x, y: FieldP.negate(point.y))
    }

    /// Converts finite points to affine with one field inversion (Montgomery's batch trick).
    static func normalize(_ points: [JacobianPoint]) -> [AffinePoint] {
        precondition(points.allSatisfy { !$0.isInfinity }, "cannot normalize the point at infinity")
        var prefix = [UInt256](repeating: FieldP.one, count: points.count)
        var running = FieldP.one
        for index in points.indices {
            prefix[index] = running
            running = FieldP.multiply(running, points[index].z)
        }
        var inverse = FieldP.invert(running)
        var result = [AffinePoint](repeating: AffinePoint(x: .zero, y: .zero), count: points.count)
        for index in points.indices.reversed() {
            let zInverse = FieldP.multiply(inverse, prefix[index])
            inverse = FieldP.multiply(inverse, points[index].z)
            let zInverse2 = FieldP.square(zInverse)
            result[index] = AffinePoint(
                x: FieldP.multiply(points[index].x, zInverse2),
                y: FieldP.multiply(points[index].y, FieldP.multiply(zInverse2, zInverse)))
        }
        return result
    }

    // MARK: Scalar multiplication

    /// Window width for the fixed base point's table (2^(w-2) = 64 odd multiples, built once).
    static let baseWindowWidth = 8
    /// Window width for a public key's table (16 odd multiples, built once per key).
    static let publicKeyWindowWidth = 6

    /// P, 3P, 5P, …, (2^(w-1) - 1)P in affine coordinates.
    static func oddMultiples(of point: AffinePoint, windowWidth: Int) -> [AffinePoint] {
        let count = 1 << (windowWidth - 2)
        var multiples = [JacobianPoint(point)]
        multiples.reserveCapacity(count)
        let twice = double(JacobianPoint(point))
        for _ in 1..<count { multiples.append(add(twice, multiples[multiples.count - 1])) }
        return normalize(multiples)
    }

    /// Odd multiples of G, computed on first use (thread-safe lazy static).
    static let baseTable: [AffinePoint] = oddMultiples(of: generator, windowWidth: baseWindowWidth)

    /// Width-w non-adjacent form: digits[i] ∈ {0, ±1, ±3, …, ±(2^(w-1) - 1)}, k = Σ digits[i]·2^i.
    static func nonAdjacentForm(_ scalar: UInt256, windowWidth: Int) -> [Int8] {
        var digits = [Int8](repeating: 0, count: 257)
        var limbs = (scalar.w0, scalar.w1, scalar.w2, scalar.w3, UInt64(0))
        let windowMask = UInt64(1 << windowWidth) - 1
        let half = Int64(1 << (windowWidth - 1))
        var position = 0
        while (limbs.0 | limbs.1 | limbs.2 | limbs.3 | limbs.4) != 0 {
            if limbs.0 & 1 == 1 {
                var digit = Int64(limbs.0 & windowMask)
                if digit >= half { digit -= Int64(1 << windowWidth) }
                digits[position] = Int8(digit)
                // k -= digit (digit may be negative: then add |digit|, carrying up)
                if digit >= 0 {
                    limbs.0 -= UInt64(digit)   // no borrow: low bits equal digit
                } else {
                    var carry: Bool
                    (limbs.0, carry) = limbs.0.addingReportingOverflow(UInt64(-digit))
                    if carry { (limbs.1, carry) = limbs.1.addingReportingOverflow(1) }
                    if carry { (limbs.2, carry) = limbs.2.addingReportingOverflow(1) }
                    if carry { (limbs.3, carry) = limbs.3.addingReportingOverflow(1) }
                    if carry { limbs.4 &+= 1 }
                }
            }
            // k >>= 1
            limbs.0 = (limbs.0 >> 1) | (limbs.1 << 63)
            limbs.1 = (limbs.1 >> 1) | (limbs.2 << 63)
            limbs.2 = (limbs.2 >> 1) | (limbs.3 << 63)
            limbs.3 = (limbs.3 >> 1) | (limbs.4 << 63)
            limbs.4 >>= 1
            position += 1
        }
        return digits
    }

    /// u1·G + u2·Q by interleaved wNAF (Shamir's trick with windows): one shared doubling chain.
    static func multiplyAdd(baseScalar u1: UInt256, publicScalar u2: UInt256, publicTable: [AffinePoint]) -> JacobianPoint {
        let baseDigits = nonAdjacentForm(u1, windowWidth: baseWindowWidth)
        let publicDigits = nonAdjacentForm(u2, windowWidth: publicKeyWindowWidth)
        let baseTable = Self.baseTable
        var top = 256
        while top >= 0 && baseDigits[top] == 0 && publicDigits[top] == 0 { top -= 1 }
        var result = JacobianPoint.infinity
        return baseTable.withUnsafeBufferPointer { baseTable in
            publicTable.withUnsafeBufferPointer { publicTable in
                var index = top
                while index >= 0 {
                    result = double(result)
                    let baseDigit = Int(baseDigits[index])
                    if baseDigit > 0 {
                        result = add(result, baseTable[baseDigit >> 1])
                    } else if baseDigit < 0 {
                        result = add(result, negate(baseTable[(-baseDigit) >> 1]))
                    }
                    let publicDigit = Int(publicDigits[index])
                    if publicDigit > 0 {
                        result = add(result, publicTable[publicDigit >> 1])
                    } else if publicDigit < 0 {
                        result = add(result, negate(publicTable[(-publicDigit) >> 1]))
                    }
                    index -= 1
                }
                return result
            }
        }
    }
}
