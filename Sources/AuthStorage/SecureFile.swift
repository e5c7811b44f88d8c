import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opening, reading and atomically replacing files inside the home, with the ownership and
/// mode checks applied to the open descriptor (so nothing can be swapped in between).
enum SecureFile {
    /// Flags added to every open: never follow a link at the final component, never block on a
    /// FIFO planted in the home (`fstat` then refuses it), never leak into child processes.
    static let openFlags: Int32 = O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC

    /// How many times to retry a temporary name that already exists before giving up.
    static let temporaryNameAttempts = 8

    /// Opens `path` (with ``openFlags`` added) and checks it is a regular file, owned by this user,
    /// with no group or other bits. Returns `nil` if it does not exist (and `O_CREAT` was not given).
    static func open(_ path: String, flags: Int32) throws(KeystoreError) -> Int32? {
        let descriptor: Int32
        do {
            descriptor = try POSIX.open(path, flags | openFlags, mode: Permissions.privateFile)
        } catch where error.errno == ENOENT {
            return nil
        } catch {
            throw classify(error, at: path)
        }
        let status: stat
        do {
            status = try POSIX.fileStatus(descriptor)
        } catch {
            POSIX.close(descriptor)
            throw .io(path, error)
        }
        do {
            try Permissions.check(status, of: path, isDirectory: false)
        } catch {
            POSIX.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// The contents of `path`, or `nil` if it does not exist. Reads at most `limit` + 1 bytes, so a
    /// result longer than `limit` means the file is too large.
    static func read(_ path: String, limit: Int) throws(KeystoreError) -> [UInt8]? {
        guard let descriptor = try open(path, flags: O_RDONLY) else { return nil }
        defer { POSIX.close(descriptor) }
        do {
            return try POSIX.read(descriptor, upTo: limit + 1)
        } catch {
            throw .io(path, error)
        }
    }

    /// Replaces `fileName` in `directory` with `bytes` so that a crash leaves either the old file or
    /// the new one, never a mixture: write a uniquely named temporary file (0600, `O_EXCL`) beside
    /// it, `fsync` it, `rename` it over the target, then `fsync` the directory so the rename lasts.
    ///
    /// Call it only while holding the directory's exclusive lock: it first removes temporary files
    /// left by writers that crashed, and only a lock holder can know no writer is running.
    static func replace(_ fileName: String, in directory: HomeDirectory, with bytes: [UInt8]) throws(KeystoreError) {
        let target = directory.appending(fileName)
        removeAbandonedTemporaries(for: fileName, in: directory)
        let (temporary, descriptor) = try createTemporary(for: fileName, in: directory)
        do {
            do {
                defer { POSIX.close(descriptor) }
                try POSIX.changeMode(descriptor, Permissions.privateFile)
                try POSIX.write(descriptor, bytes)
                try POSIX.fsync(descriptor)
            }
            try POSIX.rename(temporary, to: target)
        } catch {
            try? POSIX.unlink(temporary)
            throw .io(target, error)
        }
        try syncDirectory(directory.path)
    }

    private static func createTemporary(
        for fileName: String, in directory: HomeDirectory
    ) throws(KeystoreError) -> (path: String, descriptor: Int32) {
        var generator = SystemRandomNumberGenerator()
        var lastError = SystemCallError(call: "open", errno: EEXIST)
        for _ in 0..<temporaryNameAttempts {
            let suffix = String(generator.next() as UInt64, radix: 16)
            let path = directory.appending(temporaryPrefix(fileName) + suffix + temporarySuffix)
            do {
                let descriptor = try POSIX.open(
                    path, O_WRONLY | O_CREAT | O_EXCL | openFlags, mode: Permissions.privateFile)
                return (path, descriptor)
            } catch where error.errno == EEXIST {
                lastError = error
            } catch {
                throw .io(path, error)
            }
        }
        throw .io(directory.appending(temporaryPrefix(fileName) + "*" + temporarySuffix), lastError)
    }

    /// Temporary files are named `.<file>.<random hex>.tmp`: hidden, and never a name a store uses.
    private static func temporaryPrefix(_ fileName: String) -> String { "." + fileName + "." }
    private static let temporarySuffix = ".tmp"

    /// Best effort: a leftover that cannot be listed or removed does no harm beyond taking space.
    private static func removeAbandonedTemporaries(for fileName: String, in directory: HomeDirectory) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        let prefix = temporaryPrefix(fileName)
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(temporarySuffix) {
            try? POSIX.unlink(directory.appending(name))
        }
    }

    /// Makes the rename durable. File systems that cannot `fsync` a directory (`EINVAL`, some
    /// network and FUSE mounts) are tolerated: the rename itself is still atomic there.
    private static func syncDirectory(_ path: String) throws(KeystoreError) {
        do {
            let descriptor = try POSIX.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { POSIX.close(descriptor) }
            try POSIX.fsync(descriptor)
        } catch where error.errno == EINVAL || error.errno == ENOTSUP {
            return
        } catch {
            throw .io(path, error)
        }
    }

    /// Turns a failed `open` into a keystore error: `ELOOP` at a link is reported as
    /// ``KeystoreError/symbolicLink(path:)``, a directory where a file is opened to be created or
    /// written (`EISDIR`: the lock file) as ``KeystoreError/wrongFileType(path:expected:)``, as a
    /// read finds it, anything else as I/O.
    static func classify(_ error: SystemCallError, at path: String) -> KeystoreError {
        if error.errno == ELOOP || error.errno == EMLINK,
            let status = try? POSIX.fileStatus(atPath: path, followingLinks: false),
            status.fileType == S_IFLNK
        {
            return .symbolicLink(path: path)
        }
        if error.errno == EISDIR { return .wrongFileType(path: path, expected: "regular file") }
        return .io(path, error)
    }
}
