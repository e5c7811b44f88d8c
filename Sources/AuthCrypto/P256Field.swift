// Arithmetic modulo the P-256 prime p and the group order n (FIPS 186-5 / SEC 2 §2.4.2), on four
// 64-bit limbs in Montgomery form with R = 2²⁵⁶. Verification only handles public data, so this
// code is variable-time (it branches on values); it is not suitable for signing with secrets.

/// A 256-bit unsigned integer as four little-endian 64-bit limbs.
struct UInt256: Sendable, Equatable {
    var w0, w1, w2, w3: UInt64

    static let zero = UInt256(w0: 0, w1: 0, w2: 0, w3: 0)

    init(w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64) {
        self.w0 = w0; self.w1 = w1; self.w2 = w2; self.w3 = w3
    }

    /// From exactly 32 big-endian bytes.
    init<Bytes: RandomAccessCollection>(bigEndian bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        precondition(bytes.count == 32, "UInt256 needs 32 bytes")
        func word(_ index: Int) -> UInt64 {
            var value: UInt64 = 0
            let start = bytes.startIndex + 8 * (3 - index)
            for offset in 0..<8 { value = value << 8 | UInt64(bytes[start + offset]) }
            return value
        }
        self.init(w0: word(0), w1: word(1), w2: word(2), w3: word(3))
    }

    var bigEndianBytes: [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(32)
        for word in [w3, w2, w1, w0] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes
    }

    var isZero: Bool { (w0 | w1 | w2 | w3) == 0 }

    @inline(__always)
    func bit(_ index: Int) -> Bool {
        let word: UInt64
        switch index >> 6 {
        case 0: word = w0
        case 1: word = w1
        case 2: word = w2
        default: word = w3
        }
        return (word >> UInt64(index & 63)) & 1 == 1
    }

    @inline(__always)
    static func < (a: UInt256, b: UInt256) -> Bool {
        if a.w3 != b.w3 { return a.w3 < b.w3 }
        if a.w2 != b.w2 { return a.w2 < b.w2 }
        if a.w1 != b.w1 { return a.w1 < b.w1 }
        return a.w0 < b.w0
    }

    /// a + b as (sum mod 2²⁵⁶, carry). Carries are integers, not Bools, so they compile to adc.
    @inline(__always)
    static func add(_ a: UInt256, _ b: UInt256) -> (UInt256, Bool) {
        let (s0, c0) = addingWithCarry(a.w0, b.w0, 0)
        let (s1, c1) = addingWithCarry(a.w1, b.w1, c0)
        let (s2, c2) = addingWithCarry(a.w2, b.w2, c1)
        let (s3, c3) = addingWithCarry(a.w3, b.w3, c2)
        return (UInt256(w0: s0, w1: s1, w2: s2, w3: s3), c3 != 0)
    }

    /// a - b as (difference mod 2²⁵⁶, borrow).
    @inline(__always)
    static func subtract(_ a: UInt256, _ b: UInt256) -> (UInt256, Bool) {
        let (d0, b0) = subtractingWithBorrow(a.w0, b.w0, 0)
        let (d1, b1) = subtractingWithBorrow(a.w1, b.w1, b0)
        let (d2, b2) = subtractingWithBorrow(a.w2, b.w2, b1)
        let (d3, b3) = subtractingWithBorrow(a.w3, b.w3, b2)
        return (UInt256(w0: d0, w1: d1, w2: d2, w3: d3), b3 != 0)
    }

    /// `condition ? a : b` without a branch (the choice is often unpredictable).
    @inline(__always)
    static func select(_ condition: Bool, _ a: UInt256, _ b: UInt256) -> UInt256 {
        let mask = 0 &- UInt64(condition ? 1 : 0)
        return UInt256(w0: (a.w0 & mask) | (b.w0 & ~mask), w1: (a.w1 & mask) | (b.w1 & ~mask),
                       w2: (a.w2 & mask) | (b.w2 & ~mask), w3: (a.w3 & mask) | (b.w3 & ~mask))
    }
}

/// a + b + carry (carry 0 or 1) as (sum, carry out).
@inline(__always)
func addingWithCarry(_ a: UInt64, _ b: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
    let (s1, o1) = a.addingReportingOverflow(b)
    let (s2, o2) = s1.addingReportingOverflow(carry)
    return (s2, UInt64(o1 ? 1 : 0) | UInt64(o2 ? 1 : 0))
}

