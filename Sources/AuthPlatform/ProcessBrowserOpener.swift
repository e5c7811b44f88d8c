#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        guard !command.isEmpty, let child = Self.spawn(["/usr/bin/env"] + command + [url.absoluteString]) else { return false }
        // Reaped on a thread of its own, so that an opener that lingers is never waited for.
        DetachedThread.run { _ = waitpid(child, nil, 0) }
        return true
    }

    /// `posix_spawn(2)` with standard input and output on /dev/null (stderr stays ours, for the
    /// opener's own complaints), default signal actions and an empty signal mask.
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
