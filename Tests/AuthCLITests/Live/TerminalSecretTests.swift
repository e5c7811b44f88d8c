import Foundation
import Testing
@testable import AuthCLI
import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The no-echo password read on a real pseudo-terminal: the line typed is returned unechoed, and
/// however the read ends (a line, or Ctrl-C waking it) the terminal echoes again afterwards.
@Suite struct TerminalSecretTests {
    enum Ending: Sendable { case typedLine, ctrlC }

    @Test(arguments: [(Ending.typedLine, "s3cret" as String?), (.ctrlC, nil)])
    func readsWithoutEchoAndRestoresTheTerminal(_ ending: Ending, _ expected: String?) async throws {
        let (master, terminal) = try Self.pseudoTerminal()
        defer { close(master) }
        defer { close(terminal) }
        let wake = try WakePipe()
        // Started here on a thread of its own, as live: a Task could wait for a cooperative
        // thread while the other case's polling holds them.
        let result = LockedState<String??>(nil)
        let done = DispatchSemaphore(value: 0)
        DetachedThread.run {
            result.withLock { $0 = .some(TerminalSecret.read(prompt: "Password: ", terminal: terminal, wake: wake)) }
            done.signal()
        }
        // The prompt is written before echo goes off; then the person types (or presses Ctrl-C).
        var seen = ""
        for _ in 0..<50 where !seen.contains("Password: ") { seen += Self.drain(master) }
        try #require(seen.contains("Password: "))
        var settings = termios()
        for _ in 0..<200 where tcgetattr(terminal, &settings) == 0 && settings.c_lflag & tcflag_t(ECHO) != 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(settings.c_lflag & tcflag_t(ECHO) == 0, "echo is off while the password is typed")
        switch ending {
        case .typedLine: _ = write(master, "s3cret\n", 7)
        case .ctrlC: wake.wake()
        }
        try #require(done.wait(timeout: .now() + 20) == .success, "the read ended")
        #expect(result.withLock { $0 } == .some(expected))
        #expect(tcgetattr(terminal, &settings) == 0 && settings.c_lflag & tcflag_t(ECHO) != 0, "the terminal echoes again")
        #expect(!(seen + Self.drain(master)).contains("s3cret"), "the password was not echoed")
    }

    /// A new pseudo-terminal: its master side (the person's keyboard and screen) and its terminal.
    static func pseudoTerminal() throws -> (master: Int32, terminal: Int32) {
        #if os(Linux)
        // Glibc's Swift module hides posix_openpt and ptsname (_XOPEN_SOURCE): /dev/ptmx by hand.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (_IOW/_IOR('T', 0x31/0x30, int), asm-generic), macros Swift does not import.
        try #require(master >= 0 && ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
        let path = "/dev/pts/\(number)"
        #else
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
        let path = String(cString: ptsname(master))
        #endif
        let terminal = open(path, O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        return (master, terminal)
    }

    /// What the terminal has written so far (waits up to 0.2 s for the first byte).
    static func drain(_ master: Int32) -> String {
        var text = [UInt8]()
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 256)
        while poll(&descriptor, 1, text.isEmpty ? 200 : 20) > 0 {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            text += buffer[..<count]
        }
        return String(decoding: text, as: UTF8.self)
    }
}
