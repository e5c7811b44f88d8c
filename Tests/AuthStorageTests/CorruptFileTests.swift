import Foundation
import Testing
import AuthStorage

@Suite struct CorruptFileTests {
    /// Files this build must refuse as corrupt, with words the reason must contain.
    static let corruptFiles: [(name: String, text: String, reason: String)] = [
        ("empty (0 bytes)", "", "empty"),
        ("white space only", " \n", "not valid JSON"),
        ("truncated object", "{\"version\": 1, \"count\": ", "not valid JSON"),
        ("truncated write", "{\"version\": 1, \"count\": 3, \"names\": [\"ad", "not valid JSON"),
        ("not JSON", "version = 1", "not valid JSON"),
        ("trailing garbage", "{\"version\": 1} {}", "not valid JSON"),
        ("NUL bytes", "\0\0\0\0", "not valid JSON"),
        ("top level array", "[1, 2]", "not a JSON object"),
        ("top level string", "\"version\"", "not a JSON object"),
        ("no version", "{\"count\": 1, \"names\": []}", "\"version\""),
        ("version is a string", "{\"version\": \"1\", \"count\": 1}", "\"version\""),
        ("version is fractional", "{\"version\": 1.5}", "\"version\""),
        ("version zero", "{\"version\": 0, \"count\": 1, \"names\": []}", "schema version 0"),
        ("negative version", "{\"version\": -3}", "schema version -3"),
        ("duplicate member", "{\"version\": 1, \"count\": 1, \"count\": 2, \"names\": []}", "appears twice"),
        ("wrong type", "{\"version\": 1, \"count\": \"three\", \"names\": []}", "at .count"),
        ("wrong element type", "{\"version\": 1, \"count\": 1, \"names\": [\"a\", 2]}", "at .names[1]"),
        ("missing member", "{\"version\": 1, \"names\": []}", "\"count\""),
        ("bad base64", "{\"version\": 1, \"count\": 1, \"names\": [], \"secret\": \"***\"}", "at .secret"),
    ]

    @Test(arguments: corruptFiles)
    func corruptFileIsRefusedAndLeftByteForByte(name: String, text: String, reason: String) throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try directory.home.ensureExists()
        let original = Array(text.utf8)
        try KeystoreDisk.write(original, to: store.path)

        let readError = try #require(throws: KeystoreError.self) { try store.read() }
        var bodyRan = false
        let updateError = try #require(throws: KeystoreError.self) {
            try store.update { document in
                bodyRan = true
                document = CounterDocument(count: 1)
            }
        }

        for error in [readError, updateError] {
            guard case .corrupt(let path, let actual) = error else {
                Issue.record("\(name): expected .corrupt, got \(error)")
                continue
            }
            #expect(path == store.path)
            #expect(actual.contains(reason), "\(name): reason was \(actual)")
            #expect(error.code == .keystoreError)
            #expect(error.message.contains("'\(store.path)'"))
            #expect(error.message.contains("left untouched"))
            #expect(error.message.contains("mv '\(store.path)' '\(store.path).broken'"))
        }
        #expect(!bodyRan)
        #expect(try KeystoreDisk.contents(of: store.path) == original)
        #expect(try KeystoreDisk.listing(of: directory.home.path) == [".lock", "keystore.json"])
    }

    @Test func newerSchemaIsRefusedAndNeverOverwritten() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        let future = SecureFileStore<FutureCounterDocument>(home: directory.home, fileName: "keystore.json")
        try future.update { $0.count = 9 }
        let original = try KeystoreDisk.contents(of: store.path)

        let expected = KeystoreError.newerVersion(path: store.path, found: 2, supported: 1)
        #expect(throws: expected) { try store.read() }
        #expect(throws: expected) { try store.update { $0.count = 1 } }
        #expect(expected.message.contains("newer authctl"))
        #expect(expected.details["version"] == .int(2))
        #expect(try KeystoreDisk.contents(of: store.path) == original)
    }

    @Test func oversizedFileIsRefusedAsCorrupt() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try directory.home.ensureExists()
        let padding = [UInt8](repeating: UInt8(ascii: " "), count: KeystoreLimits.maximumFileBytes)
        let original = Array("{\"version\": 1, \"count\": 1, \"names\": []}".utf8) + padding
        try KeystoreDisk.write(original, to: store.path)
        let error = try #require(throws: KeystoreError.self) { try store.read() }
        guard case .corrupt(_, let reason) = error else { Issue.record("got \(error)"); return }
        #expect(reason.contains("larger than"))
        #expect(try KeystoreDisk.contents(of: store.path) == original)
    }

    @Test func unknownMembersAndWhiteSpaceAreAccepted() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try directory.home.ensureExists()
        try KeystoreDisk.write(Array("\n{ \"names\": [\"x\"], \"count\": 2, \"version\": 1, \"later\": true }\n".utf8), to: store.path)
        #expect(try store.read() == CounterDocument(count: 2, names: ["x"]))
    }

    @Test func corruptReasonNeverQuotesTheValue() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try directory.home.ensureExists()
        try KeystoreDisk.write(Array("{\"version\": 1, \"count\": \"ya29.secret-token\", \"names\": []}".utf8), to: store.path)
        let error = try #require(throws: KeystoreError.self) { try store.read() }
        #expect(!error.message.contains("ya29"))
    }
}
