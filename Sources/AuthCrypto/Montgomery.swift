// Multi-precision arithmetic for RSA: little-endian UInt64 limbs, Montgomery multiplication and
// squaring in product-scanning form (FIPS), working in caller-provided buffers (no allocation).
// Only public values (signatures, moduli, public exponents) pass through here, so the code is
// variable-time by design; it must never be used with private keys in production.

/// `a + b * c + carry` as (high, low); cannot overflow 128 bits.
@inline(__always)
func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ carry: UInt64) -> (high: UInt64, low: UInt64) {
    let product = b.multipliedFullWidth(by: c)
    let (sum1, overflow1) = product.low.addingReportingOverflow(a)
    let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
    return (product.high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0), sum2)
}

enum Limbs {
    /// Strips leading zero bytes from a big-endian magnitude.
    static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.drop(while: { $0 == 0 })
    }

    /// Big-endian bytes to `count` little-endian limbs; `nil` if the value needs more limbs.
    static func fromBigEndian<Bytes: Collection>(_ bytes: Bytes, count: Int) -> [UInt64]? where Bytes.Element == UInt8 {
        var limbs = [UInt64](repeating: 0, count: count)
        let ok = limbs.withUnsafeMutableBufferPointer { load(bytes, into: $0) }
        return ok ? limbs : nil
    }

    /// Loads big-endian bytes into the limbs (zero-extending); `false` if they do not fit.
    static func load<Bytes: Collection>(_ bytes: Bytes, into limbs: UnsafeMutableBufferPointer<UInt64>) -> Bool
    where Bytes.Element == UInt8 {
        for index in limbs.indices { limbs[index] = 0 }
        var bitOffset = 0
        for byte in bytes.reversed() {
            let limb = bitOffset / 64
            if limb >= limbs.count {
                if byte != 0 { return false }
                continue
            }
            limbs[limb] |= UInt64(byte) << UInt64(bitOffset % 64)
            bitOffset += 8
        }
        return true
    }

    /// Little-endian limbs to exactly `byteCount` big-endian bytes (the value must fit).
    static func toBigEndian(_ limbs: UnsafeBufferPointer<UInt64>, byteCount: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            for index in 0..<byteCount {
                let bitOffset = (byteCount - 1 - index) * 8
                let limb = bitOffset / 64
                buffer[index] = limb < limbs.count ? UInt8(truncatingIfNeeded: limbs[limb] >> UInt64(bitOffset % 64)) : 0
            }
            initialized = byteCount
        }
    }

    static func bitCount(_ limbs: [UInt64]) -> Int {
        guard let top = limbs.lastIndex(where: { $0 != 0 }) else { return 0 }
        return top * 64 + (64 - limbs[top].leadingZeroBitCount)
    }

    /// `a < b` for equal-length limb vectors.
    @inline(__always)
    static func isLess(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, count: Int) -> Bool {
        var index = count - 1
        while index >= 0 {
            if a[index] != b[index] { return a[index] < b[index] }
            index -= 1
        }
        return false
    }

    /// `a -= b`, returning the borrow.
    @inline(__always)
    @discardableResult
    static func subtract(_ a: UnsafeMutablePointer<UInt64>, _ b: UnsafePointer<UInt64>, count: Int) -> Bool {
        var borrow = false
        for index in 0..<count {
            let (d1, b1) = a[index].subtractingReportingOverflow(b[index])
            let (d2, b2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
            a[index] = d2
            borrow = b1 || b2
        }
        return borrow
    }
}

/// An odd modulus prepared for Montgomery multiplication with R = 2^(64·count).
struct MontgomeryModulus: Sendable, Equatable {
    /// n, little-endian, `count` limbs, top limb non-zero.
    let limbs: [UInt64]
    /// -n⁻¹ mod 2⁶⁴.
    let inverseNegated: UInt64
    /// R² mod n, used to enter Montgomery form.
    let rSquared: [UInt64]

    var count: Int { limbs.count }

    init(oddModulus limbs: [UInt64]) {
        precondition(limbs.first.map { $0 & 1 == 1 } ?? false, "Montgomery modulus must be odd")
        precondition(limbs.last != 0, "modulus limbs must be trimmed")
        self.limbs = limbs
        // Newton iteration for n⁻¹ mod 2⁶⁴: each step doubles the correct low bits (3 → 96).
        var inverse: UInt64 = limbs[0]
        for _ in 0..<5 { inverse = inverse &* (2 &- limbs[0] &* inverse) }
        self.inverseNegated = 0 &- inverse
        self.rSquared = Self.computeRSquared(limbs)
    }

