import AuthPlatform
import Dispatch

/// Runs a command's async code on the main thread instead of the cooperative thread pool.
///
/// Starting the pool costs a process about 3-4 ms of thread creation, which is most of what
/// `authctl token` would spend (Docs/Decisions/0013-network-layer.md). A command is one task
/// whose blocking work (sockets, libcurl, terminal reads) already has threads of its own, so a
/// serial loop on the main thread is all the executor it needs; child tasks inherit it.
/// Unstructured tasks (the sign-in's interruptible task) still use the global pool.
@available(macOS 15.0, *)
final class MainThreadExecutor: TaskExecutor, Sendable {
    private let queue = LockedState(Queue())
    /// Signalled once for every job enqueued and once at the end; the loop waits on it when idle
    /// (a wake-up whose job an earlier pass already ran just finds the queue empty).
    private let wakeUp = DispatchSemaphore(value: 0)

    private struct Queue: Sendable {
        var jobs: [UnownedJob] = []
        var finished = false
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        wakeUp.signal()
    }

    /// Runs `operation` to its end on the calling thread, running every job the task enqueues.
    func run<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) -> Result {
        let result = LockedState<Result?>(nil)
        Task(executorPreference: self) {
            let value = await operation()
            result.withLock { $0 = value }
            self.finish()
        }
        while let job = next() { job.runSynchronously(on: asUnownedTaskExecutor()) }
        return result.withLock { $0 }!
    }

    private func finish() {
        queue.withLock { $0.finished = true }
        wakeUp.signal()
    }

    /// The next job, waiting for one; nil once the operation has finished and no job is left.
    private func next() -> UnownedJob? {
        while true {
            let (job, finished) = queue.withLock { queue -> (UnownedJob?, Bool) in
                queue.jobs.isEmpty ? (nil, queue.finished) : (queue.jobs.removeFirst(), queue.finished)
            }
            if let job { return job }
            if finished { return nil }
            wakeUp.wait()
        }
    }
}

extension AuthCommandLine {
    /// ``run(arguments:context:)`` for `main`: on the main thread where the OS allows a task
    /// executor (Linux; macOS 15), else on the global pool while the main thread waits.
    package static func runBlocking(arguments: [String], context: CommandContext) -> ExitStatus {
        if #available(macOS 15.0, *) {
            return MainThreadExecutor().run { await run(arguments: arguments, context: context) }
        }
        let status = LockedState(ExitStatus.unexpectedFailure)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result = await run(arguments: arguments, context: context)
            status.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }
}
