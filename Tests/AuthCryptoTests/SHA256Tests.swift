import Foundation
import Testing
@testable import AuthCrypto

private struct SHA256VectorFile: Decodable {
    struct Case: Decodable {
        let comment: String
        let md: String
        let msgHex: String?
        let msgAscii: String?
        let `repeat`: Int?
    }
    let tests: [Case]
}

@Suite("SHA-256 (FIPS 180-4)", .enabled(if: Vectors.shouldRun, Vectors.skipMessage))
struct SHA256VectorTests {
    @Test("rfc/sha256.json: one-shot and incremental digests")
    func fipsAndBoundaryVectors() throws {
        let file = try Vectors.load(SHA256VectorFile.self, "rfc/sha256.json")
        var processed = 0
        for test in file.tests {
            let message: [UInt8]
            if let hex = test.msgHex {
                message = Hex.decode(hex)
            } else {
                let unit = Array(try #require(test.msgAscii).utf8)
                message = Array([[UInt8]](repeating: unit, count: test.repeat ?? 1).joined())
            }
            let expected = Hex.decode(test.md)
            #expect(SHA256.hash(message) == expected, "\(test.comment)")
            for chunkSize in [1, 3, 55, 64, 65] where message.count <= 1_000 || chunkSize == 64 {
                var hasher = SHA256.Hasher()
                var offset = 0
                while offset < message.count {
                    hasher.update(message[offset..<min(offset + chunkSize, message.count)])
                    offset += chunkSize
                }
                #expect(hasher.finalize() == expected, "\(test.comment), chunks of \(chunkSize)")
            }
            processed += 1
        }
        #expect(processed == 16)
        #expect(processed == file.tests.count)
    }
}

@Suite("SHA-256 without vectors")
struct SHA256Tests {
    @Test("non-contiguous sequences hash like arrays")
    func sequenceInput() {
        let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(SHA256.hash(bytes.lazy.map { $0 }) == SHA256.hash(bytes))
        #expect(SHA256.hash(bytes).count == SHA256.digestByteCount)
    }
}