    /// R² mod n by doubling 1 (2·count·64 times) with conditional subtraction; done once per key.
    private static func computeRSquared(_ modulus: [UInt64]) -> [UInt64] {
        let count = modulus.count
        var value = [UInt64](repeating: 0, count: count)
        value[0] = 1
        modulus.withUnsafeBufferPointer { n in
            value.withUnsafeMutableBufferPointer { v in
                for _ in 0..<(2 * 64 * count) {
                    var carry: UInt64 = 0
                    for index in 0..<count {
                        let next = v[index] >> 63
                        v[index] = (v[index] << 1) | carry
                        carry = next
                    }
                    if carry != 0 || !Limbs.isLess(v.baseAddress!, n.baseAddress!, count: count) {
                        Limbs.subtract(v.baseAddress!, n.baseAddress!, count: count)
                    }
                }
            }
        }
        return value
    }

    /// result = a·b·R⁻¹ mod n, fully reduced, for a, b < n. `result` may alias `a` or `b`;
    /// `scratch` needs `2·count` limbs. Product scanning with interleaved reduction (FIPS, Koç et
    /// al. 1996): each output column is summed in a three-word accumulator held in registers, so
    /// the inner loops only load, multiply and add.
    @inline(__always)
    static func multiply(
        _ result: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverseNegated: UInt64, count: Int,
        scratch: UnsafeMutablePointer<UInt64>
    ) {
        let m = scratch, low = scratch + count
        var t0: UInt64 = 0, t1: UInt64 = 0, t2: UInt64 = 0
        for i in 0..<count {
            var j = 0
            while j < i {
                accumulate(&t0, &t1, &t2, a[j], b[i &- j])
                accumulate(&t0, &t1, &t2, m[j], n[i &- j])
                j &+= 1
            }
            accumulate(&t0, &t1, &t2, a[i], b[0])
            let q = t0 &* inverseNegated
            m[i] = q
            accumulate(&t0, &t1, &t2, q, n[0])     // clears t0
            t0 = t1; t1 = t2; t2 = 0
        }
        for i in count..<(2 * count) {
            var j = i - count + 1
            while j < count {
                accumulate(&t0, &t1, &t2, a[j], b[i &- j])
                accumulate(&t0, &t1, &t2, m[j], n[i &- j])
                j &+= 1
            }
            low[i - count] = t0
            t0 = t1; t1 = t2; t2 = 0
        }
        if t0 != 0 || !Limbs.isLess(low, n, count: count) {
            Limbs.subtract(low, n, count: count)
        }
        result.update(from: low, count: count)
    }

    /// result = a²·R⁻¹ mod n, like `multiply(result, a, a, …)` but each cross product a[j]·a[k]
    /// (j ≠ k) is computed once and doubled: about 25% fewer multiplications.
    @inline(__always)
    static func square(
        _ result: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverseNegated: UInt64, count: Int,
        scratch: UnsafeMutablePointer<UInt64>
    ) {
        let m = scratch, low = scratch + count
        var t0: UInt64 = 0, t1: UInt64 = 0, t2: UInt64 = 0
        for i in 0..<(2 * count) {
            // Cross products of column i, doubled.
            var u0: UInt64 = 0, u1: UInt64 = 0, u2: UInt64 = 0
            var j = i < count ? 0 : i &- count &+ 1
            while j < i &- j {
                accumulate(&u0, &u1, &u2, a[j], a[i &- j])
                j &+= 1
            }
            u2 = u2 << 1 | u1 >> 63
            u1 = u1 << 1 | u0 >> 63
            u0 <<= 1
            var carry: UInt64
            (t0, carry) = addingWithCarry(t0, u0, 0)
            (t1, carry) = addingWithCarry(t1, u1, carry)
            t2 = t2 &+ u2 &+ carry
            // The square on the diagonal.
            if i & 1 == 0 && i >> 1 < count {
                accumulate(&t0, &t1, &t2, a[i >> 1], a[i >> 1])
            }
            // Interleaved reduction, as in `multiply`.
            if i < count {
                var k = 0
                while k < i {
                    accumulate(&t0, &t1, &t2, m[k], n[i &- k])
                    k &+= 1
                }
                let q = t0 &* inverseNegated
                m[i] = q
                accumulate(&t0, &t1, &t2, q, n[0])
            } else {
                var k = i &- count &+ 1
                while k < count {
                    accumulate(&t0, &t1, &t2, m[k], n[i &- k])
                    k &+= 1
                }
                low[i &- count] = t0
            }
            t0 = t1; t1 = t2; t2 = 0
        }
        if t0 != 0 || !Limbs.isLess(low, n, count: count) {
            Limbs.subtract(low, n, count: count)
        }
        result.update(from: low, count: count)
    }

    /// (t2, t1, t0) += x·y.
    @inline(__always)
    private static func accumulate(_ t0: inout UInt64, _ t1: inout UInt64, _ t2: inout UInt64, _ x: UInt64, _ y: UInt64) {
        let product = x.multipliedFullWidth(by: y)
        let (sum0, carry0) = t0.addingReportingOverflow(product.low)
        let high = product.high &+ (carry0 ? 1 : 0)      // high ≤ 2⁶⁴ - 2: cannot overflow
        let (sum1, carry1) = t1.addingReportingOverflow(high)
        t0 = sum0
        t1 = sum1
        t2 &+= carry1 ? 1 : 0
    }
}
