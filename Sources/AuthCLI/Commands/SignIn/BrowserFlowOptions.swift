import AuthApp

/// The options of every interactive sign-in (`signin`, `link`, `reauth`), declared once.
struct BrowserFlowOptions: Sendable {
    static let scope = Option.repeated("scope", "SCOPE", help: "Ask for this scope in addition to the provider's default ones.")
    static let param = Option.repeated(
        "param", "KEY=VALUE", help: "Add a parameter to the authorization request, such as prompt=login or login_hint=EMAIL.")
    static let timeout = Option.seconds(
        "timeout", help: "Give up if the sign-in is not completed in time.", default: SignIn.defaultTimeout, range: 1...86_400)
    /// The browser command when `--browser` is absent.
    static let browserVariable = "AUTHCTL_BROWSER"
    static let browser = Option.string(
        "browser", "COMMAND", help: "Open the sign-in URL with this command instead of the system's default.",
        environmentVariable: browserVariable)
    static let noBrowser = Option.flag("no-browser", help: "Do not open a browser; only print the sign-in URL.")
    static let paste = Option.flag(
        "paste",
        help: "Also accept the redirected address, or the code, pasted on stdin (automatic with "
            + "--no-browser on a terminal): for a browser on another machine.")
    static let localhost = Option.flag(
        "localhost",
        help: "With a Firebase project: the provider's app in the console also accepts http://localhost, so the "
            + "sign-in returns to this machine without a paste (GitHub's defaults to the handler page and a paste, "
            + "since an OAuth App has one callback URL; a GitHub App can have both).")
    static let device = Option.flag(
        "device",
        help: "Sign in with a code entered on another device (RFC 8628), for SSH sessions, containers "
            + "and CI; for GitHub and providers with a device authorization endpoint.")
    static let qr = Option.flag(
        "qr", help: "Draw the URL to open on another device as a QR code even when stderr is not a terminal, or with --json.")
    static let noQR = Option.flag("no-qr", help: "Do not draw the URL to open on another device as a QR code.")
    static let redirectPort = Option.ports(
        "redirect-port",
        help: "Wait for the redirect on this port instead of a random free one, for providers that only "
            + "accept a registered redirect URI; of a list (8000,18000), the first free one.")

    /// In the order help lists them, after `--provider`.
    static let specs = [
        scope.spec, param.spec, timeout.spec, browser.spec, noBrowser.spec, paste.spec, localhost.spec, device.spec, qr.spec, noQR.spec,
        redirectPort.spec,
    ]
    static let exclusions = [[browser.long, noBrowser.long], [qr.long, noQR.long], [paste.long, localhost.long]]

    /// The browser paragraph of signin's, link's and reauth's help; only signin takes an ID token.
    static func discussion(offersIDToken: Bool) -> String {
        "The sign-in URL is always printed on stderr, so you can open it by hand if no browser "
            + "appears. --no-browser only prints it. --browser, or AUTHCTL_BROWSER, names the command "
            + "that opens it (the URL is added as its last argument; the command is split on spaces). "
            + "Without a terminal, or with CI set, no browser is opened unless --browser says so: use "
            + (offersIDToken ? "--device, --no-browser or --id-token-stdin there." : "--device or --no-browser there.")
            + " Otherwise the browser is BROWSER's first entry on PATH, else the system's (open, xdg-open, "
            + "wslview or explorer.exe on WSL); none is opened over SSH or without a display (DISPLAY, "
            + "WAYLAND_DISPLAY), nor when the only browsers are text browsers (w3m, lynx, links, elinks): "
            + "the URL is printed and the redirected address is taken pasted, as with --no-browser. A URL "
            + "for another device (--device, or no browser) is also drawn as a QR code on a terminal."
    }

    var scopes: [String]
    var parameters: [String]
    var timeout: Duration
    var browserCommand: String?
    var opensBrowser: Bool
    var paste: Bool
    /// `--localhost`: the app in a project's console accepts http://localhost.
    var localhost: Bool
    var device: Bool
    /// --qr (true), --no-qr (false), or neither (on a terminal, without --json).
    var qr: Bool?
    var redirectPorts: [UInt16]

    init(_ invocation: ParsedInvocation) throws(UsageError) {
        scopes = try invocation[Self.scope]
        parameters = try invocation[Self.param]
        timeout = try invocation[Self.timeout]
        browserCommand = try invocation[Self.browser]
        opensBrowser = try !invocation[Self.noBrowser]
        paste = try invocation[Self.paste]
        localhost = try invocation[Self.localhost]
        device = try invocation[Self.device]
        qr = try invocation[Self.qr] ? true : invocation[Self.noQR] ? false : nil
        redirectPorts = try invocation[Self.redirectPort]
    }
}
