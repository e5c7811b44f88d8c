import Testing
@testable import AuthCrypto
import AuthTestSupport

@Suite("RSA key validation")
struct RSAKeyValidationTests {
    static let modulus2048 = TestRSAKey.primary.modulus
    static let e65537: [UInt8] = [0x01, 0x00, 0x01]

    /// 0x80 followed by zeros and a final 0x01: exactly `bits` bits and odd.
    static func oddModulus(bits: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: (bits + 7) / 8)
        bytes[0] = 1 << UInt8((bits - 1) % 8)
        bytes[bytes.count - 1] |= 1
        return bytes
    }

    @Test("modulus size and parity", arguments: [
        (TestRSAKey.weak1024.modulus, CryptoError.keyTooSmall(bits: 1024)),
        (oddModulus(bits: 2047), .keyTooSmall(bits: 2047)),
        (oddModulus(bits: 4097), .keyTooLarge(bits: 4097)),
        (oddModulus(bits: 8192), .keyTooLarge(bits: 8192)),
        ([], .keyTooSmall(bits: 0)),
        ([0, 0, 0], .keyTooSmall(bits: 0)),
        (modulus2048.dropLast() + [modulus2048.last! & 0xfe], .invalidModulus),
    ] as [([UInt8], CryptoError)])
    func rejectedModulus(modulus: [UInt8], error: CryptoError) {
        #expect(throws: error) { try RSAPublicKey(modulus: modulus, exponent: Self.e65537) }
    }

    @Test("accepted sizes", arguments: [2048, 3072, 4096])
    func acceptedSizes(bits: Int) throws {
        #expect(try RSAPublicKey(modulus: Self.oddModulus(bits: bits), exponent: Self.e65537).bitCount == bits)
    }

    @Test("exponent", arguments: [
        ([], false), ([0], false), ([1], false), ([2], false), ([0x01, 0x00, 0x00], false),
        ([3], true), ([0, 0, 3], true), ([0x01, 0x00, 0x01], true), ([0xff, 0xff, 0xff, 0xff], true),
        ([0x01, 0x00, 0x00, 0x00, 0x01], false),
    ] as [([UInt8], Bool)])
    func exponent(exponent: [UInt8], accepted: Bool) {
        if accepted {
            #expect(throws: Never.self) { try RSAPublicKey(modulus: Self.modulus2048, exponent: exponent) }
        } else {
            #expect(throws: CryptoError.invalidExponent) { try RSAPublicKey(modulus: Self.modulus2048, exponent: exponent) }
        }
    }

    @Test("leading zero bytes do not change the key")
    func leadingZeros() throws {
        let plain = try RSAPublicKey(modulus: Self.modulus2048, exponent: Self.e65537)
        let padded = try RSAPublicKey(modulus: [0, 0] + Self.modulus2048, exponent: [0] + Self.e65537)
        #expect(plain == padded)
        #expect(plain.bitCount == 2048)
    }

    @Test("errors explain themselves")
    func descriptions() {
        #expect(CryptoError.keyTooSmall(bits: 1024).description.contains("2048"))
        #expect(CryptoError.keyTooLarge(bits: 8192).description.contains("4096"))
    }
}

@Suite("P-256 key validation")
struct P256KeyValidationTests {
    static let p = Hex.decode("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
    static let gx = Hex.decode("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296")
    static let gy = Hex.decode("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")
    static let zero = [UInt8](repeating: 0, count: 32)

    static func plus(_ value: [UInt8], _ small: UInt8) -> [UInt8] {
        var result = value
        var carry = UInt16(small)
        for index in result.indices.reversed() where carry != 0 {
            let sum = UInt16(result[index]) + carry
            result[index] = UInt8(truncatingIfNeeded: sum)
            carry = sum >> 8
        }
        return result
    }

    @Test("invalid points", arguments: [
        (zero, zero, CryptoError.pointAtInfinity),
        (p, gy, .coordinateOutOfRange),
        (gx, p, .coordinateOutOfRange),
        (plus(p, 1), gy, .coordinateOutOfRange),
        ([UInt8](repeating: 0xff, count: 32), gy, .coordinateOutOfRange),
        (gx, plus(gy, 1), .pointNotOnCurve),
        (plus(gx, 1), gy, .pointNotOnCurve),
        (zero, gy, .pointNotOnCurve),
        (Array(gx.dropFirst()), gy, .invalidCoordinateLength(byteCount: 31)),
        (gx, [0] + gy, .invalidCoordinateLength(byteCount: 33)),
    ] as [([UInt8], [UInt8], CryptoError)])
    func rejected(x: [UInt8], y: [UInt8], error: CryptoError) {
        #expect(throws: error) { try P256PublicKey(x: x, y: y) }
    }

    @Test("the base point and the test keys are valid")
    func accepted() throws {
        _ = try P256PublicKey(x: Self.gx, y: Self.gy)
        for key in [TestP256Key.primary, TestP256Key.secondary] {
            _ = try P256PublicKey(x: key.x, y: key.y)
        }
        #expect(try P256PublicKey(x: Self.gx, y: Self.gy) == P256PublicKey(x: Self.gx, y: Self.gy))
    }
}
