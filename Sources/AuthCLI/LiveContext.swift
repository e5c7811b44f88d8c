import AuthApp
import Dispatch
import AuthPlatform
import AuthStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CommandContext {
    /// The real process: its environment and streams, the application layer's live effects
    /// (``AppEffects/live(environment:holdsSignals:)``), real browsers, and SIGINT/SIGTERM as interrupts.
    package static func live() -> CommandContext {
        let environment = EnvironmentVariables.process
        let effects = AppEffects.live(environment: environment, holdsSignals: true)
        var context = CommandContext(
            environment: environment,
            readStandardInput: { limit in
                // One byte past the limit tells "exactly at the limit" from "over it".
                let bytes = (try? POSIX.read(STDIN_FILENO, upTo: limit + 1)) ?? []
                return bytes.count > limit ? nil : bytes
            },
            // A closed pipe (`authctl token | head -c0`) is not worth an error of our own.
            writeStandardOutput: { try? POSIX.write(STDOUT_FILENO, Array($0.utf8)) },
            writeStandardError: { try? POSIX.write(STDERR_FILENO, Array($0.utf8)) },
            standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
            standardInputIsTerminal: isatty(STDIN_FILENO) == 1,
            readLine: { await LineReader.standardInput.readLine() },
            readSecret: { prompt in
                await withCheckedContinuation { continuation in
                    DetachedThread.run { continuation.resume(returning: TerminalSecret.read(prompt: prompt)) }
                }
            },
            transport: effects.transport,
            clock: effects.clock,
            random: effects.random,
            makeBrowser: { command in
                command.map { ProcessBrowserOpener(command: $0) } ?? ProcessBrowserOpener.systemDefault
            },
            browserHost: { BrowserHost.probe($0, environment: environment) },
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
            },
            interrupts: effects.interrupts,
            replaceProcess: ProcessReplacement.execute
        )
        context.terminalSize = { POSIX.terminalSize(STDERR_FILENO) }
        context.secretVault = effects.secretVault
        return context
    }
}

/// A secret typed at the controlling terminal with echo off (as getpass(3) does, which is
/// deprecated and not in every libc).
enum TerminalSecret {
    /// Longest secret read; a password is far shorter.
    static let maximumBytes = 4096

    /// Writes `prompt` to the terminal, reads one line with echo off, restores the terminal.
    /// Nil when the process has no controlling terminal.
    static func read(prompt: String) -> String? {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { return nil }
        defer { close(terminal) }
        var saved = termios()
        guard tcgetattr(terminal, &saved) == 0 else { return nil }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = try? POSIX.write(terminal, Array(prompt.utf8))
        guard tcsetattr(terminal, TCSAFLUSH, &silent) == 0 else { return nil }
        defer {
            _ = tcsetattr(terminal, TCSAFLUSH, &saved)
            _ = try? POSIX.write(terminal, Array("\n".utf8))
        }
        var line: [UInt8] = []
        var byte: [UInt8] = [0]
        while line.count < maximumBytes, (try? byte.withUnsafeMutableBytes { try POSIX.read(terminal, into: $0) }) == 1, byte[0] != 0x0A {
            line.append(byte[0])
        }
        return String(decoding: line, as: UTF8.self)
    }
}
