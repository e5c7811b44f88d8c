import Foundation
import Testing
import AuthJOSE
import AuthPlatform
import AuthTestSupport

/// Seeded random mutations of valid tokens: each mutant is either rejected with a typed error or
/// is the unchanged token; no mutant of the signed parts ever verifies, and nothing crashes.
@Suite("Randomized token mutations")
struct MutationTests {
    typealias Factory = TestTokenFactory
    static let mutantsPerToken = 750
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func mutate(_ token: String, others: [String], using random: inout SplitMix) -> (String, String) {
        var bytes = Array(token.utf8)
        var segments = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        func index(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }
        func junk(_ count: Int) -> String { String(decoding: (0..<count).map { _ in alphabet[index(alphabet.count)] }, as: UTF8.self) }
        switch random.next() % 12 {
        case 0:
            let at = index(bytes.count)
            bytes[at] = alphabet[index(alphabet.count)]
            return (String(decoding: bytes, as: UTF8.self), "symbol change")
        case 1:
            let at = index(bytes.count)
            bytes[at] ^= UInt8(1) << UInt8(random.next() % 8)
            return (String(decoding: bytes, as: UTF8.self), "bit flip")
        case 2:
            return (String(decoding: bytes.prefix(index(bytes.count)), as: UTF8.self), "truncation")
        case 3:
            segments.shuffle(using: &random)
            return (segments.joined(separator: "."), "segment swap")
        case 4:
            let duplicated = index(3)
            segments.insert(segments[duplicated], at: index(4))
            return (random.next() % 2 == 0 ? segments.joined(separator: ".") : segments.prefix(3).joined(separator: "."), "segment duplication")
        case 5:
            var claims = Factory.claims()
            claims[["exp", "iat", "nbf", "auth_time"][index(4)]] = .number([1e308, -1e308, 9.9e15, 1.5e19, 0.000001][index(5)])
            segments[1] = Base64URL.encode(Array(JSONValue.object(claims).serialized().utf8))
            return (segments.joined(separator: "."), "huge number")
        case 6:
            let depth = 1 + index(200)
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            segments[index(2)] = Base64URL.encode(Array("{\"alg\":\"RS256\",\"sub\":\(deep)}".utf8))
            return (segments.joined(separator: "."), "deep JSON")
        case 7:
            let extra = String(repeating: "A", count: CompactJWS.maximumTokenBytes - bytes.count + index(100))
            segments[index(3)] += extra
            return (segments.joined(separator: "."), "very long")
        case 8:
            let invalid: [UInt8] = [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]][index(4)]
            segments[index(2)] = Base64URL.encode(Array("{\"alg\":\"RS256\",\"sub\":\"".utf8) + invalid + Array("\"}".utf8))
            return (segments.joined(separator: "."), "invalid UTF-8")
        case 9:
            segments[index(3)] = junk(index(400))
            return (segments.joined(separator: "."), "base64url junk")
        case 10:
            let other = others[index(others.count)].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let part = index(3)
            segments[part] = other[part]
            return (segments.joined(separator: "."), "segment from another token")
        default:
            let at = index(bytes.count + 1)
            if random.next() % 2 == 0, !bytes.isEmpty, at < bytes.count { bytes.remove(at: at) } else { bytes.insert(alphabet[index(alphabet.count)], at: at) }
            return (String(decoding: bytes, as: UTF8.self), "insert or delete")
        }
    }

    @Test func mutantsNeverVerify() async throws {
        let tokens = ["RS256", "PS256", "ES256", "HS256"].map { Factory.idToken(Factory.standardSigner($0).0) }
        let validator = JOSETest.validator(hmacSecret: Factory.hmacSecret)
        for token in tokens {
            _ = try await validator.validate(token, expectedNonce: Factory.nonce, accessToken: Factory.accessToken)
        }
        var random = SplitMix(seed: 0x5EED_1234)
        var rejectedByKind: [String: Int] = [:]
        var unchanged = 0
        var total = 0
        for token in tokens {
            for _ in 0..<Self.mutantsPerToken {
                let (mutant, mutation) = Self.mutate(token, others: tokens, using: &random)
                total += 1
                do {
                    _ = try await validator.validate(mutant, expectedNonce: Factory.nonce, accessToken: Factory.accessToken)
                    // Only a mutation that changed nothing may pass.
                    #expect(mutant == token, "a \(mutation) mutant verified: \(mutant.prefix(80))")
                    unchanged += 1
                } catch let error as JOSEError {
                    #expect(mutant != token, "the unchanged token was rejected: \(error)")
                    #expect(error.code == .invalidCredential)
                    rejectedByKind[error.kind, default: 0] += 1
                } catch {
                    Issue.record("untyped error for a \(mutation) mutant: \(error)")
                }
            }
        }
        #expect(total == 4 * Self.mutantsPerToken)
        #expect(unchanged + rejectedByKind.values.reduce(0, +) == total)
        // Every layer saw work: parsing, base64url, size, signature.
        for kind in ["malformedToken", "invalidBase64URL", "tokenTooLarge", "invalidSignature"] {
            #expect(rejectedByKind[kind, default: 0] > 0, "\(kind): \(rejectedByKind)")
        }
    }
}
