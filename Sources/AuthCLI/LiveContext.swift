import AuthCore
import AuthCrypto
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CommandContext {
    /// The real process: its environment and streams, URLSession, the system clock and
    /// generator, real browsers, and SIGINT/SIGTERM as interrupts.
    public static func live() -> CommandContext {
        CommandContext(
            environment: ProcessInfo.processInfo.environment,
            readStandardInput: { limit in
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    bytes += buffer[0..<count]
                    if bytes.count > limit { return nil }
                }
                return bytes
            },
            writeStandardOutput: { writeAll(STDOUT_FILENO, $0) },
            writeStandardError: { writeAll(STDERR_FILENO, $0) },
            standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
            standardInputIsTerminal: isatty(STDIN_FILENO) == 1,
            readLine: {
                // A blocking read: on a thread of its own, so the cooperative pool stays free.
                await withCheckedContinuation { continuation in
                    Thread.detachNewThread { continuation.resume(returning: Swift.readLine(strippingNewline: true)) }
                }
            },
            transport: URLSessionTransport(),
            clock: .system,
            random: SystemRandomSource(),
            makeBrowser: { command in
                command.map { ProcessBrowserOpener(command: $0) } ?? ProcessBrowserOpener.systemDefault
            },
            onInterrupt: { handler in
                // Dispatch sources are thread-safe, but corelibs-dispatch does not mark them Sendable.
                nonisolated(unsafe) let sources = [SIGINT, SIGTERM].map { number in
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler(handler: handler)
                    source.resume()
                    return source
                }
                return {
                    for source in sources { source.cancel() }
                    signal(SIGINT, SIG_DFL)
                    signal(SIGTERM, SIG_DFL)
                }
            }
        )
    }
}

/// Writes all of `text`, retrying short writes and EINTR.
private func writeAll(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        bytes = bytes.dropFirst(written)
    }
}
