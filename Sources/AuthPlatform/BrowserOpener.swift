#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The browser seam: opens an authorization URL for the person at the terminal.
public protocol BrowserOpener: Sendable {
    /// Starts the browser without waiting for it; returns false if it could not be started.
    func open(_ url: URL) -> Bool
}
