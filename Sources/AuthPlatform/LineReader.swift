#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines read from a descriptor (the paste prompt's stdin: a terminal, a pipe or a file) without
/// blocking the sign-in's other waits: each read polls the descriptor and a wake pipe together on
/// a thread of its own, and cancelling the reading task wakes it at once (Decisions/0029). So the
/// deadline, Ctrl-C and a redirect reaching the listener end a paste prompt as soon as they come.
///
/// Bytes after a line's end are kept for the next read, so two lines pasted at once are two reads.
package final class LineReader: Sendable {
    /// The process's standard input.
    package static let standardInput = LineReader(descriptor: STDIN_FILENO)

    /// Longest line kept: a pasted redirect is at most 16 KiB (``PastedRedirect``'s limit); a line
    /// longer than this is returned cut, to be refused by whoever reads it.
    package static let maximumLineBytes = 64 * 1024

    private let descriptor: Int32
    /// What was read past the last line's end; `ended` once the descriptor said end of file.
    private let pending = LockedState<(bytes: [UInt8], ended: Bool)>(([], false))

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line without its line end, or nil at the end of input (Ctrl-D on an empty line),
    /// when the input fails, or when the calling task is cancelled (then promptly).
    package func readLine() async -> String? {
        if let line = takeLine(atEnd: false) { return line }
        guard let wake = try? WakePipe() else { return nil }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
                DetachedThread.run { [self] in continuation.resume(returning: readUntilLine(wake: wake)) }
            }
        } onCancel: {
            wake.wake()
        }
    }

    /// Polls the descriptor and `wake` until a whole line (or the end) is there; nil when woken.
    private func readUntilLine(wake: WakePipe) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if pending.withLock({ $0.ended }) { return takeLine(atEnd: true) }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            guard (try? POSIX.retryingInterrupts("poll", { poll(&descriptors, 2, -1) })) != nil else { return nil }
            if descriptors[1].revents != 0 { return nil }
            guard descriptors[0].revents != 0 else { continue }
            // Readable (or hung up): read(2) returns what is there, a line at most on a terminal.
            let count = (try? buffer.withUnsafeMutableBytes { try POSIX.read(descriptor, into: $0) }) ?? 0
            let chunk = Array(buffer[..<count])
            pending.withLock { state in
                if chunk.isEmpty { state.ended = true } else { state.bytes += chunk }
            }
            if let line = takeLine(atEnd: false) { return line }
        }
    }

    /// The first line of what is pending (all of it at the end of input, nil when that is empty);
    /// nil when no line end has come yet. A line over the limit is cut there.
    private func takeLine(atEnd: Bool) -> String? {
        pending.withLock { state -> String? in
            let end = state.bytes.firstIndex(of: 0x0A)
                ?? (state.bytes.count >= Self.maximumLineBytes ? Self.maximumLineBytes : nil)
                ?? ((atEnd || state.ended) && !state.bytes.isEmpty ? state.bytes.count : nil)
            guard let end else { return nil }
            var line = Array(state.bytes[..<end])
            state.bytes.removeFirst(min(end + 1, state.bytes.count))
            if line.last == 0x0D { line.removeLast() }
            return String(decoding: line, as: UTF8.self)
        }
    }
}

/// A close-on-exec pipe that wakes a poll(2) from another thread; both ends close with it.
package final class WakePipe: Sendable {
    package let readEnd: Int32
    package let writeEnd: Int32

    package init() throws(SystemCallError) {
        var ends: [Int32] = [-1, -1]
        _ = try POSIX.retryingInterrupts("pipe") { pipe(&ends) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    /// One byte; a full pipe already holds a wake-up.
    package func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    deinit {
        POSIX.close(readEnd)
        POSIX.close(writeEnd)
    }
}
