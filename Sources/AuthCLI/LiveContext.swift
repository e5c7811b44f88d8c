import AuthApp
import Dispatch
import AuthPlatform
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
                // Cancelling the reading task (Ctrl-C) wakes the read, which restores the terminal.
                guard let wake = try? WakePipe() else { return nil }
                return await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        DetachedThread.run { continuation.resume(returning: TerminalSecret.read(prompt: prompt, wake: wake)) }
                    }
                } onCancel: {
                    wake.wake()
                }
            },
            effects: effects,
            makeBrowser: { command in
                command.map { ProcessBrowserOpener(command: $0) } ?? ProcessBrowserOpener.systemDefault
            },
            browserHost: { BrowserHost.probe($0, environment: environment) },
            onInterrupt: { InterruptHandlers.shared.add($0) },
            replaceProcess: ProcessReplacement.execute
        )
        context.terminalSize = { POSIX.terminalSize(STDERR_FILENO) }
        return context
    }
}

/// SIGINT and SIGTERM of the whole process, watched from the first `onInterrupt` on: each
/// handler added gets them until removed; with none, a signal ends the process as by default.
/// The sources are never cancelled: libdispatch installs its catching action once per signal, so
/// a second source after a first was cancelled (and the action reset) would never fire, and a
/// command with two prompts in turn would ignore Ctrl-C at the second.
final class InterruptHandlers: Sendable {
    static let shared = InterruptHandlers()

    private let state = LockedState<(handlers: [Int: @Sendable () -> Void], nextID: Int, watching: Bool)>(([:], 0, false))
    // Dispatch sources are thread-safe, but corelibs-dispatch does not mark them Sendable.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Calls `handler` on SIGINT or SIGTERM until the returned function is called.
    func add(_ handler: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let id = state.withLock { state -> Int in
            if !state.watching {
                state.watching = true
                Self.sources = [SIGINT, SIGTERM].map { number in
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { [self] in deliver(number) }
                    source.resume()
                    return source
                }
            }
            state.nextID += 1
            state.handlers[state.nextID] = handler
            return state.nextID
        }
        return { [self] in _ = state.withLock { $0.handlers.removeValue(forKey: id) } }
    }

    private func deliver(_ number: Int32) {
        let handlers = state.withLock { Array($0.handlers.values) }
        guard !handlers.isEmpty else {
            // No prompt or wait to end: the default action, as before anything was watched.
            signal(number, SIG_DFL)
            raise(number)
            return
        }
        for handler in handlers { handler() }
    }
}

/// A secret typed at the controlling terminal with echo off (as getpass(3) does, which is
/// deprecated and not in every libc), read as ``LineReader`` reads: poll(2) on the terminal and a
/// wake pipe, so that Ctrl-C ends it at once, with the terminal's settings back as they were.
enum TerminalSecret {
    /// Longest secret read; a password is far shorter.
    static let maximumBytes = 4096

    /// Writes `prompt` to the terminal, reads one line with echo off, restores the terminal.
    /// Nil when the process has no controlling terminal, or when `wake` is woken (Ctrl-C).
    static func read(prompt: String, wake: WakePipe) -> String? {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { return nil }
        defer { close(terminal) }
        return read(prompt: prompt, terminal: terminal, wake: wake)
    }

    /// The same on the terminal open at `terminal` (a pseudo-terminal in the tests).
    static func read(prompt: String, terminal: Int32, wake: WakePipe) -> String? {
        var saved = termios()
        guard tcgetattr(terminal, &saved) == 0 else { return nil }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = try? POSIX.write(terminal, Array(prompt.utf8))
        guard tcsetattr(terminal, TCSAFLUSH, &silent) == 0 else { return nil }
        // Always, however the read ends: a shell left without echo is the person's to repair.
        defer {
            _ = tcsetattr(terminal, TCSAFLUSH, &saved)
            _ = try? POSIX.write(terminal, Array("\n".utf8))
        }
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while line.count < maximumBytes {
            var descriptors = [pollfd(fd: terminal, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            guard (try? POSIX.retryingInterrupts("poll", { poll(&descriptors, 2, -1) })) != nil, descriptors[1].revents == 0 else { return nil }
            guard descriptors[0].revents != 0 else { continue }
            // Canonical mode: read(2) returns at most the line typed so far (nothing at Ctrl-D).
            let count = (try? buffer.withUnsafeMutableBytes { try POSIX.read(terminal, into: $0) }) ?? 0
            guard count > 0 else { break }
            if let end = buffer[..<count].firstIndex(of: 0x0A) {
                line += buffer[..<end]
                break
            }
            line += buffer[..<count]
        }
        return String(decoding: line.prefix(maximumBytes), as: UTF8.self)
    }
}
