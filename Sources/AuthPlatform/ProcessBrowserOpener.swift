import Foundation

/// Opens URLs by running a command with the URL appended (`--browser`, `AUTHCTL_BROWSER`,
/// `xdg-open`, `open`). It does not wait for the browser; its standard output goes to
/// /dev/null so that it can never mix with authctl's data on stdout.
public struct ProcessBrowserOpener: BrowserOpener {
    public let command: [String]

    public init(command: [String]) {
        self.command = command
    }

    /// The platform's opener: `open` on macOS, `xdg-open` elsewhere.
    public static var systemDefault: ProcessBrowserOpener {
        #if os(macOS)
        ProcessBrowserOpener(command: ["open"])
        #else
        ProcessBrowserOpener(command: ["xdg-open"])
        #endif
    }

    /// Splits a `--browser` value on spaces (the documented rule: no quoting).
    public static func splitCommand(_ text: String) -> [String] {
        text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }

    public func open(_ url: URL) -> Bool {
        guard !command.isEmpty else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command + [url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
