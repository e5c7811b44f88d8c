import AuthOAuth
import AuthPlatform

/// The terminal side of a sign-in's one wait (Decisions/0029): whether a paste can be asked for,
/// why no browser opens, and the URL for another device laid out to fit the window.
extension SignInRunner {
    static let unsizedTerminal = TerminalSize(columns: 80, rows: 24)

    /// The grant's effects: the environment's, with what the wait shows and asks at the terminal.
    func signInContext(in env: CommandEnvironment, browser: any BrowserOpener, whyNoBrowser: String?, qr: Bool?) -> GrantContext {
        var context = env.grantContext(browser: browser, qr: qr)
        context.whyNoBrowser = whyNoBrowser
        context.canAskForPaste = env.context.standardInputIsTerminal
        let terminal = env.context
        let drawsCodes = qr ?? (terminal.standardErrorIsTerminal && !env.json)
        let forced = qr == true
        context.presentForAnotherDevice = { url, following, then in
            guard drawsCodes else { return terminal.writeStandardError(following + "\n") }
            // A terminal that does not say its size is taken as the classic 80×24.
            let window = terminal.standardErrorIsTerminal ? terminal.terminalSize() ?? Self.unsizedTerminal : nil
            terminal.writeStandardError(AnotherDeviceScreen.text(url: url, following: following, then: then, window: window, forced: forced))
        }
        return context
    }
}
