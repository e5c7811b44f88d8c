import Foundation
import Testing
import AuthPlatform
import AuthStorage

@Suite struct PermissionTests {
    /// Directory modes that give group or others any access at all.
    static let insecureDirectoryModes: [UInt32] = [0o755, 0o777, 0o750, 0o705, 0o710, 0o701, 0o770, 0o720, 0o702]
    /// File modes that give group or others any access at all.
    static let insecureFileModes: [UInt32] = [0o644, 0o640, 0o604, 0o666, 0o660, 0o606, 0o620, 0o602, 0o610, 0o601, 0o777]

    @Test(arguments: insecureDirectoryModes)
    func insecureHomeIsRefusedWithTheChmodFix(mode homeMode: UInt32) throws {
        let directory = KeystoreSandbox()
        let home = directory.home
        try KeystoreDisk.makeDirectory(home.path, mode: homeMode)
        let expected = KeystoreError.insecurePermissions(path: home.path, mode: homeMode, fix: "chmod 700 '\(home.path)'")

        #expect(throws: expected) { try directory.store().read() }
        #expect(throws: expected) { try directory.store().update { $0.count += 1 } }
        #expect(throws: expected) { try home.ensureExists() }
        #expect(expected.message.contains("chmod 700 '\(home.path)'"))
        #expect(expected.code == .keystoreError)
        // Refused, not repaired behind the user's back, and nothing written.
        #expect(try KeystoreDisk.mode(of: home.path) == homeMode)
        #expect(try KeystoreDisk.listing(of: home.path) == [])
    }

    @Test(arguments: insecureFileModes)
    func insecureKeystoreFileIsRefusedWithTheChmodFix(mode fileMode: UInt32) throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try store.update { $0.count = 1 }
        try POSIX.changeMode(atPath: store.path, mode_t(fileMode))
        let before = try KeystoreDisk.contents(of: store.path)
        let expected = KeystoreError.insecurePermissions(path: store.path, mode: fileMode, fix: "chmod 600 '\(store.path)'")

