import AuthOAuth
import AuthPlatform

/// The terminal side of a sign-in's one wait (Decisions/0029): why no browser opens, and the URL
/// for another device laid out to fit the window (whether a paste may be asked for is
/// ``SignIn/PastePolicy``'s, Decisions/0038).
extension SignInRunner {
    /// The grant's effects: the environment's (which lays out a URL for another device to fit
    /// the window), with what the wait asks at the terminal.
    func signInContext(in env: CommandEnvironment, browser: any BrowserOpener, whyNoBrowser: String?, qr: Bool?) -> GrantContext {
        var context = env.grantContext(browser: browser, qr: qr)
        context.whyNoBrowser = whyNoBrowser
        return context
    }
}
