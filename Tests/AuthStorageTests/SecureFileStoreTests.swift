import Foundation
import Testing
import AuthPlatform
import AuthStorage

@Suite struct SecureFileStoreTests {
    @Test func documentRoundTripsExactly() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        let written = CounterDocument(
            count: 7, names: ["ada", "it's \"quoted\" / slashed", "ünïcødé"],
            expiresAt: Date(timeIntervalSince1970: 1_700_000_000.123_456), secret: Data([0, 1, 254, 255]))
        try store.update { $0 = written }
        #expect(try store.read() == written)
        // A second store value on the same path sees the same file.
        #expect(try directory.store().read() == written)
    }

    @Test func missingHomeReadsAsEmptyAndCreatesNothing() throws {
        let directory = KeystoreSandbox()
        #expect(try directory.store().read() == CounterDocument())
        #expect(!FileManager.default.fileExists(atPath: directory.home.path))
    }

    @Test func missingFileReadsAsEmpty() throws {
        let directory = KeystoreSandbox()
        try directory.home.ensureExists()
        #expect(try directory.store().read() == CounterDocument())
        #expect(try directory.store().update { $0 } == CounterDocument())
    }

    @Test func fileCarriesTheSchemaVersionBesideTheDocument() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try store.update { $0.count = 3 }
        let value = try JSONValue.parse(KeystoreDisk.contents(of: store.path))
        #expect(value["version"] == .number(1))
        #expect(value["count"] == .number(3))
        #expect(value["names"] == .array([]))
        let text = String(decoding: try KeystoreDisk.contents(of: store.path), as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.range(of: "\"count\"")!.lowerBound < text.range(of: "\"version\"")!.lowerBound, "keys are sorted")
    }

    @Test func updateCreatesHomeAndParentsPrivately() throws {
        let directory = KeystoreSandbox()
        let home = HomeDirectory(path: directory.path + "/config/nested/authctl")
        let store = SecureFileStore<CounterDocument>(home: home, fileName: "keystore.json")
        try store.update { $0.count = 1 }
        #expect(try KeystoreDisk.mode(of: home.path) == 0o700)
        #expect(try KeystoreDisk.mode(of: store.path) == 0o600)
        #expect(try KeystoreDisk.mode(of: home.appending(".lock")) == 0o600)
    }

    @Test func unchangedDocumentIsNotRewritten() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try store.update { $0.count = 1 }
        let before = try KeystoreDisk.inode(of: store.path)
        try store.update { $0.count = 1 }
        #expect(try KeystoreDisk.inode(of: store.path) == before)
        try store.update { $0.count = 2 }
        #expect(try KeystoreDisk.inode(of: store.path) != before)
    }

    @Test func noOpUpdateOnEmptyHomeWritesNoFile() throws {
        let directory = KeystoreSandbox()
        try directory.store().update { _ in }
        #expect(try KeystoreDisk.listing(of: directory.home.path) == [".lock"])
    }

    @Test func successfulWriteLeavesNoTemporaryFile() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        for value in 1...3 { try store.update { $0.count = value } }
        #expect(try KeystoreDisk.listing(of: directory.home.path) == [".lock", "keystore.json"])
    }

    @Test func writeRemovesTemporariesOfCrashedWriters() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try store.update { $0.count = 1 }
        let abandoned = directory.home.appending(".keystore.json.deadbeef.tmp")
        let otherStores = directory.home.appending(".providers.json.deadbeef.tmp")
        try KeystoreDisk.write(Array("{\"version\": 1, \"co".utf8), to: abandoned)
        try KeystoreDisk.write([], to: otherStores)
        try store.update { $0.count = 2 }
        #expect(try KeystoreDisk.listing(of: directory.home.path) == [".lock", ".providers.json.deadbeef.tmp", "keystore.json"])
        #expect(try store.read().count == 2)
    }

    struct Refusal: Error, Equatable {}

    @Test func throwingBodyWritesNothingAndPassesItsErrorThrough() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try store.update { $0.count = 1 }
        let before = try KeystoreDisk.contents(of: store.path)
        #expect(throws: Refusal()) {
            try store.update { document in
                document.count = 99
                throw Refusal()
            }
        }
        #expect(try KeystoreDisk.contents(of: store.path) == before)
        #expect(try KeystoreDisk.listing(of: directory.home.path) == [".lock", "keystore.json"])
    }

    @Test func updateReturnsTheBodysResult() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        let previous = try store.update { document -> Int in
            defer { document.count += 5 }
            return document.count
        }
        #expect(previous == 0)
        #expect(try store.read().count == 5)
    }

    @Test func documentClaimingTheVersionMemberIsRefused() throws {
        let directory = KeystoreSandbox()
        let store = SecureFileStore<VersionClashDocument>(home: directory.home, fileName: "clash.json")
        let error = try #require(throws: KeystoreError.self) {
            try store.update { $0.version = "changed" }
        }
        guard case .unencodable = error else { Issue.record("got \(error)"); return }
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func storesInOneHomeAreIndependentFiles() throws {
        let directory = KeystoreSandbox()
        let keystore = directory.store()
        let providers = SecureFileStore<CounterDocument>(home: directory.home, fileName: "providers.json")
        try keystore.update { $0.count = 1 }
        try providers.update { $0.names = ["github.com"] }
        #expect(try keystore.read() == CounterDocument(count: 1))
        #expect(try providers.read() == CounterDocument(names: ["github.com"]))
    }
}
