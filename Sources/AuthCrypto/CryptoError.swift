/// Why a public key was refused. Signature checks never throw: a bad signature is just `false`.
package enum CryptoError: Error, Equatable, Sendable {
    /// The RSA modulus is shorter than ``RSAPublicKey/minimumModulusBits``.
    case keyTooSmall(bits: Int)
    /// The RSA modulus is longer than ``RSAPublicKey/maximumModulusBits``.
    case keyTooLarge(bits: Int)
    /// The RSA modulus is even (so not a product of two odd primes).
    case invalidModulus
    /// The RSA public exponent is even, below 3, or wider than ``RSAPublicKey/maximumExponentBits``.
    case invalidExponent
    /// A P-256 coordinate is not exactly 32 bytes (RFC 7518 §6.2.1.2).
    case invalidCoordinateLength(byteCount: Int)
    /// A P-256 coordinate is not below the field prime p.
    case coordinateOutOfRange
    /// The coordinates do not satisfy y² = x³ - 3x + b.
    case pointNotOnCurve
    /// The coordinates encode the identity (point at infinity), which is never a valid public key.
    case pointAtInfinity
}

extension CryptoError: CustomStringConvertible {
    package var description: String {
        switch self {
        case .keyTooSmall(let bits):
            "RSA key is \(bits) bits; at least \(RSAPublicKey.minimumModulusBits) are required"
        case .keyTooLarge(let bits):
            "RSA key is \(bits) bits; at most \(RSAPublicKey.maximumModulusBits) are accepted"
        case .invalidModulus:
            "RSA modulus is not a valid odd number"
        case .invalidExponent:
            "RSA public exponent must be odd, at least 3 and at most \(RSAPublicKey.maximumExponentBits) bits"
        case .invalidCoordinateLength(let byteCount):
            "P-256 coordinate is \(byteCount) bytes; exactly 32 are required"
        case .coordinateOutOfRange:
            "P-256 coordinate is not below the field prime"
        case .pointNotOnCurve:
            "P-256 public key is not a point on the curve"
        case .pointAtInfinity:
            "P-256 public key is the point at infinity"
        }
    }
}
