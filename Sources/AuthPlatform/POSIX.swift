#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: which call, and the `errno` it left.
package struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call's name, for example `"open"`.
    package let call: String
    /// The `errno` value, for example `ENOENT`.
    package let errno: Int32

    package init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The C library's text for ``errno``, for example "No such file or directory".
    package var reason: String { String(cString: strerror(self.errno)) }

    package var description: String { "\(call): \(reason) (errno \(self.errno))" }
}

/// Thin wrappers over the file system calls, each wrapped once: retried on `EINTR`, and
/// failing with a typed ``SystemCallError`` instead of a `-1` and a global `errno`.
///
/// Paths are passed as they are; nothing here decides policy (permissions, locking, layout).
package enum POSIX {
    /// Runs `body` until it returns something other than `-1` or fails with an errno other than `EINTR`.
    @inline(__always)
    package static func retryingInterrupts<Result: BinaryInteger>(
        _ call: String, _ body: () -> Result
    ) throws(SystemCallError) -> Result {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code != EINTR { throw SystemCallError(call: call, errno: code) }
        }
    }

    /// `open(2)`; `mode` matters only with `O_CREAT`. Add `O_CLOEXEC` yourself.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemCallError) -> Int32 {
        try retryingInterrupts("open") { systemOpen(path, flags, mode) }
    }

    /// `close(2)`. Never retried: after `EINTR` the descriptor is already gone on Linux, and a
    /// retry could close a descriptor another thread has just been given. Errors are ignored.
    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// `read(2)` into `buffer`; returns the byte count, `0` at end of file.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try retryingInterrupts("read") { systemRead(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Reads until end of file or until `limit` bytes have been read, whichever is first.
    /// Pass one more than the largest size you accept to tell "exactly at the limit" from "over it".
    package static func read(_ descriptor: Int32, upTo limit: Int) throws(SystemCallError) -> [UInt8] {
        // The chunk lives on the stack, uninitialised: no allocation to zero and fault in for the
        // few kilobytes most files are.
        let chunkSize = 16 * 1024
        let outcome = withUnsafeTemporaryAllocation(byteCount: chunkSize, alignment: 1) { chunk in
            Result { () throws(SystemCallError) -> [UInt8] in
                var bytes: [UInt8] = []
                while bytes.count < limit {
                    let wanted = min(chunkSize, limit - bytes.count)
                    let count = try read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: chunk[0..<wanted]))
                    if count == 0 { break }
                    bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
                }
                return bytes
            }
        }
        return try outcome.get()
    }

    /// `write(2)` until every byte is written (a short write is continued, not reported).
    package static func write(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemCallError) {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in
                var offset = 0
                while offset < buffer.count {
                    let remaining = UnsafeRawBufferPointer(rebasing: buffer[offset...])
                    offset += try retryingInterrupts("write") { systemWrite(descriptor, remaining.baseAddress, remaining.count) }
                }
            }
        }
        try outcome.get()
    }

    /// `fsync(2)`: the file's data and metadata reach the disk.
    package static func fsync(_ descriptor: Int32) throws(SystemCallError) {
        _ = try retryingInterrupts("fsync") { systemFsync(descriptor) }
    }

    /// `rename(2)`: atomically replaces `destination` (not following it if it is a link).
    package static func rename(_ source: String, to destination: String) throws(SystemCallError) {
        _ = try retryingInterrupts("rename") { systemRename(source, destination) }
    }

    /// `unlink(2)`.
    package static func unlink(_ path: String) throws(SystemCallError) {
        _ = try retryingInterrupts("unlink") { systemUnlink(path) }
    }

    /// `flock(2)`. With `LOCK_NB` in `operation`, returns `false` when another open file holds a
    /// conflicting lock; otherwise returns `true` once the lock is held.
    package static func flock(_ descriptor: Int32, _ operation: Int32) throws(SystemCallError) -> Bool {
        do {
            _ = try retryingInterrupts("flock") { systemFlock(descriptor, operation) }
            return true
        } catch where error.errno == EWOULDBLOCK && operation & LOCK_NB != 0 {
            return false
        }
    }

    /// `fstat(2)`.
    package static func fileStatus(_ descriptor: Int32) throws(SystemCallError) -> stat {
        var status = stat()
        _ = try retryingInterrupts("fstat") { systemFstat(descriptor, &status) }
        return status
    }

    /// `stat(2)`, or `lstat(2)` when `followingLinks` is false.
    package static func fileStatus(atPath path: String, followingLinks: Bool = true) throws(SystemCallError) -> stat {
        var status = stat()
        if followingLinks {
            _ = try retryingInterrupts("stat") { systemStat(path, &status) }
        } else {
            _ = try retryingInterrupts("lstat") { systemLstat(path, &status) }
        }
        return status
    }

    /// `fchmod(2)`.
    package static func changeMode(_ descriptor: Int32, _ mode: mode_t) throws(SystemCallError) {
        _ = try retryingInterrupts("fchmod") { systemFchmod(descriptor, mode) }
    }

    /// `chmod(2)`.
    package static func changeMode(atPath path: String, _ mode: mode_t) throws(SystemCallError) {
        _ = try retryingInterrupts("chmod") { systemChmod(path, mode) }
    }

    /// `mkdir(2)`; the process umask still applies to `mode`.
    package static func makeDirectory(_ path: String, _ mode: mode_t) throws(SystemCallError) {
        _ = try retryingInterrupts("mkdir") { systemMkdir(path, mode) }
    }

    /// Blocks the calling thread for `duration` (`nanosleep(2)`, resumed after a signal).
    package static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(max(0, seconds)), tv_nsec: Int(max(0, attoseconds) / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }

    /// The effective user id of this process.
    package static var effectiveUserID: uid_t { geteuid() }
}

extension stat {
    /// The file type bits (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, ...).
    package var fileType: mode_t { st_mode & S_IFMT }
    /// The permission bits, including set-id and sticky (`0o7777`).
    package var permissions: mode_t { st_mode & 0o7777 }
}

// The C functions, named apart so that the wrappers above can share their names.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func systemFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
private func systemRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
private func systemUnlink(_ path: String) -> Int32 { unlink(path) }
private func systemFlock(_ descriptor: Int32, _ operation: Int32) -> Int32 { flock(descriptor, operation) }
private func systemFstat(_ descriptor: Int32, _ status: inout stat) -> Int32 { fstat(descriptor, &status) }
private func systemStat(_ path: String, _ status: inout stat) -> Int32 { stat(path, &status) }
private func systemLstat(_ path: String, _ status: inout stat) -> Int32 { lstat(path, &status) }
private func systemFchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 { fchmod(descriptor, mode) }
private func systemChmod(_ path: String, _ mode: mode_t) -> Int32 { chmod(path, mode) }
private func systemMkdir(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }

extension POSIX {
    /// The columns and rows of the terminal on `descriptor` (TIOCGWINSZ), or nil when it is no
    /// terminal or does not say.
    package static func terminalSize(_ descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}

/// A terminal's window, in character cells.
package struct TerminalSize: Sendable, Equatable {
    package var columns: Int
    package var rows: Int

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
