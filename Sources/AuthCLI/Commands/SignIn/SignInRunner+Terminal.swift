import AuthApp
import AuthPlatform

/// The terminal side of a sign-in's one wait (Decisions/0029): why no browser opens, and the URL
/// for another device laid out to fit the window (whether a paste may be asked for is
/// ``SignIn/PastePolicy``'s, Decisions/0038).
extension SignInRunner {
    /// The sign-in's ports: the environment's (which lays out a URL for another device to fit the
    /// window), with the browser chosen and the notice of the route the application layer chose.
    func signInPorts(in env: CommandEnvironment, browser: any BrowserOpener, opens: Bool, whyNoBrowser: String?) -> SignIn.Ports {
        env.signInPorts(browser: browser, opens: opens, whyNone: whyNoBrowser, qr: flowOptions.qr, routeChosen: { env.notice("\(Self.explain($0))") })
    }
}
