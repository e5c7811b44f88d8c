import Foundation
import Testing
import AuthPlatform
import AuthTestSupport

/// The waiting line a person sees on a terminal: its text, its redraws and its clearing.
@Suite struct ProgressDisplayTests {
    @Test(arguments: [
        (292.0, "Waiting for the browser… 4:52 left"),
        (291.2, "Waiting for the browser… 4:52 left"),
        (59.0, "Waiting for the browser… 0:59 left"),
        (0.0, "Waiting for the browser… 0:00 left"),
        (-5.0, "Waiting for the browser… 0:00 left"),
        (3600.0, "Waiting for the browser… 1:00:00 left"),
        (3725.0, "Waiting for the browser… 1:02:05 left"),
    ])
    func theTimeLeftIsMinutesAndSecondsRoundedUp(left: Double, expected: String) {
        #expect(TerminalProgress.text("Waiting for the browser", left: left) == expected)
    }

    @Test func theLineIsRedrawnInPlaceAndClearedOnceWhenStopped() async throws {
        let written = LockedValue<[String]>([])
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        let progress = TerminalProgress(
            write: { text in written.withLock { $0.append(text) } }, clock: Clock { start },
            interval: .milliseconds(1))
        let line = progress.show("Waiting", until: start.addingTimeInterval(90))
        while written.withLock({ $0.count }) < 3 { try await Task.sleep(for: .milliseconds(1)) }
        line.stop()
        line.stop()
        let afterStop = written.withLock { $0 }
        try await Task.sleep(for: .milliseconds(20))
        let lines = written.withLock { $0 }
        #expect(lines == afterStop, "nothing is drawn after the line is stopped")
        #expect(lines.last == "\r\u{1B}[K")
        #expect(lines.filter { $0 == "\r\u{1B}[K" }.count == 1, "stopping twice clears once")
        #expect(lines.dropLast().allSatisfy { $0 == "\r\u{1B}[KWaiting… 1:30 left" })
    }
}
