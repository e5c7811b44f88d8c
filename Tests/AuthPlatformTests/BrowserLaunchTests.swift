import Foundation
import Testing
@testable import AuthPlatform

/// The headless rules as a table: environment × host → the launcher, or none (Decision 0020).
@Suite struct BrowserLaunchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var explicit: (command: String, source: String)? = nil
        var environment: [String: String] = [:]
        var system: BrowserHost.System = .linux
        var kernelVersion: String? = nil
        var executables: [String: String] = [:]
        /// The command, or nil for "print the URL, open nothing".
        var expected: [String]?
        /// A word the rule or reason must name, so --verbose says why.
        var says: String
        var testDescription: String { name }
    }

    static let desktop = ["xdg-open": "xdg-open"]
    static let x11 = ["DISPLAY": ":0"]

    static let cases: [Case] = [
        Case(name: "X11 desktop", environment: x11, executables: desktop, expected: ["xdg-open"], says: "DISPLAY"),
        Case(name: "Wayland desktop", environment: ["WAYLAND_DISPLAY": "wayland-0"], executables: desktop, expected: ["xdg-open"], says: "WAYLAND_DISPLAY"),
        Case(name: "no display", executables: desktop, expected: nil, says: "no display"),
        Case(name: "empty DISPLAY is no display", environment: ["DISPLAY": ""], executables: desktop, expected: nil, says: "no display"),
        Case(name: "SSH, no display", environment: ["SSH_CONNECTION": "10.0.0.1 5 10.0.0.2 22"], executables: desktop, expected: nil, says: "SSH_CONNECTION"),
        Case(name: "SSH_TTY alone", environment: ["SSH_TTY": "/dev/pts/1"], executables: desktop, expected: nil, says: "SSH_TTY"),
        Case(name: "SSH with X forwarding", environment: ["SSH_CONNECTION": "a b c d", "DISPLAY": "localhost:10.0"], executables: desktop,
             expected: ["xdg-open"], says: "DISPLAY"),
        Case(name: "--browser wins over SSH", explicit: ("firefox --new-window", "--browser"), environment: ["SSH_CONNECTION": "a b c d"],
             expected: ["firefox", "--new-window"], says: "--browser"),
        Case(name: "AUTHCTL_BROWSER wins over no display", explicit: ("w3m", "AUTHCTL_BROWSER"), expected: ["w3m"], says: "AUTHCTL_BROWSER"),
        Case(name: "BROWSER, first entry on PATH", environment: ["BROWSER": "missing:chromium --incognito:firefox", "DISPLAY": ":0"],
             executables: ["chromium": "chromium", "firefox": "firefox", "xdg-open": "xdg-open"], expected: ["chromium", "--incognito"], says: "BROWSER"),
        Case(name: "BROWSER skips text browsers", environment: ["BROWSER": "w3m:firefox", "DISPLAY": ":0"], executables: ["w3m": "w3m", "firefox": "firefox"],
             expected: ["firefox"], says: "BROWSER"),
        Case(name: "BROWSER of text browsers only", environment: ["BROWSER": "lynx:www-browser", "DISPLAY": ":0"],
             executables: ["lynx": "lynx", "www-browser": "elinks", "xdg-open": "xdg-open"], expected: nil, says: "text browsers"),
        // Issue 27 finding 7: BROWSER from dotfiles does not beat the SSH and no-display rules
        // (README: only --browser and AUTHCTL_BROWSER do); an editor's helper goes in AUTHCTL_BROWSER.
        Case(name: "BROWSER over SSH without a display", environment: ["BROWSER": "firefox", "SSH_CONNECTION": "a b c d"],
             executables: ["firefox": "firefox", "xdg-open": "xdg-open"], expected: nil, says: "SSH_CONNECTION"),
        Case(name: "BROWSER without a display", environment: ["BROWSER": "sensible-browser"],
             executables: ["sensible-browser": "sensible-browser"], expected: nil, says: "no display"),
        Case(name: "BROWSER over SSH with X forwarding", environment: ["BROWSER": "firefox", "SSH_CONNECTION": "a b c d", "DISPLAY": "localhost:10.0"],
             executables: ["firefox": "firefox", "xdg-open": "xdg-open"], expected: ["firefox"], says: "BROWSER"),
        Case(name: "AUTHCTL_BROWSER over SSH (an editor's forwarding helper)", explicit: ("/opt/code/helper.sh", "AUTHCTL_BROWSER"),
             environment: ["SSH_CONNECTION": "a b c d"], expected: ["/opt/code/helper.sh"], says: "AUTHCTL_BROWSER"),
        Case(name: "BROWSER on WSL", environment: ["WSL_DISTRO_NAME": "Debian", "BROWSER": "wslview"], executables: ["wslview": "wslview"],
             expected: ["wslview"], says: "BROWSER"),
        Case(name: "BROWSER on macOS", environment: ["BROWSER": "firefox"], system: .macOS, executables: ["firefox": "firefox"],
             expected: ["firefox"], says: "BROWSER"),
        Case(name: "BROWSER not installed falls through", environment: ["BROWSER": "firefox", "DISPLAY": ":0"], executables: desktop,
             expected: ["xdg-open"], says: "xdg-open"),
        Case(name: "only text browsers", environment: x11, executables: ["w3m": "w3m", "www-browser": "w3m"], expected: nil, says: "text browsers"),
        Case(name: "www-browser pointing at lynx", environment: x11, executables: ["www-browser": "lynx"], expected: nil, says: "www-browser"),
        Case(name: "a graphical alternative without xdg-open", environment: x11,
             executables: ["x-www-browser": "firefox-esr", "w3m": "w3m"], expected: ["x-www-browser"], says: "x-www-browser"),
        Case(name: "nothing installed", environment: x11, expected: nil, says: "xdg-open"),
        Case(name: "WSL by WSL_DISTRO_NAME, wslview", environment: ["WSL_DISTRO_NAME": "Debian"], executables: ["wslview": "wslview"],
             expected: ["wslview"], says: "WSL_DISTRO_NAME"),
        Case(name: "WSL by WSL_INTEROP, explorer.exe", environment: ["WSL_INTEROP": "/run/WSL/1_interop"], expected: ["explorer.exe"], says: "WSL_INTEROP"),
        Case(name: "WSL by /proc/version", kernelVersion: "Linux version 5.15.90.1-microsoft-standard-WSL2 (gcc)", expected: ["explorer.exe"],
             says: "/proc/version"),
        Case(name: "WSL over SSH", environment: ["WSL_DISTRO_NAME": "Debian", "SSH_TTY": "/dev/pts/0"], executables: ["wslview": "wslview"],
             expected: nil, says: "SSH_TTY"),
        Case(name: "macOS", system: .macOS, expected: ["open"], says: "macOS"),
        Case(name: "macOS over SSH, even with DISPLAY", environment: ["SSH_CONNECTION": "a b c d", "DISPLAY": ":0"], system: .macOS,
             expected: nil, says: "SSH_CONNECTION"),
        Case(name: "macOS ignores a Microsoft kernel string", system: .macOS, kernelVersion: "microsoft", expected: ["open"], says: "macOS"),
    ]

    @Test(arguments: cases)
    func theRulesPickTheLauncher(_ testCase: Case) {
        let decision = BrowserLaunch.decide(
            explicit: testCase.explicit, environment: EnvironmentVariables(testCase.environment),
            host: BrowserHost(system: testCase.system, kernelVersion: testCase.kernelVersion, executables: testCase.executables))
        switch decision {
        case .launch(let command, let rule):
            #expect(command == testCase.expected)
            #expect(rule.contains(testCase.says), "\(rule)")
        case .printOnly(let reason):
            #expect(testCase.expected == nil, "opened nothing: \(reason)")
            #expect(reason.contains(testCase.says), "\(reason)")
        }
    }

    @Test func theCandidatesIncludeWhatBrowserNames() {
        let names = BrowserLaunch.candidateNames(["BROWSER": "firefox --private:/opt/helper"])
        #expect(names.prefix(2) == ["firefox", "/opt/helper"])
        #expect(Set(["xdg-open", "wslview", "explorer.exe", "w3m", "www-browser"]).isSubset(of: Set(names)))
    }

    /// The live probe: an executable on PATH is found and resolved through a symbolic link; a
    /// file without the execute bit is not.
    @Test func theProbeFindsExecutablesThroughLinks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let w3m = directory.appendingPathComponent("w3m")
        try Data("#!/bin/sh\n".utf8).write(to: w3m)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: w3m.path)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("www-browser").path, withDestinationPath: w3m.path)
        try Data("x".utf8).write(to: directory.appendingPathComponent("lynx"))
        let host = BrowserHost.probe(["www-browser", "w3m", "lynx", "xdg-open-surely-absent"], environment: ["PATH": "/nonexistent:" + directory.path])
        #expect(host.executables == ["www-browser": "w3m", "w3m": "w3m"])
    }
}
