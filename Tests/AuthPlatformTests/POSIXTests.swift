import Foundation
import Testing
import AuthPlatform
import AuthTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct POSIXTests {
    @Test func failedCallCarriesItsNameAndErrno() throws {
        let directory = TemporaryDirectory()
        let error = try #require(throws: SystemCallError.self) {
            _ = try POSIX.open(directory.path + "/missing", O_RDONLY | O_CLOEXEC)
        }
        #expect(error == SystemCallError(call: "open", errno: ENOENT))
        #expect(error.description.contains("open"))
        #expect(error.reason == String(cString: strerror(ENOENT)))
    }

    @Test(arguments: [0, 1, 5, 100_000, 200_000])
    func writeThenReadUpToALimit(size: Int) throws {
        let directory = TemporaryDirectory()
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
        let directory = TemporaryDirectory()
        let path = directory.path + "/data"
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: path))
        let reader = try POSIX.open(path, O_RDONLY | O_CLOEXEC)
        defer { POSIX.close(reader) }
        #expect(try POSIX.read(reader, upTo: 10).count == 10)
    }

    @Test func nonBlockingFlockReportsContentionWithinOneProcess() throws {
        let directory = TemporaryDirectory()
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
        let directory = TemporaryDirectory()
        try Data([1]).write(to: URL(fileURLWithPath: directory.path + "/a"))
        try Data([2]).write(to: URL(fileURLWithPath: directory.path + "/b"))
        try POSIX.rename(directory.path + "/a", to: directory.path + "/b")
        #expect(FileManager.default.contents(atPath: directory.path + "/b") == Data([1]))
        #expect(throws: SystemCallError(call: "mkdir", errno: EEXIST)) {
            try POSIX.makeDirectory(directory.path, 0o700)
        }
        try POSIX.unlink(directory.path + "/b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }
}
