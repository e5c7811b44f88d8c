import AuthCrypto
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of small cache files (discovery documents, JWK sets) that only we can have written.
///
/// A file is trusted only if it is a regular file (not a link), owned by us, with no group or
/// other permission bits; writes go to a fresh 0600 temporary file that is renamed into place.
/// Failures are never fatal: a file that cannot be read or written just means fetching again.
package struct PrivateFileCache: Sendable {
    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    /// `<directory>/<prefix>-<first 16 bytes of SHA-256(key), hex>.json`
    package func path(prefix: String, key: String) -> String {
        let digest = SHA256.hash(Array(key.utf8)).prefix(16)
        return directory + "/" + prefix + "-" + String(hexadecimal: digest) + ".json"
    }

    /// The file's bytes, if it exists, is ours and private, and holds at most `limit` bytes.
    package func read(_ path: String, limit: Int) -> [UInt8]? {
        guard let descriptor = try? POSIX.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) else { return nil }
        defer { POSIX.close(descriptor) }
        // A cache file someone else could have written might hold their keys: trust only our own private files.
        guard let status = try? POSIX.fileStatus(descriptor), status.fileType == S_IFREG,
            status.st_uid == POSIX.effectiveUserID, status.permissions & 0o077 == 0,
            let bytes = try? POSIX.read(descriptor, upTo: limit + 1), bytes.count <= limit
        else { return nil }
        return bytes
    }

    /// Runs `body` holding an exclusive lock on `<path>.lock`, so that processes sharing the cache
    /// take turns at something costly (refetching a key set). A lock that cannot be opened, or is
    /// not free within `timeout`, does not stop `body`: a cache is an optimisation, never a reason
    /// to fail.
    package func withExclusiveLock<Result>(for path: String, timeout: Duration, _ body: () async throws -> Result) async throws -> Result {
        ensureDirectory()
        guard let descriptor = try? POSIX.open(path + ".lock", O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, mode: 0o600) else {
            return try await body()
        }
        defer { POSIX.close(descriptor) }
        _ = try await LockWait.exclusive(descriptor, timeout: timeout)
        return try await body()
    }

    /// Replaces the file atomically; gives up silently on any failure.
    package func write(_ path: String, bytes: [UInt8]) {
        ensureDirectory()
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard let descriptor = try? POSIX.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o600) else {
            return
        }
        var written = true
        do {
            try POSIX.changeMode(descriptor, 0o600)
            try POSIX.write(descriptor, bytes)
        } catch {
            written = false
        }
        POSIX.close(descriptor)
        if !written || (try? POSIX.rename(temporary, to: path)) == nil {
            try? POSIX.unlink(temporary)
        }
    }

    private func ensureDirectory() {
        if (try? POSIX.fileStatus(atPath: directory)) == nil {
            try? FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        }
    }
}
