import Testing
import AuthJOSE

@Suite("Base64URL (RFC 4648 §5, RFC 7515 §2)")
struct Base64URLTests {
    @Test(arguments: [
        ("", []), ("Zg", [0x66]), ("Zm8", [0x66, 0x6f]), ("Zm9v", [0x66, 0x6f, 0x6f]),
        ("-_8", [0xfb, 0xff]), ("____", [0xff, 0xff, 0xff]), ("AA", [0x00]),
    ] as [(String, [UInt8])])
    func encodesAndDecodes(text: String, bytes: [UInt8]) {
        #expect(Base64URL.encode(bytes) == text)
        #expect(Base64URL.decode(text) == bytes)
    }

    @Test(arguments: [
        "Zg==", "Z", "Zh", "Zm9=", "+_8", "-_8/", "Zm9v YmFy", "Zm9v\nYmFy", "Zm9vY", "AB", "AAB", " Zg", "Zg ", "é", "Zg.", "=",
        "Zm9vYmFy=", "\u{0}",
    ])
    func rejectsNonCanonical(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("every byte string round-trips, and only its one spelling decodes")
    func roundTrips() {
        var generator = SplitMix(seed: 7)
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let text = Base64URL.encode(bytes)
            #expect(Base64URL.decode(text) == bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(text.utf8.count % 4 != 1)
        }
    }

    @Test("RFC 4648 vectors and strict-decoder negatives (shared/vectors/rfc/base64url.json)", .enabled(if: vectorsAvailable, "shared/vectors is absent: skipped"))
    func vectorFile() throws {
        let file = try JOSETest.vectors("rfc/base64url.json")
        let valid = try #require(file["valid"]?.arrayValue)
        let invalid = try #require(file["invalidOrSpecial"]?.arrayValue)
        #expect(valid.count == 19)
        #expect(invalid.count == 9)
        for vector in valid {
            let bytes = JOSETest.hex(vector["hex"]!.stringValue!)
            let text = vector["base64url_nopad"]!.stringValue!
            #expect(Base64URL.encode(bytes) == text)
            #expect(Base64URL.decode(text) == bytes)
            // The padded standard alphabet is not base64url, unless it happens to be spelled the same.
            let standard = vector["base64"]!.stringValue!
            if standard != text { #expect(Base64URL.decode(standard) == nil, "\(standard)") }
        }
        var positives = 0
        for vector in invalid {
            let input = vector["input"]!.stringValue!
            if vector["why"]!.stringValue!.hasPrefix("VALID") {
                positives += 1
                #expect(Base64URL.decode(input) != nil, "\(input)")
            } else {
                #expect(Base64URL.decode(input) == nil, "\(input)")
            }
        }
        #expect(positives == 1)
    }
}

/// SplitMix64: a small seeded generator for reproducible test data.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
