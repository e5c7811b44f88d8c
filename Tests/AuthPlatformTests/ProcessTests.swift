import Foundation
import Testing
import AuthPlatform
import AuthTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads and child processes without Foundation's `Thread` and `Process`.
@Suite struct ProcessTests {
    @Test func aDetachedThreadRunsTheBodyOffTheCallingThread() async {
        let caller = pthread_self()
        let ranElsewhere = await withCheckedContinuation { continuation in
            DetachedThread.run { continuation.resume(returning: pthread_equal(pthread_self(), caller) == 0) }
        }
        #expect(ranElsewhere)
    }

    @Test(arguments: [Duration.zero, .milliseconds(-5), .milliseconds(1)])
    func sleepReturns(duration: Duration) {
        let start = ContinuousClock.now
        POSIX.sleep(for: duration)
        #expect(ContinuousClock.now - start >= max(duration, .zero))
    }

    #if os(Linux)
    /// The opener gets the URL as its last argument, /dev/null as stdin and stdout, and is reaped.
    @Test func theBrowserOpenerRunsItsCommandWithTheURLOnNullStdio() async throws {
        let directory = TemporaryDirectory()
        let report = directory.path + "/report"
        let script = "in=$(readlink /proc/$$/fd/0); out=$(readlink /proc/$$/fd/1); "
            + "printf '%s\\n' \"$1\" \"$in\" \"$out\" > \(report).partial && mv \(report).partial \(report)"
        let opener = ProcessBrowserOpener(command: ["sh", "-c", script, "sh"])
        #expect(opener.open(URL(string: "http://127.0.0.1:1/authorize?x=1&y=2")!))
        var text: String?
        for _ in 0..<500 {
            text = try? String(contentsOfFile: report, encoding: .utf8)
            if text != nil { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(text == "http://127.0.0.1:1/authorize?x=1&y=2\n/dev/null\n/dev/null\n")
    }
    #endif

    @Test func anOpenerThatCannotStartIsReportedAsNotOpened() {
        #expect(!ProcessBrowserOpener(command: []).open(URL(string: "http://127.0.0.1:1/")!))
    }
}