/// a - b - borrow (borrow 0 or 1) as (difference, borrow out).
@inline(__always)
func subtractingWithBorrow(_ a: UInt64, _ b: UInt64, _ borrow: UInt64) -> (UInt64, UInt64) {
    let (d1, o1) = a.subtractingReportingOverflow(b)
    let (d2, o2) = d1.subtractingReportingOverflow(borrow)
    return (d2, UInt64(o1 ? 1 : 0) | UInt64(o2 ? 1 : 0))
}

/// A prime modulus below 2²⁵⁶ with its Montgomery constants.
protocol Modulus256 {
    static var modulus: UInt256 { get }
    /// -m⁻¹ mod 2⁶⁴.
    static var inverseNegated: UInt64 { get }
    /// R² mod m.
    static var rSquared: UInt256 { get }
    /// R mod m: 1 in Montgomery form.
    static var one: UInt256 { get }
}

extension Modulus256 {
    /// a + b mod m for a, b < m.
    @inline(__always)
    static func add(_ a: UInt256, _ b: UInt256) -> UInt256 {
        let (sum, carry) = UInt256.add(a, b)
        let (reduced, borrow) = UInt256.subtract(sum, modulus)
        return UInt256.select(carry || !borrow, reduced, sum)
    }

    /// a - b mod m for a, b < m.
    @inline(__always)
    static func subtract(_ a: UInt256, _ b: UInt256) -> UInt256 {
        let (difference, borrow) = UInt256.subtract(a, b)
        return UInt256.add(difference, UInt256.select(borrow, modulus, .zero)).0
    }

    /// -a mod m.
    @inline(__always)
    static func negate(_ a: UInt256) -> UInt256 {
        a.isZero ? a : UInt256.subtract(modulus, a).0
    }

    /// One CIOS round: t = (t + a·bi + q·m) / 2⁶⁴, with q chosen to clear the low limb.
    @inline(__always)
    private static func round(
        _ t0: inout UInt64, _ t1: inout UInt64, _ t2: inout UInt64, _ t3: inout UInt64, _ t4: inout UInt64,
        _ a: UInt256, _ bi: UInt64
    ) {
        let m = modulus
        var (carryA, x) = multiplyAdd(t0, a.w0, bi, 0)
        let q = x &* inverseNegated
        var (carryN, _) = multiplyAdd(x, q, m.w0, 0)
        (carryA, x) = multiplyAdd(t1, a.w1, bi, carryA)
        (carryN, t0) = multiplyAdd(x, q, m.w1, carryN)
        (carryA, x) = multiplyAdd(t2, a.w2, bi, carryA)
        (carryN, t1) = multiplyAdd(x, q, m.w2, carryN)
        (carryA, x) = multiplyAdd(t3, a.w3, bi, carryA)
        (carryN, t2) = multiplyAdd(x, q, m.w3, carryN)
        let (sum1, overflow1) = t4.addingReportingOverflow(carryA)
        let (sum2, overflow2) = sum1.addingReportingOverflow(carryN)
        t3 = sum2
        t4 = (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
    }

    /// a·b·R⁻¹ mod m, fully reduced, for a < 2²⁵⁶ and b < m.
    @inline(__always)
    static func multiply(_ a: UInt256, _ b: UInt256) -> UInt256 {
        var t0: UInt64 = 0, t1: UInt64 = 0, t2: UInt64 = 0, t3: UInt64 = 0, t4: UInt64 = 0
        round(&t0, &t1, &t2, &t3, &t4, a, b.w0)
        round(&t0, &t1, &t2, &t3, &t4, a, b.w1)
        round(&t0, &t1, &t2, &t3, &t4, a, b.w2)
        round(&t0, &t1, &t2, &t3, &t4, a, b.w3)
        let t = UInt256(w0: t0, w1: t1, w2: t2, w3: t3)
        let (reduced, borrow) = UInt256.subtract(t, modulus)
        return UInt256.select(t4 != 0 || !borrow, reduced, t)
    }

    @inline(__always)
    static func square(_ a: UInt256) -> UInt256 { multiply(a, a) }

    /// Into Montgomery form (a < 2²⁵⁶ is reduced on the way).
    @inline(__always)
    static func toMontgomery(_ a: UInt256) -> UInt256 { multiply(a, rSquared) }

    /// Out of Montgomery form.
    @inline(__always)
    static func fromMontgomery(_ a: UInt256) -> UInt256 { multiply(a, UInt256(w0: 1, w1: 0, w2: 0, w3: 0)) }

    /// a^(m-2) = a⁻¹ (Fermat), in Montgomery form; 0 maps to 0.
    static func invert(_ a: UInt256) -> UInt256 {
        let (exponent, _) = UInt256.subtract(modulus, UInt256(w0: 2, w1: 0, w2: 0, w3: 0))
        // Fixed 4-bit window: precompute a^0 … a^15.
        var table = [UInt256](repeating: one, count: 16)
        for index in 1..<16 { table[index] = multiply(table[index - 1], a) }
        var result = one
        var bit = 252
        while bit >= 0 {
            if bit != 252 {
                result = square(square(square(square(result))))
            }
            var digit = 0
            for offset in (0..<4).reversed() where exponent.bit(bit + offset) { digit |= 1 << offset }
            if bit == 252 { result = table[digit] } else if digit != 0 { result = multiply(result, table[digit]) }
            bit -= 4
        }
        return result
    }
}

/// The P-256 field prime p = 2²⁵⁶ - 2²²⁴ + 2¹⁹² + 2⁹⁶ - 1 (FIPS 186-5 / SEC 2 §2.4.2).
///
/// Multiplication and squaring are written out for this prime (a separate squaring, and a
/// reduction that folds its limbs, among them a zero limb and -p⁻¹ mod 2⁶⁴ = 1); the generic
/// ``Modulus256`` versions, still used by `invert`, give equal results.
enum P256FieldPrime: Modulus256 {
    @inline(__always) static var modulus: UInt256 { UInt256(w0: 0xffff_ffff_ffff_ffff, w1: 0x0000_0000_ffff_ffff, w2: 0, w3: 0xffff_ffff_0000_0001) }
    @inline(__always) static var inverseNegated: UInt64 { 1 }
    @inline(__always) static var rSquared: UInt256 { UInt256(w0: 0x0000_0000_0000_0003, w1: 0xffff_fffb_ffff_ffff, w2: 0xffff_ffff_ffff_fffe, w3: 0x0000_0004_ffff_fffd) }
    @inline(__always) static var one: UInt256 { UInt256(w0: 0x0000_0000_0000_0001, w1: 0xffff_ffff_0000_0000, w2: 0xffff_ffff_ffff_ffff, w3: 0x0000_0000_ffff_fffe) }

