import Foundation
import Testing
import AuthCrypto
import AuthTestSupport

/// Locates and decodes the shared test vectors at `<package root>/../shared/vectors`.
enum Vectors {
    /// `<root>/../shared/vectors` (``TestVectors/directory``).
    static let directory = URL(fileURLWithPath: TestVectors.directory, isDirectory: true)

    static var arePresent: Bool { FileManager.default.fileExists(atPath: directory.path) }
    /// In CI a missing vector folder is a failure, never a silent skip.
    static var areRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }
    /// Vector suites run when the folder exists, and always in CI (where loading then fails loudly).
    static var shouldRun: Bool { arePresent || areRequired }
    static let skipMessage: Comment =
        "test vectors not found at <root>/../shared/vectors; skipped (with CI=true this is a failure)"

    static func load<Value: Decodable>(_ type: Value.Type, _ relativePath: String) throws -> Value {
        let data = try Data(contentsOf: directory.appendingPathComponent(relativePath))
        return try JSONDecoder().decode(Value.self, from: data)
    }
}

/// A test's expectation from the vector file.
enum VectorResult: String, Decodable {
    case valid, invalid, acceptable
}

/// How many vectors of each kind a loop saw, so an empty or short loop cannot pass.
struct VectorTally: Equatable, CustomStringConvertible {
    var valid = 0, invalid = 0, acceptable = 0
    var total: Int { valid + invalid + acceptable }

    mutating func count(_ result: VectorResult) {
        switch result {
        case .valid: valid += 1
        case .invalid: invalid += 1
        case .acceptable: acceptable += 1
        }
    }

    var description: String { "total \(total): valid \(valid), invalid \(invalid), acceptable \(acceptable)" }
}

enum Hex {
    static func decode(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8).map { character -> UInt8 in
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
            default: preconditionFailure("bad hex in test data")
            }
        }
        precondition(digits.count % 2 == 0, "odd hex length in test data")
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

/// Just enough base64url (RFC 4648 §5, no padding) to read JWK fields in tests; the project's real
/// JOSE decoder lives in AuthCore.
enum TestBase64URL {
    static func decode(_ text: String) -> [UInt8] {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { preconditionFailure("bad base64url in test data") }
        return [UInt8](data)
    }
}

/// The JWK members the vector files carry (RFC 7518 §6.2.1, §6.3.1).
struct TestJWK: Decodable {
    let kty: String
    let n: String?
    let e: String?
    let crv: String?
    let x: String?
    let y: String?
}

/// A signature test case (Wycheproof `SignatureTestVector`).
struct SignatureVector: Decodable {
    let tcId: Int
    let comment: String
    let flags: [String]
    let msg: String
    let sig: String
    let result: VectorResult
}

struct WycheproofFile<Group: Decodable>: Decodable {
    let algorithm: String
    let numberOfTests: Int
    let testGroups: [Group]
}

/// What a vector file must contain: the loop asserts these exact counts.
struct ExpectedVectorFile: CustomTestStringConvertible, Sendable {
    let name: String
    let valid: Int
    let invalid: Int
    let acceptable: Int

    var tally: VectorTally { VectorTally(valid: valid, invalid: invalid, acceptable: acceptable) }
    var testDescription: String { name }
}
