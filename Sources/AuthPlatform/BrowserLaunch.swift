/// What the browser seam knows of the machine besides its environment variables, gathered by an
/// injected effect: the operating system, the kernel's version string (WSL says "Microsoft"
/// there), and which of the names ``BrowserLaunch/candidateNames(_:)`` asks about are on PATH.
package struct BrowserHost: Sendable, Equatable {
    package enum System: String, Sendable {
        case linux, macOS, other
    }

    package var system: System
    /// /proc/version's text, if there is one.
    package var kernelVersion: String?
    /// Each candidate found on PATH (or, for a name with a slash, present and executable), with
    /// the base name of the file it finally resolves to: `www-browser` → `w3m`.
    package var executables: [String: String]

    package init(system: System, kernelVersion: String? = nil, executables: [String: String] = [:]) {
        self.system = system
        self.kernelVersion = kernelVersion
        self.executables = executables
    }
}

/// How a sign-in URL reaches a browser: a command to run, or none (print the URL and take the
/// paste); `rule` says which rule decided, for `--verbose` and the person.
package enum BrowserLaunchDecision: Sendable, Equatable {
    case launch(command: [String], rule: String)
    case printOnly(reason: String)
}

/// The headless rules, as one pure function from (explicit command, environment, host) to a
/// decision (Decision 0020). In order:
/// 1. `--browser` / `AUTHCTL_BROWSER` always win.
/// 2. Over SSH (`SSH_CONNECTION`, `SSH_TTY`) without a forwarded display (on macOS: at all), none.
/// 3. WSL (`WSL_DISTRO_NAME`, `WSL_INTEROP`, or "microsoft" in /proc/version): `BROWSER`, else
///    `wslview`, else `explorer.exe`.
/// 4. macOS: `BROWSER`, else `open`.
/// 5. Linux without `DISPLAY` or `WAYLAND_DISPLAY`: none.
/// 6. `BROWSER`, a colon-separated list: the first entry on PATH that is not a text browser.
/// 7. `xdg-open`, else the first graphical Debian alternative; if only text browsers are found, none.
///
/// `BROWSER` comes after the SSH and no-display rules (Decisions/0029): it is often set once in
/// dotfiles shared with desktops, where it names a browser that cannot start over SSH.
package enum BrowserLaunch {
    /// Browsers that draw in the terminal: started from authctl they would take over the
    /// terminal the person is signing in from, and few can run a provider's sign-in pages.
    package static let textBrowsers: Set<String> = ["w3m", "lynx", "links", "links2", "elinks", "browsh"]
    static let alternatives = ["x-www-browser", "sensible-browser", "www-browser"]
    static let wslOpeners = ["wslview", "explorer.exe"]

    /// The executables the decision may ask about, for the effect that looks them up on PATH.
    package static func candidateNames(_ environment: EnvironmentVariables) -> [String] {
        browserEntries(environment).compactMap(\.first) + ["xdg-open"] + alternatives + wslOpeners + textBrowsers.sorted()
    }

    package static func decide(explicit: (command: String, source: String)?, environment: EnvironmentVariables, host: BrowserHost) -> BrowserLaunchDecision {
        if let explicit {
            return .launch(command: ProcessBrowserOpener.splitCommand(explicit.command), rule: "\(explicit.source) names the command")
        }
        let display = ["DISPLAY", "WAYLAND_DISPLAY"].first { isSet(environment[$0]) }
        if let ssh = ["SSH_CONNECTION", "SSH_TTY"].first(where: { isSet(environment[$0]) }), display == nil || host.system == .macOS {
            return .printOnly(reason: "this is an SSH session (\(ssh) is set) and no display is forwarded")
        }
        if let wsl = wslEvidence(environment, host: host) {
            if let fromBrowserVariable = browserVariableChoice(environment, host: host) { return fromBrowserVariable }
            let opener = host.executables["wslview"] != nil ? "wslview" : "explorer.exe"
            return .launch(command: [opener], rule: "WSL (\(wsl)): the Windows browser, through \(opener)")
        }
        if host.system == .macOS {
            return browserVariableChoice(environment, host: host) ?? .launch(command: ["open"], rule: "macOS: open")
        }
        guard let display else { return .printOnly(reason: "there is no display (DISPLAY and WAYLAND_DISPLAY are unset)") }
        if let fromBrowserVariable = browserVariableChoice(environment, host: host) { return fromBrowserVariable }
        if host.executables["xdg-open"] != nil { return .launch(command: ["xdg-open"], rule: "\(display) is set: xdg-open") }
        if let name = alternatives.first(where: { host.executables[$0].map { !isTextBrowser($0) } ?? false }) {
            return .launch(command: [name], rule: "\(display) is set and xdg-open is missing: \(name)")
        }
        let textOnly = host.executables.filter { isTextBrowser($0.key) || isTextBrowser($0.value) }.keys.sorted()
        if !textOnly.isEmpty {
            return .printOnly(reason: "the only browsers installed are text browsers (\(textOnly.joined(separator: ", ")))")
        }
        return .printOnly(reason: "no browser opener (xdg-open) is installed")
    }

    /// `BROWSER`'s entries, each split into words (Eric Raymond's convention: a colon-separated
    /// list of commands).
    static func browserEntries(_ environment: EnvironmentVariables) -> [[String]] {
        (environment["BROWSER"] ?? "").split(separator: ":").map { ProcessBrowserOpener.splitCommand(String($0)) }.filter { !$0.isEmpty }
    }

    private static func browserVariableChoice(_ environment: EnvironmentVariables, host: BrowserHost) -> BrowserLaunchDecision? {
        var skipped: [String] = []
        for entry in browserEntries(environment) {
            guard let target = host.executables[entry[0]] else { continue }
            if isTextBrowser(entry[0]) || isTextBrowser(target) {
                skipped.append(entry[0])
                continue
            }
            return .launch(command: entry, rule: "BROWSER names \(entry[0])")
        }
        return skipped.isEmpty ? nil : .printOnly(reason: "BROWSER names only text browsers (\(skipped.joined(separator: ", ")))")
    }

    private static func wslEvidence(_ environment: EnvironmentVariables, host: BrowserHost) -> String? {
        if let name = ["WSL_DISTRO_NAME", "WSL_INTEROP"].first(where: { isSet(environment[$0]) }) { return "\(name) is set" }
        if host.system == .linux, host.kernelVersion?.lowercased().contains("microsoft") == true { return "/proc/version names Microsoft" }
        return nil
    }

    static func isTextBrowser(_ name: String) -> Bool {
        textBrowsers.contains(String(name.split(separator: "/").last ?? ""))
    }

    private static func isSet(_ value: String?) -> Bool { !(value ?? "").isEmpty }
}
