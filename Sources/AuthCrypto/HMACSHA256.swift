/// HMAC with SHA-256 (RFC 2104, FIPS 198-1), as used by JOSE HS256 (RFC 7518 §3.2).
package enum HMACSHA256 {
    /// Full tag length in bytes (RFC 2104 §2: L = 32 for SHA-256).
    package static let tagByteCount = SHA256.digestByteCount
    /// Shortest truncated tag accepted by the named truncated check: half the hash output
    /// (RFC 2104 §5 "not less than half the length of the hash output"; RFC 4231 §4.6 uses 128 bits).
    package static let minimumTruncatedTagByteCount = 16

    private static let innerPad: UInt8 = 0x36   // RFC 2104 §2 ipad
    private static let outerPad: UInt8 = 0x5c   // RFC 2104 §2 opad

    /// The 32-byte HMAC-SHA256 of `message` under `key`.
    package static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var blockKey = key.count > SHA256.blockByteCount ? SHA256.hash(key) : key
        blockKey.append(contentsOf: repeatElement(0, count: SHA256.blockByteCount - blockKey.count))
        var inner = SHA256.Hasher()
        inner.update(blockKey.map { $0 ^ innerPad })
        inner.update(message)
        let innerDigest = inner.finalize()
        var outer = SHA256.Hasher()
        outer.update(blockKey.map { $0 ^ outerPad })
        outer.update(innerDigest)
        return outer.finalize()
    }

    /// `true` only for the full 32-byte tag, compared in constant time. Truncated tags are rejected;
    /// use ``isValidTruncatedAuthenticationCode(_:for:key:)`` if a protocol really truncates.
    package static func isValidAuthenticationCode(_ mac: [UInt8], for message: [UInt8], key: [UInt8]) -> Bool {
        guard mac.count == tagByteCount else { return false }
        return ConstantTime.equals(authenticationCode(for: message, key: key), mac)
    }

    /// Accepts a tag truncated to its leftmost bytes (RFC 2104 §5), of at least
    /// ``minimumTruncatedTagByteCount`` bytes. Compared in constant time. JOSE never truncates.
    package static func isValidTruncatedAuthenticationCode(_ mac: [UInt8], for message: [UInt8], key: [UInt8]) -> Bool {
        guard (minimumTruncatedTagByteCount...tagByteCount).contains(mac.count) else { return false }
        let full = authenticationCode(for: message, key: key)
        return ConstantTime.equals(Array(full.prefix(mac.count)), mac)
    }
}
