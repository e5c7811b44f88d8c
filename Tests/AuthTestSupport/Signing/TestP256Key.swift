import AuthCrypto

/// P-256 key pairs for signing ES256 test tokens. The fixed keys were generated once with
/// `openssl ecparam -name prime256v1 -genkey` for this project's tests and are public.
package struct TestP256Key: Sendable {
    /// The key generated as "primary" (d, 32 bytes big-endian).
    package static let primary = TestP256Key(privateScalar: TestSigningHex.decode(
        "3aad2703897b59cbb8699d17d921a66505638b2107153d314b3f2ded1ff2e169"))
    /// A second key, for key-rotation tests.
    package static let secondary = TestP256Key(privateScalar: TestSigningHex.decode(
        "cc749df4cebad64b7a6f0fa6e2643b8f958ef8168ffc404fc0797f1bb9b43a18"))

    private let privateScalar: [UInt8]
    /// Public point coordinates, 32 bytes big-endian each (JWK `x`, `y`).
    package let x: [UInt8]
    package let y: [UInt8]

    /// A key from a 32-byte big-endian scalar d with 0 < d < n.
    package init(privateScalar: [UInt8]) {
        precondition(privateScalar.count == 32, "P-256 private scalars are 32 bytes")
        guard let point = InsecureVariableTimeArithmetic.p256MultiplyBasePoint(privateScalar) else {
            preconditionFailure("private scalar must not be 0 mod n")
        }
        self.privateScalar = privateScalar
        self.x = point.x
        self.y = point.y
    }

    /// ES256 (FIPS 186-5 §6.4.1 with SHA-256) with the caller's nonce k (32 bytes, 0 < k < n):
    /// deterministic, returns the 64-byte r ‖ s of RFC 7518 §3.4. Reusing k leaks d: tests only.
    package func signES256(_ message: [UInt8], nonce: [UInt8]) -> [UInt8] {
        let zero = [UInt8](repeating: 0, count: 32)
        let one = zero.dropLast() + [1]
        guard let point = InsecureVariableTimeArithmetic.p256MultiplyBasePoint(nonce) else {
            preconditionFailure("nonce must not be 0 mod n")
        }
        let r = InsecureVariableTimeArithmetic.p256ScalarMultiplyAdd(point.x, Array(one), zero)
        let e = SHA256.hash(message)
        let ePlusRD = InsecureVariableTimeArithmetic.p256ScalarMultiplyAdd(r, privateScalar, e)
        let kInverse = InsecureVariableTimeArithmetic.p256ScalarInverse(nonce)
        let s = InsecureVariableTimeArithmetic.p256ScalarMultiplyAdd(kInverse, ePlusRD, zero)
        precondition(r != zero && s != zero, "degenerate nonce; choose another")
        return r + s
    }
}