        #expect(throws: expected) { try store.read() }
        #expect(throws: expected) { try store.update { $0.count += 1 } }
        #expect(expected.message.contains("chmod 600 '\(store.path)'"))
        #expect(try KeystoreDisk.contents(of: store.path) == before)
        #expect(try KeystoreDisk.mode(of: store.path) == fileMode)
    }

    @Test(arguments: [0o644, 0o606] as [UInt32])
    func insecureLockFileIsRefused(mode fileMode: UInt32) throws {
        let directory = KeystoreSandbox()
        try directory.home.ensureExists()
        let lockFile = directory.home.appending(".lock")
        try KeystoreDisk.write([], to: lockFile, mode: fileMode)
        #expect(throws: KeystoreError.insecurePermissions(path: lockFile, mode: fileMode, fix: "chmod 600 '\(lockFile)'")) {
            try directory.store().update { $0.count += 1 }
        }
    }

    @Test(arguments: [0o700, 0o500, 0o1700] as [UInt32])
    func privateHomeModesAreAccepted(mode homeMode: UInt32) throws {
        let directory = KeystoreSandbox()
        try KeystoreDisk.makeDirectory(directory.home.path, mode: homeMode)
        #expect(try directory.store().read() == CounterDocument())
    }

    @Test(arguments: [0o600, 0o400] as [UInt32])
    func privateFileModesAreAccepted(mode fileMode: UInt32) throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try store.update { $0.count = 4 }
        try POSIX.changeMode(atPath: store.path, mode_t(fileMode))
        #expect(try store.read().count == 4)
    }

    @Test func rewrittenFileIsPrivateAgain() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try store.update { $0.count = 1 }
        try POSIX.changeMode(atPath: store.path, 0o400)
        try store.update { $0.count = 2 }
        #expect(try KeystoreDisk.mode(of: store.path) == 0o600)
    }

    @Test(.enabled(if: KeystoreDisk.runningAsRoot, "only root can give a file to another user"))
    func fileOwnedByAnotherUserIsRefused() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try store.update { $0.count = 1 }
        #expect(chown(store.path, 4242, 4242) == 0)
        let before = try KeystoreDisk.contents(of: store.path)
        let expected = KeystoreError.wrongOwner(path: store.path, owner: 4242, expected: 0)
        #expect(throws: expected) { try store.read() }
        #expect(throws: expected) { try store.update { $0.count += 1 } }
        #expect(expected.message.contains("chown 0 '\(store.path)'"))
        #expect(try KeystoreDisk.contents(of: store.path) == before)
    }

    @Test(.enabled(if: KeystoreDisk.runningAsRoot, "only root can give a directory to another user"))
    func homeOwnedByAnotherUserIsRefused() throws {
        let directory = KeystoreSandbox()
        try directory.home.ensureExists()
        #expect(chown(directory.home.path, 4242, 4242) == 0)
        #expect(throws: KeystoreError.wrongOwner(path: directory.home.path, owner: 4242, expected: 0)) {
            try directory.store().update { $0.count += 1 }
        }
    }

    @Test func symlinkedKeystoreFileIsRefusedAndLeftAlone() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try directory.home.ensureExists()
        let elsewhere = directory.path + "/elsewhere.json"
        try KeystoreDisk.write(Array("{\"version\":1,\"count\":5}".utf8), to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: elsewhere)

        #expect(throws: KeystoreError.symbolicLink(path: store.path)) { try store.read() }
        #expect(throws: KeystoreError.symbolicLink(path: store.path)) { try store.update { $0.count += 1 } }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path) == elsewhere)
        #expect(try KeystoreDisk.contents(of: elsewhere) == Array("{\"version\":1,\"count\":5}".utf8))
    }

    @Test func symlinkedLockFileIsRefused() throws {
        let directory = KeystoreSandbox()
        try directory.home.ensureExists()
        let lockFile = directory.home.appending(".lock")
        try FileManager.default.createSymbolicLink(atPath: lockFile, withDestinationPath: directory.path + "/nowhere")
        #expect(throws: KeystoreError.symbolicLink(path: lockFile)) { try directory.store().update { $0.count += 1 } }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/nowhere"))
    }

    @Test func symlinkedHomeIsFollowedAndChecked() throws {
        let directory = KeystoreSandbox()
        let real = directory.path + "/real"
        try KeystoreDisk.makeDirectory(real, mode: 0o700)
        try FileManager.default.createSymbolicLink(atPath: directory.home.path, withDestinationPath: real)
        try directory.store().update { $0.count = 2 }
        #expect(FileManager.default.fileExists(atPath: real + "/keystore.json"))

        try POSIX.changeMode(atPath: real, 0o755)
        #expect(throws: KeystoreError.insecurePermissions(path: directory.home.path, mode: 0o755, fix: "chmod 700 '\(directory.home.path)'")) {
            try directory.store().read()
        }
    }

    @Test func homeThatIsAFileIsRefused() throws {
        let directory = KeystoreSandbox()
        try KeystoreDisk.write([], to: directory.home.path)
        #expect(throws: KeystoreError.wrongFileType(path: directory.home.path, expected: "directory")) {
            try directory.store().update { $0.count += 1 }
        }
    }

    @Test func keystoreThatIsADirectoryIsRefused() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try directory.home.ensureExists()
        try KeystoreDisk.makeDirectory(store.path, mode: 0o700)
        #expect(throws: KeystoreError.wrongFileType(path: store.path, expected: "regular file")) { try store.read() }
    }

    /// The lock is opened to be created, which a directory refuses (EISDIR) before any check: the
    /// same refusal as a read's, whose message says to move it aside (a library's signOut() shows it).
    @Test func lockFileThatIsADirectoryIsRefused() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try directory.home.ensureExists()
        let lock = directory.home.appending(HomeDirectory.lockFileName)
        try KeystoreDisk.makeDirectory(lock, mode: 0o700)
        #expect(throws: KeystoreError.wrongFileType(path: lock, expected: "regular file")) { try store.update { $0.count += 1 } }
    }

    @Test func fifoInPlaceOfTheKeystoreIsRefusedWithoutBlocking() throws {
        let directory = KeystoreSandbox()
        let store = directory.store()
        try directory.home.ensureExists()
        #expect(mkfifo(store.path, 0o600) == 0)
        #expect(throws: KeystoreError.wrongFileType(path: store.path, expected: "regular file")) { try store.read() }
    }

    @Test func cacheDirectoryIsPrivateToo() throws {
        let directory = KeystoreSandbox()
        try directory.home.ensureExists()
        let cache = directory.home.cacheDirectory
        #expect(cache.path == directory.home.path + "/cache")
        try cache.ensureExists()
        #expect(try KeystoreDisk.mode(of: cache.path) == 0o700)
    }

    @Test(arguments: [
        ("/a/b/", "/a/b", "/a/b/x"),
        ("/a//", "/a", "/a/x"),
        ("/", "/", "/x"),
        ("relative/home", "relative/home", "relative/home/x"),
    ])
    func homePathsAreNormalised(given: String, path: String, child: String) {
        let home = HomeDirectory(path: given)
        #expect(home.path == path)
        #expect(home.appending("x") == child)
    }
}
