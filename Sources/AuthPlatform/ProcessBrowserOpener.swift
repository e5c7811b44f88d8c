#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens URLs by running a command with the URL appended (`--browser`, `AUTHCTL_BROWSER`,
/// `xdg-open`, `open`). Its standard output and error go to /dev/null, so that nothing it says can
/// mix with authctl's data on stdout or garble the status line on stderr; ``launch(_:)`` watches
/// its exit status for a moment instead (Decisions/0029).
package struct ProcessBrowserOpener: BrowserOpener {
    package let command: [String]

    package init(command: [String]) {
        self.command = command
    }

    /// The platform's opener: `open` on macOS, `xdg-open` elsewhere.
    package static var systemDefault: ProcessBrowserOpener {
        #if os(macOS)
        ProcessBrowserOpener(command: ["open"])
        #else
        ProcessBrowserOpener(command: ["xdg-open"])
        #endif
    }

    /// Splits a `--browser` value on spaces (the documented rule: no quoting).
    package static func splitCommand(_ text: String) -> [String] {
        text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }

    /// How long ``launch(_:)`` watches the launcher: `xdg-open`, `open` and `sensible-browser` hand
    /// the URL on and exit within it; a browser run directly is still running then, and that counts
    /// as opened.
    package static let launchWatch: Duration = .milliseconds(1500)
    static let launchWatchStep: Duration = .milliseconds(25)

    package func open(_ url: URL) -> Bool {
        guard !command.isEmpty, let child = Self.spawn(["/usr/bin/env"] + command + [url.absoluteString]) else { return false }
        // Reaped on a thread of its own, so that an opener that lingers is never waited for.
        DetachedThread.run { _ = waitpid(child, nil, 0) }
        return true
    }

    package func launch(_ url: URL) -> BrowserLaunchWatch {
        let name = command.first ?? "the browser"
        guard !command.isEmpty, let child = Self.spawn(["/usr/bin/env"] + command + [url.absoluteString]) else {
            return { .failed(reason: "\(name) could not be started") }
        }
        return { await Self.watch(child, name: name) }
    }

    /// The launcher's exit within ``launchWatch``; still running then counts as opened, and it is
    /// reaped on a thread of its own.
    static func watch(_ child: pid_t, name: String) async -> BrowserLaunchOutcome {
        var waited: Duration = .zero
        while waited < launchWatch {
            var status: Int32 = 0
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child { return outcome(name: name, status: status) }
            if reaped < 0 { return .opened }  // not ours to wait for any more; nothing says it failed
            do {
                try await Task.sleep(for: launchWatchStep)
            } catch {
                break  // the sign-in ended (Ctrl-C, or it was answered): reap it in the background
            }
            waited += launchWatchStep
        }
        DetachedThread.run { _ = waitpid(child, nil, 0) }
        return .opened
    }

    /// What an exit status of `/usr/bin/env NAME URL` says: 127 and 126 are env's own (not found,
    /// not executable).
    static func outcome(name: String, status: Int32) -> BrowserLaunchOutcome {
        let signal = status & 0x7F
        if signal != 0 { return .failed(reason: "\(name) was stopped by signal \(signal)") }
        switch (status >> 8) & 0xFF {
        case 0: return .opened
        case 127: return .failed(reason: "\(name) was not found on PATH")
        case 126: return .failed(reason: "\(name) could not be run")
        case let code: return .failed(reason: "\(name) exited with status \(code)")
        }
    }

    /// `posix_spawn(2)` with standard input, output and error on /dev/null, default signal actions
    /// and an empty signal mask.
    static func spawn(_ arguments: [String]) -> pid_t? {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var noSignals = sigset_t(), defaultSignals = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&defaultSignals)
        for number in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaultSignals, number) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for argument in argv { free(argument) } }
        #if canImport(Glibc)
        let environment = environ
        #else
        let environment = _NSGetEnviron().pointee
        #endif
        var child = pid_t()
        guard posix_spawn(&child, arguments[0], &actions, &attributes, argv, environment) == 0 else { return nil }
        return child
    }
}
