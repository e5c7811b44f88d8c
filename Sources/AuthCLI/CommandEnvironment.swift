import AuthApp
import AuthPlatform

/// A command's view of the world: the context (the terminal, the streams) plus the resolved
/// global options, over the application layer's runtime (AuthApp), which alone builds the live
/// effects, resolves the home and picks the account backend.
struct CommandEnvironment: Sendable {
    /// Client secrets and ID tokens read from stdin are small.
    static let maximumStandardInputBytes = 64 * 1024

    let context: CommandContext
    /// The home, storage, transport with its deadline, backend registry: one wiring for both front doors.
    private(set) var runtime: AuthRuntime
    let json: Bool
    let verbose: Bool
    let color: Bool

    init(context: CommandContext, globals: GlobalOptions, command: [String]) throws {
        self.context = context
        json = globals.json
        verbose = globals.verbose
        color = !globals.noColor && context.standardErrorIsTerminal && context.environment["NO_COLOR"] == nil
        let verbose = verbose
        let options = AuthRuntime.Options(
            home: globals.home, notice: { context.showError("\($0)\n") },
            log: { if verbose { context.showError("authctl: \($0)\n") } },
            afterRefreshAnswer: Self.testHoldAfterRefreshAnswer(context))
        do {
            runtime = try AuthRuntime(environment: context.environment, effects: context.effects, options: options, backends: context.backends)
        } catch let error as InvalidSetting {
            throw error.setting == InvalidSetting.homeUnset.setting
                ? UsageError.invalidValue(option: "--home", value: "", reason: "HOME is not set; give --home DIR or AUTHCTL_HOME")
                : UsageError.invalidValue(option: error.setting, value: error.value, reason: error.reason, command: command)
        }
    }

    /// The same environment with a deadline of `budget` from now, set by `setting`.
    func withDeadline(_ budget: Duration, setting: String) -> CommandEnvironment {
        var copy = self
        copy.runtime = runtime.withDeadline(budget, setting: setting)
        return copy
    }

    /// A number of seconds from the environment (``AuthRuntime/seconds(_:setting:in:)``), refused as a usage error.
    static func seconds(_ text: String, variable: String, in range: ClosedRange<Double>, command: [String]) throws(UsageError) -> Duration {
        do {
            return try AuthRuntime.seconds(text, setting: variable, in: range)
        } catch {
            throw .invalidValue(option: variable, value: text, reason: error.reason, command: command)
        }
    }

    /// The same environment, whose sign-ins take a second factor's code from `totp`, else from
    /// the person at a terminal (no echo), else from nowhere.
    func withSecondFactor(totp: String?) throws -> CommandEnvironment {
        let context = context
        var options = runtime.options
        options.askSecondFactor { factorName in
            if let totp { return totp }
            guard context.standardInputIsTerminal else { return nil }
            // The factor's name is the project's: neutralised on the way to the terminal.
            let prompt: TerminalText = "Code from your authenticator app (\(factorName ?? "TOTP")): "
            return await context.readSecret(prompt.text)
        }
        var copy = self
        copy.runtime = try AuthRuntime(environment: runtime.environment, effects: runtime.effects, options: options, backends: runtime.backends)
        return copy
    }

    /// The test-only pause between a refresh's answer being journaled and being stored, so the
    /// end-to-end suite can kill the process there: `AUTHCTL_TEST_HOLD_REFRESH=SECONDS` (1-600).
    /// Says so on stderr; unset (always, in use), it does nothing.
    static func testHoldAfterRefreshAnswer(_ context: CommandContext) -> @Sendable () async -> Void {
        guard let text = context.environment[Self.testHoldVariable],
            let seconds = Int(text), (1...600).contains(seconds)
        else { return {} }
        return {
            context.showError("authctl: \(Self.testHoldVariable): holding the refresh answer for \(seconds) s\n")
            try? await Task.sleep(for: .seconds(seconds))
        }
    }

    static let testHoldVariable = "AUTHCTL_TEST_HOLD_REFRESH"

