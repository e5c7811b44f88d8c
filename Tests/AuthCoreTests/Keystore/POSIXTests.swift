import AuthCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct POSIXTests {
    @Test func failedCallCarriesItsNameAndErrno() throws {
        let directory = KeystoreSandbox()
        let error = try #require(throws: SystemCallError.self) {
            _ = try POSIX.open(directory.path + "/missing", O_RDONLY | O_CLOEXEC)
        }
        #expect(error == SystemCallError(call: "open", errno: ENOENT))
        #expect(error.description.contains("open"))
        #expect(error.reason == String(cString: strerror(ENOENT)))
    }

    @Test(arguments: [0, 1, 5, 100_000, 200_000])
    func writeThenReadUpToALimit(size: Int) throws {
        let directory = KeystoreSandbox()
        let path = directory.path + "/data"
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let writer = try POSIX.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        try POSIX.write(writer, bytes)
        try POSIX.fsync(writer)
        POSIX.close(writer)

        let reader = try POSIX.open(path, O_RDONLY | O_CLOEXEC)
        defer { POSIX.close(reader) }
        #expect(try POSIX.read(reader, upTo: size + 1) == bytes)
        #expect(try POSIX.fileStatus(reader).st_size == off_t(size))
    }

    @Test func readStopsAtTheLimit() throws {
        let directory = KeystoreSandbox()
        let path = directory.path + "/data"
        try KeystoreDisk.write([UInt8](repeating: 7, count: 1000), to: path)
        let reader = try POSIX.open(path, O_RDONLY | O_CLOEXEC)
        defer { POSIX.close(reader) }
        #expect(try POSIX.read(reader, upTo: 10).count == 10)
    }

    @Test func nonBlockingFlockReportsContentionWithinOneProcess() throws {
        let directory = KeystoreSandbox()
        let path = directory.path + "/lock"
        let first = try POSIX.open(path, O_RDONLY | O_CREAT | O_CLOEXEC, mode: 0o600)
        let second = try POSIX.open(path, O_RDONLY | O_CLOEXEC)
        defer { POSIX.close(second) }
        #expect(try POSIX.flock(first, LOCK_EX | LOCK_NB))
        #expect(try !POSIX.flock(second, LOCK_EX | LOCK_NB))
        #expect(try !POSIX.flock(second, LOCK_SH | LOCK_NB))
        POSIX.close(first)
        #expect(try POSIX.flock(second, LOCK_EX | LOCK_NB))
    }

    @Test func renameReplacesAndMakeDirectoryReportsExisting() throws {
        let directory = KeystoreSandbox()
        try KeystoreDisk.write([1], to: directory.path + "/a")
        try KeystoreDisk.write([2], to: directory.path + "/b")
        try POSIX.rename(directory.path + "/a", to: directory.path + "/b")
        #expect(try KeystoreDisk.contents(of: directory.path + "/b") == [1])
        #expect(throws: SystemCallError(call: "mkdir", errno: EEXIST)) {
            try POSIX.makeDirectory(directory.path, 0o700)
        }
        try POSIX.unlink(directory.path + "/b")
        #expect(try KeystoreDisk.listing(of: directory.path) == [])
    }
}

@Suite struct KeystoreErrorTests {
    static let errors: [KeystoreError] = [
        .insecurePermissions(path: "/h", mode: 0o755, fix: "chmod 700 '/h'"),
        .wrongOwner(path: "/h", owner: 1001, expected: 1000),
        .symbolicLink(path: "/h"),
        .wrongFileType(path: "/h", expected: "directory"),
        .locked(lockFile: "/h"),
        .corrupt(path: "/h", reason: "the file is empty"),
        .newerVersion(path: "/h", found: 3, supported: 1),
        .unencodable(path: "/h", reason: "EncodingError"),
        .io(path: "/h", call: "open", errno: EACCES),
    ]

    @Test(arguments: errors)
    func everyCaseIsAKeystoreErrorNamingItsPath(error: KeystoreError) {
        #expect(error.code == .keystoreError)
        #expect(error.path == "/h")
        #expect(error.message.contains("'/h'"))
        #expect(error.details["path"] == .string("/h"))
        #expect(error.description == error.message)
    }

    @Test(arguments: [
        ("/plain/path", "'/plain/path'"),
        ("/it's here", "'/it'\\''s here'"),
        ("/$HOME `x`", "'/$HOME `x`'"),
    ])
    func pathsInFixesAreShellQuoted(path: String, quoted: String) {
        let error = KeystoreError.symbolicLink(path: path)
        #expect(error.message.hasPrefix(quoted + " is a symbolic link"))
    }

    @Test func insecureModeIsShownInOctal() {
        let error = KeystoreError.insecurePermissions(path: "/h/k", mode: 0o44, fix: "chmod 600 '/h/k'")
        #expect(error.message.contains("mode 0044"))
        #expect(error.message.hasSuffix("Fix: chmod 600 '/h/k'"))
    }
}
