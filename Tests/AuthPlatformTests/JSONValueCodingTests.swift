import Foundation
import Testing
import AuthPlatform

/// JSONValueEncoder and JSONValueDecoder: what authctl's files are written and read with.
@Suite struct JSONValueCodingTests {
    enum Kind: String, Codable, Equatable { case github, oidc }

    struct Identity: Codable, Equatable {
        var providerID: String
        var email: String?
    }

    struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var small: UInt8
        var ratio: Double
        var enabled: Bool
        var kind: Kind
        var createdAt: Date
        var expiresAt: Date?
        var identities: [Identity]
        var scores: [String: Int]
        var raw: JSONValue
        var nothing: String?
    }

    static let sample = Sample(
        name: "alice", count: 3, small: 255, ratio: 0.25, enabled: true, kind: .oidc,
        createdAt: Date(timeIntervalSince1970: 1_750_000_000), expiresAt: Date(timeIntervalSince1970: 1_750_003_600.5),
        identities: [Identity(providerID: "github.com", email: nil), Identity(providerID: "oidc.x", email: "a@example.com")],
        scores: ["a": 1, "b": -2], raw: ["login": "alice", "id": 42, "nested": [true, nil]], nothing: nil)

    @Test func encodesTheDocumentAsTheFilesSpellIt() throws {
        let expected: JSONValue = [
            "name": "alice", "count": 3, "small": 255, "ratio": .number(0.25), "enabled": true, "kind": "oidc",
            "createdAt": 1_750_000_000, "expiresAt": .number(1_750_003_600.5),
            "identities": [["providerID": "github.com"], ["providerID": "oidc.x", "email": "a@example.com"]],
            "scores": ["a": 1, "b": -2], "raw": ["login": "alice", "id": 42, "nested": [true, nil]],
        ]
        #expect(try JSONValueEncoder().encode(Self.sample) == expected)
    }

    @Test func decodesWhatItEncoded() throws {
        let encoded = try JSONValueEncoder().encode(Self.sample)
        #expect(try JSONValueDecoder().decode(Sample.self, from: encoded) == Self.sample)
        let text = encoded.serialized(pretty: true)
        #expect(try JSONValueDecoder().decode(Sample.self, from: JSONValue.parse(text)) == Self.sample)
    }

    /// Files written before these coders (Foundation's JSONEncoder, dates as seconds since 1970)
    /// read back the same.
    @Test func readsFilesFoundationWrote() throws {
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .secondsSince1970
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes = try foundation.encode(Self.sample)
        #expect(try JSONValueDecoder().decode(Sample.self, from: JSONValue.parse(Array(bytes))) == Self.sample)
    }

    @Test func topLevelArraysAndScalars() throws {
        let values: [Identity] = [Identity(providerID: "p", email: "e")]
        let encoded = try JSONValueEncoder().encode(values)
        #expect(encoded == [["providerID": "p", "email": "e"]])
        #expect(try JSONValueDecoder().decode([Identity].self, from: encoded) == values)
        #expect(try JSONValueEncoder().encode("text") == "text")
        #expect(try JSONValueDecoder().decode(Int?.self, from: .null) == nil)
    }

    enum Failure: Equatable { case typeMismatch, keyNotFound, dataCorrupted, valueNotFound }

    static let refusals: [(JSONValue, Failure, String)] = [
        (["name": 1], .typeMismatch, ".name"),
        (["name": "x"], .keyNotFound, ""),
        (["name": "x", "count": .number(1.5)], .dataCorrupted, ".count"),
        (["name": "x", "count": 1, "small": 256], .dataCorrupted, ".small"),
        (["name": "x", "count": 1, "small": -1], .dataCorrupted, ".small"),
        (["name": "x", "count": 1, "small": 1, "pair": [1]], .valueNotFound, ".pair[1]"),
        (["name": "x", "count": 1, "small": 1, "pair": "12"], .typeMismatch, ".pair"),
        ("not an object", .typeMismatch, ""),
    ]

    struct Strict: Decodable {
        var name: String
        var count: Int
        var small: UInt8
        var pair: Pair

        struct Pair: Decodable {
            var first: Int
            var second: Int
            init(from decoder: any Decoder) throws {
                var elements = try decoder.unkeyedContainer()
                first = try elements.decode(Int.self)
                second = try elements.decode(Int.self)
            }
        }
    }

    @Test(arguments: refusals)
    func refusesWhatDoesNotFit(value: JSONValue, failure: Failure, path: String) {
        do {
            _ = try JSONValueDecoder().decode(Strict.self, from: value)
            Issue.record("decoded \(value.serialized())")
        } catch let error as DecodingError {
            let (found, context): (Failure, DecodingError.Context?) = switch error {
            case .typeMismatch(_, let context): (.typeMismatch, context)
            case .keyNotFound(_, let context): (.keyNotFound, context)
            case .dataCorrupted(let context): (.dataCorrupted, context)
            case .valueNotFound(_, let context): (.valueNotFound, context)
            @unknown default: (.dataCorrupted, nil)
            }
            #expect(found == failure)
            let spelled = context?.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            #expect(spelled == path)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func refusesNumbersJSONCannotSpell(number: Double) {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(["x": number]) }
    }
}
