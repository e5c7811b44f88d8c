internal import AuthPlatform
import Foundation

/// Shows the person the provider's sign-in page: what FirebaseAuth's `AuthUIDelegate` is on iOS,
/// for a program with no UIKit. The presenter is handed the authorization URL and starts a browser
/// (or anything else that ends at the provider's redirect), without waiting for it; the sign-in then
/// waits for the provider's answer on a loopback listener (RFC 8252 §7.3).
///
/// ```swift
/// let result = try await Auth.auth().signIn(with: provider, uiDelegate: .systemBrowser)
/// ```
public struct BrowserPresenter: Sendable {
    /// Starts the browser at the URL; false if it could not be started (the URL is printed anyway).
    let open: @Sendable (URL) -> Bool
    /// False for ``printURL``: nothing is opened, the person opens the printed URL.
    let opensBrowser: Bool
    /// Where the flow's messages for the person go (the URL to open, what to paste).
    let notify: @Sendable (String) -> Void
    /// Reads the address the browser ended on, pasted by the person (nil: no paste here). With
    /// one, a browser on another machine works too: the provider's page, or a Firebase project's
    /// handler page, shows the address to paste. It races the loopback listener, so it must not
    /// block a thread of the concurrency pool: read asynchronously (`FileHandle.bytes.lines` on
    /// macOS, or a read on a thread of its own that resumes a continuation).
    let readPastedURL: (@Sendable () async -> String?)?

    /// A presenter that calls `present` with the URL to open. `present` must not wait for the
    /// person: the sign-in waits for the provider's answer itself. `notify` receives the flow's
    /// messages for the person (default: standard error).
    public init(notify: @escaping @Sendable (String) -> Void = BrowserPresenter.standardError, present: @escaping @Sendable (URL) -> Bool) {
        self.init(open: present, opensBrowser: true, notify: notify)
    }

    /// A presenter that calls `present` with the URL to open and also takes the address the
    /// browser ended on from `readPastedURL` (a line the person pastes), whichever comes first.
    public init(
        notify: @escaping @Sendable (String) -> Void = BrowserPresenter.standardError, present: @escaping @Sendable (URL) -> Bool,
        readPastedURL: @escaping @Sendable () async -> String?
    ) {
        self.init(open: present, opensBrowser: true, notify: notify, readPastedURL: readPastedURL)
    }

    init(
        open: @escaping @Sendable (URL) -> Bool, opensBrowser: Bool, notify: @escaping @Sendable (String) -> Void,
        readPastedURL: (@Sendable () async -> String?)? = nil
    ) {
        self.open = open
        self.opensBrowser = opensBrowser
        self.notify = notify
        self.readPastedURL = readPastedURL
    }

    /// The system's browser: `xdg-open` on Linux, `open` on macOS.
    public static var systemBrowser: BrowserPresenter {
        let opener = ProcessBrowserOpener.systemDefault
        return BrowserPresenter(open: { opener.open($0) }, opensBrowser: true, notify: standardError)
    }

    /// A command started with the URL as its last argument (`["firefox", "--new-window"]`).
    public static func command(_ arguments: [String]) -> BrowserPresenter {
        let opener = ProcessBrowserOpener(command: arguments)
        return BrowserPresenter(open: { opener.open($0) }, opensBrowser: true, notify: standardError)
    }

    /// Opens nothing: the URL is written to standard error for the person to open in any browser,
    /// on this machine (the answer comes back to the loopback listener).
    public static var printURL: BrowserPresenter {
        BrowserPresenter(open: { _ in false }, opensBrowser: false, notify: standardError)
    }

    /// Opens nothing: the URL is written to standard error for the person to open in a browser on
    /// any machine, and the address the browser ends on is read from `readPastedURL` (with a
    /// Firebase project, the project's handler page shows it).
    public static func printURL(readingPastedURL readPastedURL: @escaping @Sendable () async -> String?) -> BrowserPresenter {
        BrowserPresenter(open: { _ in false }, opensBrowser: false, notify: standardError, readPastedURL: readPastedURL)
    }

    /// Writes a message for the person to standard error; standard output stays the program's.
    /// The message carries a provider's words (its URL, a device code's text): neutralised, as the
    /// command line's are (Decisions/0041).
    public static let standardError: @Sendable (String) -> Void = { text in
        FileHandle.standardError.write(Data((TerminalSafety.neutralised(text) + "\n").utf8))
    }
}

/// The presenter as the flows' browser seam.
struct PresenterBrowser: BrowserOpener {
    let presenter: BrowserPresenter
    func open(_ url: URL) -> Bool { presenter.open(url) }
}
