/// A one-line status a person can watch while a command waits on them ("Waiting for the
/// browser… 4:52 left"). Shown only where a person looks: the command line gives a terminal's
/// stderr a ``TerminalProgress`` and everything else (pipes, `--json`, tests) ``NoProgress``.
package protocol ProgressDisplay: Sendable {
    /// Shows `label` with the time left until `deadline`, kept current until the line is stopped.
    func show(_ label: String, until deadline: Date) -> any ProgressLine
}

/// A status line being shown; ``stop()`` clears it, and is safe to call more than once.
package protocol ProgressLine: Sendable {
    func stop()
}

/// Shows nothing.
package struct NoProgress: ProgressDisplay, ProgressLine {
    package init() {}
    package func show(_ label: String, until deadline: Date) -> any ProgressLine { self }
    package func stop() {}
}

/// The status line on a terminal: rewritten in place once a second (carriage return, then
/// erase to the end of the line, ECMA-48 EL), erased when stopped.
package struct TerminalProgress: ProgressDisplay {
    /// ECMA-48 "erase in line" (EL, `CSI K`) after a carriage return: the line is blank again.
    static let clearLine = "\r\u{1B}[K"

    let write: @Sendable (String) -> Void
    let clock: Clock
    let interval: Duration

    package init(write: @escaping @Sendable (String) -> Void, clock: Clock, interval: Duration = .seconds(1)) {
        self.write = write
        self.clock = clock
        self.interval = interval
    }

    package func show(_ label: String, until deadline: Date) -> any ProgressLine {
        let line = Line(write: write)
        // The line's own escape codes are authctl's; the label may carry a provider's words.
        let label = TerminalSafety.neutralised(label)
        let clock = clock, interval = interval
        let task = Task.detached {
            while !Task.isCancelled {
                line.draw(Self.text(label, left: deadline.timeIntervalSince(clock.now())))
                try? await Task.sleep(for: interval)
            }
        }
        line.setTask(task)
        return line
    }

    /// `Waiting for the browser… 4:52 left`; minutes and seconds, hours past the hour.
    package static func text(_ label: String, left seconds: TimeInterval) -> String {
        let total = max(0, Int(seconds.rounded(.up)))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let time = hours > 0
            ? "\(hours):" + String(minutes, zeroPaddedTo: 2) + ":" + String(rest, zeroPaddedTo: 2)
            : "\(minutes):" + String(rest, zeroPaddedTo: 2)
        return "\(label)… \(time) left"
    }

    /// One shown line: drawing and stopping under one lock, so nothing is drawn after the clear.
    final class Line: ProgressLine, Sendable {
        private struct State: Sendable {
            var stopped = false
            var task: Task<Void, Never>?
        }

        private let state = LockedState(State())
        private let write: @Sendable (String) -> Void

        init(write: @escaping @Sendable (String) -> Void) {
            self.write = write
        }

        func setTask(_ task: Task<Void, Never>) {
            state.withLock { state in if state.stopped { task.cancel() } else { state.task = task } }
        }

        func draw(_ text: String) {
            state.withLock { state in if !state.stopped { write(TerminalProgress.clearLine + text) } }
        }

        func stop() {
            state.withLock { state in
                guard !state.stopped else { return }
                state.stopped = true
                state.task?.cancel()
                write(TerminalProgress.clearLine)
            }
        }
    }
}
