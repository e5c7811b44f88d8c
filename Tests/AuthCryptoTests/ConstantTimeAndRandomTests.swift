import Testing
@testable import AuthCrypto

@Suite("ConstantTime")
struct ConstantTimeTests {
    @Test("equals", arguments: [
        ([], [], true),
        ([1], [1], true),
        ([1, 2, 3], [1, 2, 3], true),
        ([1, 2, 3], [1, 2, 4], false),
        ([0x80, 2, 3], [0, 2, 3], false),
        ([1, 2, 3], [1, 2], false),
        ([], [0], false),
        ([0xff], [0xfe], false),
    ] as [([UInt8], [UInt8], Bool)])
    func equals(a: [UInt8], b: [UInt8], expected: Bool) {
        #expect(ConstantTime.equals(a, b) == expected)
        #expect(ConstantTime.equals(b, a) == expected)
    }

    @Test("every single-bit difference is detected")
    func singleBitDifferences() {
        let base = [UInt8](repeating: 0x5a, count: 32)
        for index in base.indices {
            for bit in 0..<8 {
                var changed = base
                changed[index] ^= 1 << UInt8(bit)
                #expect(!ConstantTime.equals(base, changed))
            }
        }
    }
}

@Suite("SystemRandomSource")
struct RandomSourceTests {
    @Test("returns the requested number of bytes", arguments: [0, 1, 7, 8, 9, 32, 255, 256, 257, 1000])
    func length(count: Int) {
        #expect(SystemRandomSource().bytes(count: count).count == count)
    }

    @Test("is not all zero and two calls differ")
    func looksRandom() {
        let source: any RandomSource = SystemRandomSource()
        let first = source.bytes(count: 32), second = source.bytes(count: 32)
        #expect(first != [UInt8](repeating: 0, count: 32))
        #expect(first != second)
    }
}
