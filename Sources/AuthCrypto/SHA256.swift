/// SHA-256 (FIPS 180-4 §6.2).
package enum SHA256 {
    /// Output size in bytes (FIPS 180-4 §1: 256-bit message digest).
    package static let digestByteCount = 32
    /// Block size in bytes (FIPS 180-4 §1: 512-bit blocks).
    package static let blockByteCount = 64

    /// The digest of `data` in one call.
    package static func hash<Bytes: Sequence>(_ data: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = Hasher()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Incremental hashing: `update` any number of times, then `finalize` once.
    package struct Hasher: Sendable {
        private var state = SHA256.initialHashValue
        private var pending: [UInt8] = []
        private var totalByteCount: UInt64 = 0

        package init() {
            pending.reserveCapacity(SHA256.blockByteCount)
        }

        package mutating func update<Bytes: Sequence>(_ data: Bytes) where Bytes.Element == UInt8 {
            let handled: Void? = data.withContiguousStorageIfAvailable { buffer in
                update(contiguous: UnsafeRawBufferPointer(buffer))
            }
            if handled == nil {
                update(contiguous: Array(data))
            }
        }

        private mutating func update(contiguous bytes: [UInt8]) {
            bytes.withUnsafeBytes { update(contiguous: $0) }
        }

        private mutating func update(contiguous bytes: UnsafeRawBufferPointer) {
            totalByteCount &+= UInt64(bytes.count)
            var offset = 0
            if !pending.isEmpty {
                let take = Swift.min(SHA256.blockByteCount - pending.count, bytes.count)
                pending.append(contentsOf: bytes[0..<take])
                offset = take
                guard pending.count == SHA256.blockByteCount else { return }
                pending.withUnsafeBytes { SHA256.compress(&state, block: $0.baseAddress!) }
                pending.removeAll(keepingCapacity: true)
            }
            while bytes.count - offset >= SHA256.blockByteCount {
                SHA256.compress(&state, block: bytes.baseAddress! + offset)
                offset += SHA256.blockByteCount
            }
            if offset < bytes.count {
                pending.append(contentsOf: bytes[offset...])
            }
        }

        /// Pads (FIPS 180-4 §5.1.1) and returns the 32-byte digest.
        package consuming func finalize() -> [UInt8] {
            let bitLength = totalByteCount &* 8
            var padding: [UInt8] = [0x80]
            let afterMarker = (pending.count + 1) % SHA256.blockByteCount
            let zeroCount = (SHA256.blockByteCount + 56 - afterMarker) % SHA256.blockByteCount
            padding.append(contentsOf: repeatElement(0, count: zeroCount))
            for shift in stride(from: 56, through: 0, by: -8) {
                padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
            }
            let savedCount = totalByteCount
            update(contiguous: padding)
            totalByteCount = savedCount
            precondition(pending.isEmpty, "padding must end on a block boundary")
            var digest = [UInt8]()
            digest.reserveCapacity(SHA256.digestByteCount)
            for word in state {
                digest.append(UInt8(truncatingIfNeeded: word >> 24))
                digest.append(UInt8(truncatingIfNeeded: word >> 16))
                digest.append(UInt8(truncatingIfNeeded: word >> 8))
                digest.append(UInt8(truncatingIfNeeded: word))
            }
            return digest
        }
    }

    /// Initial hash value H(0) (FIPS 180-4 §5.3.3).
    static let initialHashValue: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// Round constants K (FIPS 180-4 §4.2.2).
    static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The compression function (FIPS 180-4 §6.2.2) over one 64-byte block.
    static func compress(_ state: inout [UInt32], block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            for t in 0..<16 {
                schedule[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
            }
            for t in 16..<64 {
                let w15 = schedule[t - 15], w2 = schedule[t - 2]
                let sigma0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
                let sigma1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
                schedule[t] = sigma1 &+ schedule[t - 7] &+ sigma0 &+ schedule[t - 16]
            }
            state.withUnsafeMutableBufferPointer { h in
                roundConstants.withUnsafeBufferPointer { k in
                    var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
                    for t in 0..<64 {
                        let bigSigma1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                        let choose = (e & f) ^ (~e & g)
                        let t1 = hh &+ bigSigma1 &+ choose &+ k[t] &+ schedule[t]
                        let bigSigma0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = bigSigma0 &+ majority
                        hh = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d
                    h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
                }
            }
        }
    }

    @inline(__always)
    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
