import Foundation
import Testing
@testable import AuthCrypto

private struct RFC4231File: Decodable {
    struct Case: Decodable {
        let tcId: Int
        let keyHex: String
        let dataHex: String
        let macHex: String
        let truncatedToBits: Int
    }
    let tests: [Case]
}

private struct HMACGroup: Decodable {
    struct Case: Decodable {
        let tcId: Int
        let comment: String
        let key: String
        let msg: String
        let tag: String
        let result: VectorResult
    }
    let keySize: Int
    let tagSize: Int
    let tests: [Case]
}

@Suite("HMAC-SHA256 vectors", .enabled(if: Vectors.shouldRun, Vectors.skipMessage))
struct HMACSHA256VectorTests {
    @Test("rfc/hmac_sha256_rfc4231.json: RFC 4231 cases 1-7")
    func rfc4231() throws {
        let file = try Vectors.load(RFC4231File.self, "rfc/hmac_sha256_rfc4231.json")
        var processed = 0
        for test in file.tests {
            let key = Hex.decode(test.keyHex), message = Hex.decode(test.dataHex), mac = Hex.decode(test.macHex)
            let computed = HMACSHA256.authenticationCode(for: message, key: key)
            #expect(Array(computed.prefix(test.truncatedToBits / 8)) == mac, "case \(test.tcId)")
            if test.truncatedToBits == 256 {
                #expect(HMACSHA256.isValidAuthenticationCode(mac, for: message, key: key), "case \(test.tcId)")
            } else {
                // Case 5 truncates to 128 bits: only the explicitly named check accepts it.
                #expect(!HMACSHA256.isValidAuthenticationCode(mac, for: message, key: key), "case \(test.tcId)")
                #expect(HMACSHA256.isValidTruncatedAuthenticationCode(mac, for: message, key: key), "case \(test.tcId)")
            }
            processed += 1
        }
        #expect(processed == 7)
    }

    /// Full-length groups go through `isValidAuthenticationCode`; 128-bit groups through the named
    /// truncated check (and the default check must refuse every truncated tag).
    @Test("wycheproof/hmac_sha256_test.json")
    func wycheproof() throws {
        let file = try Vectors.load(WycheproofFile<HMACGroup>.self, "wycheproof/hmac_sha256_test.json")
        var tally = VectorTally()
        for group in file.testGroups {
            for test in group.tests {
                tally.count(test.result)
                let key = Hex.decode(test.key), message = Hex.decode(test.msg), tag = Hex.decode(test.tag)
                let accepted: Bool
                if group.tagSize == 256 {
                    accepted = HMACSHA256.isValidAuthenticationCode(tag, for: message, key: key)
                } else {
                    accepted = HMACSHA256.isValidTruncatedAuthenticationCode(tag, for: message, key: key)
                    #expect(!HMACSHA256.isValidAuthenticationCode(tag, for: message, key: key), "tcId \(test.tcId)")
                }
                #expect(accepted == (test.result == .valid), "tcId \(test.tcId): \(test.comment)")
            }
        }
        #expect(tally == VectorTally(valid: 66, invalid: 108, acceptable: 0))
        #expect(tally.total == file.numberOfTests)
    }
}

@Suite("HMAC-SHA256")
struct HMACSHA256Tests {
    @Test("tags of the wrong length are refused", arguments: [0, 1, 15, 16, 31, 33, 64])
    func wrongLengthTags(length: Int) {
        let key = Array("key".utf8), message = Array("message".utf8)
        let full = HMACSHA256.authenticationCode(for: message, key: key)
        let tag = Array((full + full).prefix(length))
        #expect(!HMACSHA256.isValidAuthenticationCode(tag, for: message, key: key))
        #expect(HMACSHA256.isValidTruncatedAuthenticationCode(tag, for: message, key: key) == (16...32).contains(length))
    }

    @Test("keys longer than a block are hashed first (RFC 2104 §2)")
    func longKey() {
        let longKey = [UInt8](repeating: 0xaa, count: 131)
        let message = Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        #expect(HMACSHA256.authenticationCode(for: message, key: longKey)
            == HMACSHA256.authenticationCode(for: message, key: SHA256.hash(longKey)))
    }
}
