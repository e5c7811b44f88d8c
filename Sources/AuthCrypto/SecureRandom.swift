/// A source of cryptographically secure random bytes; inject a seeded fake in tests.
package protocol RandomSource: Sendable {
    /// Returns `count` random bytes.
    func bytes(count: Int) -> [UInt8]
}

/// The operating system's CSPRNG, via `SystemRandomNumberGenerator` (getrandom/getentropy on
/// Linux, arc4random on Darwin). It traps rather than return weak bytes if the OS source fails.
package struct SystemRandomSource: RandomSource {
    package init() {}

    package func bytes(count: Int) -> [UInt8] {
        precondition(count >= 0, "byte count must not be negative")
        var generator = SystemRandomNumberGenerator()
        var result = [UInt8](repeating: 0, count: count)
        result.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < count {
                var word = generator.next()
                let chunk = Swift.min(8, count - offset)
                withUnsafeBytes(of: &word) { wordBytes in
                    for index in 0..<chunk { buffer[offset + index] = wordBytes[index] }
                }
                offset += chunk
            }
        }
        return result
    }
}