    /// a·b·R⁻¹ mod p: schoolbook 512-bit product, then Montgomery reduction.
    @inline(__always)
    static func multiply(_ a: UInt256, _ b: UInt256) -> UInt256 {
        var c: UInt64
        var t0: UInt64, t1: UInt64, t2: UInt64, t3: UInt64, t4: UInt64, t5: UInt64, t6: UInt64, t7: UInt64
        (c, t0) = multiplyAdd(0, a.w0, b.w0, 0)
        (c, t1) = multiplyAdd(0, a.w0, b.w1, c)
        (c, t2) = multiplyAdd(0, a.w0, b.w2, c)
        (t4, t3) = multiplyAdd(0, a.w0, b.w3, c)
        (c, t1) = multiplyAdd(t1, a.w1, b.w0, 0)
        (c, t2) = multiplyAdd(t2, a.w1, b.w1, c)
        (c, t3) = multiplyAdd(t3, a.w1, b.w2, c)
        (t5, t4) = multiplyAdd(t4, a.w1, b.w3, c)
        (c, t2) = multiplyAdd(t2, a.w2, b.w0, 0)
        (c, t3) = multiplyAdd(t3, a.w2, b.w1, c)
        (c, t4) = multiplyAdd(t4, a.w2, b.w2, c)
        (t6, t5) = multiplyAdd(t5, a.w2, b.w3, c)
        (c, t3) = multiplyAdd(t3, a.w3, b.w0, 0)
        (c, t4) = multiplyAdd(t4, a.w3, b.w1, c)
        (c, t5) = multiplyAdd(t5, a.w3, b.w2, c)
        (t7, t6) = multiplyAdd(t6, a.w3, b.w3, c)
        return reduce(t0, t1, t2, t3, t4, t5, t6, t7)
    }

