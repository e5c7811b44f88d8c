import Foundation
import AuthPlatform
import AuthStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The document the keystore tests store: a counter plus one field of each awkward kind.
struct CounterDocument: VersionedDocument, Equatable {
    static let schemaVersion = 1
    var count = 0
    var names: [String] = []
    var expiresAt: Date?
    var secret: Data?
}

/// A document from a future build, to write files this build must refuse.
struct FutureCounterDocument: VersionedDocument {
    static let schemaVersion = 2
    var count = 0
}

/// A document that wrongly claims the envelope's `version` member.
struct VersionClashDocument: VersionedDocument {
    static let schemaVersion = 1
    var version = "mine"
}

/// A fresh private directory (from `mkdtemp`, mode 0700), removed when the value goes away.
final class KeystoreSandbox {
    let path: String

    init() {
        var template = Array((NSTemporaryDirectory() + "authctl-keystore-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed: errno \(errno)")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A home directory that does not exist yet, inside this directory.
    var home: HomeDirectory { HomeDirectory(path: path + "/home") }

    /// The keystore store in ``home``.
    func store(lockTimeout: Duration = .seconds(10)) -> SecureFileStore<CounterDocument> {
        SecureFileStore(home: home, fileName: "keystore.json", lockTimeout: lockTimeout)
    }
}

/// File helpers for the keystore tests, in one namespace so they clash with nothing else.
enum KeystoreDisk {
    /// The permission bits of `path` (links not followed).
    static func mode(of path: String) throws -> UInt32 {
        UInt32(try POSIX.fileStatus(atPath: path, followingLinks: false).permissions)
    }

    /// The inode of `path`: it changes exactly when the file is replaced.
    static func inode(of path: String) throws -> UInt64 {
        UInt64(try POSIX.fileStatus(atPath: path, followingLinks: false).st_ino)
    }

    static func contents(of path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func write(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o600) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try POSIX.changeMode(atPath: path, mode_t(mode))
    }

    static func makeDirectory(_ path: String, mode: UInt32) throws {
        try POSIX.makeDirectory(path, 0o700)
        try POSIX.changeMode(atPath: path, mode_t(mode))
    }

    /// The names in `directory`, sorted, hidden ones included.
    static func listing(of directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// Whether the tests run as root, which may hand files to another user with `chown`.
    static let runningAsRoot = geteuid() == 0
}

/// Another process holding an exclusive `flock` on a file, until ``release()``.
final class ExternalLockHolder {
    /// python3 when there is one, else util-linux `flock`.
    static let command: [String]? = {
        let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        if let python {
            let script = "import fcntl,sys,time\nf=open(sys.argv[1],'r')\nfcntl.flock(f,fcntl.LOCK_EX)\nprint('locked',flush=True)\ntime.sleep(60)"
            return [python, "-c", script]
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") {
            return ["/usr/bin/flock", "--exclusive", "--close", "FILE", "sh", "-c", "echo locked; exec sleep 60"]
        }
        return nil
    }()

    static var isAvailable: Bool { command != nil }

    private let process = Process()

    /// Starts the holder on the existing file `path` and returns once it has the lock.
    init(path: String) throws {
        guard var command = Self.command else { throw CocoaError(.featureUnsupported) }
        if let index = command.firstIndex(of: "FILE") { command[index] = path } else { command.append(path) }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = output
        try process.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }  // the holder exited early
            seen.append(chunk)
        }
    }

    /// Kills the holder (SIGKILL: a test runner may leave SIGTERM ignored in its children), which
    /// releases its lock, and waits for it to be gone.
    func release() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { release() }
}
