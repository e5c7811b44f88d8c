/// The browser seam: opens an authorization URL for the person at the terminal.
package protocol BrowserOpener: Sendable {
    /// Starts the browser without waiting for it; returns false if it could not be started.
    func open(_ url: URL) -> Bool

    /// Starts the browser now, and returns the watch that says within a moment whether it failed
    /// (Decisions/0029): a sign-in whose browser failed falls back to the paste and the QR code.
    /// By default, ``open(_:)``'s answer.
    func launch(_ url: URL) -> BrowserLaunchWatch
}

/// Learns, within a moment, how starting the browser went.
package typealias BrowserLaunchWatch = @Sendable () async -> BrowserLaunchOutcome

extension BrowserOpener {
    package func launch(_ url: URL) -> BrowserLaunchWatch {
        let outcome: BrowserLaunchOutcome = open(url) ? .opened : .failed(reason: "it could not be started")
        return { outcome }
    }
}

/// How starting the browser went, as far as a moment's watch can tell.
package enum BrowserLaunchOutcome: Sendable, Equatable {
    /// It started, and its launcher either handed the URL on (exit status 0) or is still running.
    case opened
    /// It could not start, or its launcher exited with a failure at once; `reason` says how
    /// ("xdg-open exited with status 3").
    case failed(reason: String)
}
