import AuthApp
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AuthPlatform

/// Everything a command touches outside itself, injected so that every command runs in-process
/// in tests: the environment, the standard streams, the browser and Ctrl-C that only the door
/// knows, and the application layer's effects (``AppEffects``: the network, the clock,
/// randomness, the keyring, the signal hold), which it reads as its own (`context.clock`) and
/// hands to AuthApp whole, never building one itself.
@dynamicMemberLookup
package struct CommandContext: Sendable {
    package var environment: EnvironmentVariables
    /// Reads standard input to its end, at most `limit` bytes (nil if larger).
    package var readStandardInput: @Sendable (_ limit: Int) -> [UInt8]?
    package var writeStandardOutput: @Sendable (String) -> Void
    package var writeStandardError: @Sendable (String) -> Void
    package var standardErrorIsTerminal: Bool
    package var standardInputIsTerminal: Bool
    /// The columns and rows of the terminal on stderr (TIOCGWINSZ), for a QR code that fits; nil
    /// when it is no terminal.
    package var terminalSize: @Sendable () -> TerminalSize? = { nil }
    /// Reads one line of standard input (a pasted redirect), or nil at its end; returns promptly
    /// when the calling task is cancelled (the sign-in's one wait, Decisions/0029).
    package var readLine: @Sendable () async -> String?
    /// Asks the person at the terminal for a secret without echoing it (a password), or nil when
    /// there is no terminal to ask on.
    package var readSecret: @Sendable (_ prompt: String) async -> String?
    /// The effects the application layer runs on: ``AppEffects/live(environment:holdsSignals:)``
    /// for the process, a test's own otherwise.
    package var effects: AppEffects
    /// Makes the browser for a command line (`--browser`), or the system default for nil.
    package var makeBrowser: @Sendable (_ command: [String]?) -> any BrowserOpener
    /// What the headless rules need of the machine: its system, /proc/version, and which of the
    /// named executables are on PATH (``BrowserHost/probe(_:environment:)`` live).
    package var browserHost: @Sendable (_ candidates: [String]) -> BrowserHost
    /// Calls the handler on Ctrl-C until the returned function is called.
    package var onInterrupt: @Sendable (_ handler: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)
    /// Replaces this process with `arguments[0]` (found on the environment's PATH) and the given
    /// environment; returns only on failure, with the errno.
    package var replaceProcess: @Sendable (_ arguments: [String], _ environment: [String: String]) -> Int32
    /// The kinds of account backend a command can run (the standard ones; a test registers its own).
    package var backends: BackendRegistry = .standard

    package init(
        environment: EnvironmentVariables, readStandardInput: @escaping @Sendable (Int) -> [UInt8]?,
        writeStandardOutput: @escaping @Sendable (String) -> Void, writeStandardError: @escaping @Sendable (String) -> Void,
        standardErrorIsTerminal: Bool, standardInputIsTerminal: Bool = false,
        readLine: @escaping @Sendable () async -> String? = { nil },
        readSecret: @escaping @Sendable (String) async -> String? = { _ in nil }, effects: AppEffects,
        makeBrowser: @escaping @Sendable ([String]?) -> any BrowserOpener,
        browserHost: @escaping @Sendable ([String]) -> BrowserHost = { _ in BrowserHost(system: .other) },
        onInterrupt: @escaping @Sendable (@escaping @Sendable () -> Void) -> (@Sendable () -> Void),
        replaceProcess: @escaping @Sendable ([String], [String: String]) -> Int32 = { _, _ in ENOSYS }
    ) {
        self.environment = environment
        self.readStandardInput = readStandardInput
        self.writeStandardOutput = writeStandardOutput
        self.writeStandardError = writeStandardError
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.standardInputIsTerminal = standardInputIsTerminal
        self.readLine = readLine
        self.readSecret = readSecret
        self.effects = effects
        self.makeBrowser = makeBrowser
        self.browserHost = browserHost
        self.onInterrupt = onInterrupt
        self.replaceProcess = replaceProcess
    }
}

extension CommandContext {
    /// Text for the person, on stderr: the one way the command line writes there (Decisions/0041).
    func showError(_ text: TerminalText) { writeStandardError(text.text) }

    /// An effect of ``effects`` read (or, in a test, replaced) as the context's own: `context.clock`,
    /// `context.secretVault = ...`. The door names none of their types.
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<AppEffects, Value>) -> Value {
        get { effects[keyPath: keyPath] }
        set { effects[keyPath: keyPath] = newValue }
    }
}