    /// a²·R⁻¹ mod p: the six cross products are computed once and doubled.
    @inline(__always)
    static func square(_ a: UInt256) -> UInt256 {
        var c: UInt64
        var t1: UInt64, t2: UInt64, t3: UInt64, t4: UInt64, t5: UInt64, t6: UInt64, t7: UInt64
        (c, t1) = multiplyAdd(0, a.w0, a.w1, 0)
        (c, t2) = multiplyAdd(0, a.w0, a.w2, c)
        (t4, t3) = multiplyAdd(0, a.w0, a.w3, c)
        (c, t3) = multiplyAdd(t3, a.w1, a.w2, 0)
        (t5, t4) = multiplyAdd(t4, a.w1, a.w3, c)
        (t6, t5) = multiplyAdd(t5, a.w2, a.w3, 0)
        t7 = t6 >> 63
        t6 = t6 << 1 | t5 >> 63
        t5 = t5 << 1 | t4 >> 63
        t4 = t4 << 1 | t3 >> 63
        t3 = t3 << 1 | t2 >> 63
        t2 = t2 << 1 | t1 >> 63
        t1 = t1 << 1
        let (h0, t0) = a.w0.multipliedFullWidth(by: a.w0)
        let d1 = a.w1.multipliedFullWidth(by: a.w1)
        let d2 = a.w2.multipliedFullWidth(by: a.w2)
        let d3 = a.w3.multipliedFullWidth(by: a.w3)
        var carry: UInt64
        (t1, carry) = addingWithCarry(t1, h0, 0)
        (t2, carry) = addingWithCarry(t2, d1.low, carry)
        (t3, carry) = addingWithCarry(t3, d1.high, carry)
        (t4, carry) = addingWithCarry(t4, d2.low, carry)
        (t5, carry) = addingWithCarry(t5, d2.high, carry)
        (t6, carry) = addingWithCarry(t6, d3.low, carry)
        (t7, _) = addingWithCarry(t7, d3.high, carry)
        return reduce(t0, t1, t2, t3, t4, t5, t6, t7)
    }

    /// Montgomery reduction of a 512-bit t < p·R: t·R⁻¹ mod p, four word steps with q = t_i.
    @inline(__always)
    private static func reduce(
        _ t0: UInt64, _ t1: UInt64, _ t2: UInt64, _ t3: UInt64,
        _ t4: UInt64, _ t5: UInt64, _ t6: UInt64, _ t7: UInt64
    ) -> UInt256 {
        var t1 = t1, t2 = t2, t3 = t3, t4 = t4, t5 = t5, t6 = t6, t7 = t7
        var extra: UInt64 = 0
        reduceStep(t0, &t1, &t2, &t3, &t4, &extra)
        reduceStep(t1, &t2, &t3, &t4, &t5, &extra)
        reduceStep(t2, &t3, &t4, &t5, &t6, &extra)
        reduceStep(t3, &t4, &t5, &t6, &t7, &extra)
        let t = UInt256(w0: t4, w1: t5, w2: t6, w3: t7)
        let (reduced, borrow) = UInt256.subtract(t, modulus)
        return UInt256.select(extra != 0 || !borrow, reduced, t)
    }

    /// Adds q·p·2^(64i) with q = x0 (since -p⁻¹ ≡ 1 mod 2⁶⁴), clearing x0; `extra` carries the bit
    /// that overflowed the previous step's top word into this step's top word.
    @inline(__always)
    private static func reduceStep(
        _ x0: UInt64, _ x1: inout UInt64, _ x2: inout UInt64, _ x3: inout UInt64, _ x4: inout UInt64,
        _ extra: inout UInt64
    ) {
        let q = x0
        // x0 + q·(2⁶⁴ - 1) = q·2⁶⁴: the low word vanishes and q carries out.
        var c: UInt64 = q
        (c, x1) = multiplyAdd(x1, q, 0x0000_0000_ffff_ffff, c)
        (x2, c) = addingWithCarry(x2, c, 0)                     // p₂ = 0
        (c, x3) = multiplyAdd(x3, q, 0xffff_ffff_0000_0001, c)
        (x4, extra) = addingWithCarry(x4, c, extra)
    }
}

/// The P-256 group order n (SEC 2 §2.4.2).
enum P256GroupOrder: Modulus256 {
    @inline(__always) static var modulus: UInt256 { UInt256(w0: 0xf3b9_cac2_fc63_2551, w1: 0xbce6_faad_a717_9e84, w2: 0xffff_ffff_ffff_ffff, w3: 0xffff_ffff_0000_0000) }
    @inline(__always) static var inverseNegated: UInt64 { 0xccd1_c8aa_ee00_bc4f }
    @inline(__always) static var rSquared: UInt256 { UInt256(w0: 0x8324_4c95_be79_eea2, w1: 0x4699_799c_49bd_6fa6, w2: 0x2845_b239_2b6b_ec59, w3: 0x66e1_2d94_f3d9_5620) }
    @inline(__always) static var one: UInt256 { UInt256(w0: 0x0c46_353d_039c_daaf, w1: 0x4319_0552_58e8_617b, w2: 0, w3: 0x0000_0000_ffff_ffff) }
}
