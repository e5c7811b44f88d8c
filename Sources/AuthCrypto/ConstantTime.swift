/// Comparisons whose running time does not depend on the secret contents compared.
package enum ConstantTime {
    /// `true` when `a` and `b` hold the same bytes. Runs in time that depends only on the lengths,
    /// never on where the first difference is (lengths are treated as public).
    package static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for index in 0..<a.count {
                    difference |= a[index] ^ b[index]
                }
            }
        }
        return isZero(difference)
    }

    /// Turns the accumulated difference into a Bool without a data-dependent branch.
    @inline(never)
    private static func isZero(_ difference: UInt8) -> Bool {
        // (d - 1) has its top bit set only when d == 0 (for d in 0...255 widened to 16 bits).
        let widened = UInt16(difference) &- 1
        return (widened >> 15) == 1
    }
}