    /// The waiting line only for a person at a terminal: not with --json (stderr is then read by
    /// a program) nor --verbose (its lines would interleave).
    var showsProgress: Bool { context.standardErrorIsTerminal && !json && !verbose }

    /// The door's side of a sign-in's wait: `browser` (`opens` false: the URL is printed, `whyNone`
    /// says why), messages and `--verbose` lines on stderr, the paste from stdin (a terminal: when
    /// no browser opens, or it fails to start; else only when asked), the waiting line on a
    /// terminal; `qr` is `--qr`/`--no-qr` (nil: QR codes on a terminal, without --json). A URL for
    /// another device is laid out by ``showForAnotherDevice(_:following:then:qr:)``.
    func signInPorts(
        browser: any BrowserOpener, opens: Bool, whyNone: String?, qr: Bool?, routeChosen: @escaping @Sendable (SignIn.RouteNotice) -> Void
    ) -> SignIn.Ports {
        let context = context
        let env = self
        return SignIn.Ports(
            runtime: runtime, browser: browser, opensBrowser: opens, whyNoBrowser: whyNone,
            paste: context.standardInputIsTerminal ? .terminal : .whenAsked, notify: { context.showError("\($0)\n") },
            readPastedLine: context.readLine,
            // The progress line writes its own escape codes and neutralises its label.
            progress: showsProgress ? TerminalProgress(write: { context.showError(TerminalText(trusted: $0)) }, clock: context.clock) : NoProgress(),
            presentForAnotherDevice: { url, following, then in env.showForAnotherDevice(url, following: following, then: then, qr: qr) },
            routeChosen: routeChosen)
    }

    /// A terminal that does not say its size is taken as the classic 80×24.
    static let unsizedTerminal = TerminalSize(columns: 80, rows: 24)

    /// `url` for another device (a phone's camera), on stderr: its QR code where all of it fits
    /// the window with `following` and the prompt `then` below it, then `following`
    /// (``AnotherDeviceScreen``, Decisions/0029). `qr` is `--qr` (a code that fits the columns,
    /// whatever its rows, even off a terminal or with --json), `--no-qr`, or nil (a terminal, no --json).
    func showForAnotherDevice(_ url: String, following: String, then: String?, qr: Bool?) {
        guard qr ?? (context.standardErrorIsTerminal && !json) else { return context.showError("\(following)\n") }
        let window = context.standardErrorIsTerminal ? context.terminalSize() ?? Self.unsizedTerminal : nil
        context.showError(AnotherDeviceScreen.text(url: url, following: following, then: then, window: window, forced: qr == true))
    }

    /// A JWT from stdin, trimmed; at most one token's worth of bytes.
    func readToken() throws -> String {
        try StandardInputToken.read(context.readStandardInput)
    }

    /// A command's text output, on stdout, for a person to read: its interpolated values
    /// neutralised (``TerminalText``, Decisions/0041).
    func output(_ text: TerminalText) { context.writeStandardOutput(text.text) }
    /// Data for a program, on stdout, exactly: a token, a credential helper's protocol answer, a
    /// completion script. Never text for a person (that is `output(_ text: TerminalText)`).
    func output(data: String) { context.writeStandardOutput(data) }
    /// One of authctl's own JSON documents, on stdout; a top-level object carries
    /// ``JSONSchema/version`` as `"schema"` (README, "JSON output").
    @_disfavoredOverload
    func output(_ value: JSONValue) { output(foreign: JSONSchema.stamped(value)) }
    /// A document whose shape belongs to someone else (kubectl's ExecCredential, docker's
    /// credential, a token's own claims), printed as it is (JSON escaping only).
    func output(foreign value: JSONValue) { context.writeStandardOutput(value.serialized(pretty: true) + "\n") }
    /// A message for the person, on stderr.
    func notice(_ text: TerminalText) { context.showError(text + "\n") }
    /// `--verbose` only; callers never pass secrets.
    func log(_ text: TerminalText) { if verbose { context.showError("authctl: \(text)\n") } }
    /// A prompt for the person at the terminal, on stderr, with no line break after it.
    func prompt(_ text: TerminalText) { context.showError(text) }
}
