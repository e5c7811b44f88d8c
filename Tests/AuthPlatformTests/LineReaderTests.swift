import Foundation
import Testing
@testable import AuthPlatform

/// The paste prompt's reader (issue 27 finding 1): lines from a descriptor, and a read that
/// cancellation ends at once instead of waiting for Enter.
@Suite struct LineReaderTests {
    func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #expect(Glibc.pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func linesWrittenAtOnceAreReadOneByOneAndTheEndIsNil() async throws {
        let (read, write) = try pipe()
        defer { close(read) }
        let reader = LineReader(descriptor: read)
        try POSIX.write(write, Array("first\r\nsecond\nlast without an end".utf8))
        close(write)
        #expect(await reader.readLine() == "first")
        #expect(await reader.readLine() == "second")
        #expect(await reader.readLine() == "last without an end")
        #expect(await reader.readLine() == nil)
    }

    @Test func aLineArrivingLaterIsWaitedFor() async throws {
        let (read, write) = try pipe()
        defer { close(read); close(write) }
        let reader = LineReader(descriptor: read)
        let reading = Task { await reader.readLine() }
        try await Task.sleep(for: .milliseconds(50))
        try POSIX.write(write, Array("pa".utf8))
        try await Task.sleep(for: .milliseconds(20))
        try POSIX.write(write, Array("sted\n".utf8))
        #expect(await reading.value == "pasted")
    }

    @Test func cancellingTheReadEndsItAtOnceAndKeepsWhatComesLater() async throws {
        let (read, write) = try pipe()
        defer { close(read); close(write) }
        let reader = LineReader(descriptor: read)
        let reading = Task { await reader.readLine() }
        try await Task.sleep(for: .milliseconds(50))
        let started = ContinuousClock.now
        reading.cancel()
        #expect(await reading.value == nil)
        #expect(ContinuousClock.now - started < .seconds(120), "generous: without the wake pipe the read never returns")
        try POSIX.write(write, Array("next\n".utf8))
        #expect(await reader.readLine() == "next")
    }

    /// Exit statuses of `/usr/bin/env NAME URL` (issue 27 finding 7).
    @Test(arguments: [
        (Int32(0), nil as String?), (Int32(3 << 8), "xdg-open exited with status 3"), (Int32(127 << 8), "xdg-open was not found on PATH"),
        (Int32(126 << 8), "xdg-open could not be run"), (Int32(9), "xdg-open was stopped by signal 9"),
    ])
    func aLaunchersExitStatusSaysWhetherItFailed(status: Int32, reason: String?) {
        #expect(ProcessBrowserOpener.outcome(name: "xdg-open", status: status) == (reason.map { .failed(reason: $0) } ?? .opened))
    }

    @Test func aLauncherThatFailsIsSeenAndOneThatSucceedsIsNot() async {
        let url = URL(string: "https://example.com/")!
        #expect(await ProcessBrowserOpener(command: ["false"]).launch(url)() == .failed(reason: "false exited with status 1"))
        #expect(await ProcessBrowserOpener(command: ["true"]).launch(url)() == .opened)
        #expect(await ProcessBrowserOpener(command: ["no-such-browser-anywhere"]).launch(url)()
            == .failed(reason: "no-such-browser-anywhere was not found on PATH"))
    }
}
