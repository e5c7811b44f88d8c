import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The poll loop of one wait. It runs on its own thread, owns every descriptor it is given, and
/// closes them all before it returns, so the port is free when the wait ends.
///
/// It reports the decision (an accepted callback, a refused one, a timeout, a cancellation) the
/// moment there is one, then goes on serving the decisive connection: a refusal's page is written
/// at once; an accepted callback's request is held until the ``LoopbackReply`` brings the page
/// (or the reply limit passes), so the browser learns how the sign-in really ended.
final class LoopbackPollLoop<Value: Sendable> {
    enum State {
        /// Reading the request head.
        case reading([UInt8])
        /// The accepted callback, waiting for the sign-in's outcome.
        case holding
        /// Writing a response; the offset of the next byte to send.
        case writing([UInt8], offset: Int)
        /// Response sent and FIN sent; reading and dropping until the peer closes.
        case lingering
    }

    struct Connection {
        let descriptor: Int32
        /// Accept order: at the connection limit the oldest unanswered connection is dropped.
        let sequence: Int
        var state: State
        var deadline: ContinuousClock.Instant
        /// True for the connection that carries the callback's result page.
        var isDecisive = false

        var isReading: Bool { if case .reading = state { true } else { false } }
        /// The decisive request, not yet answered in full.
        var isAnswering: Bool {
            guard isDecisive else { return false }
            return switch state {
            case .holding, .writing: true
            case .reading, .lingering: false
            }
        }
    }

    var listeners: [Int32]
    let wake: LoopbackWakePipe
    let reply: LoopbackReply
    let redirectURI: String
    let timeout: Duration
    let limits: LoopbackLimits
    let evaluate: @Sendable (CallbackRequest) throws -> CallbackVerdict<Value>
    let clock = ContinuousClock()
    /// The open connections, by descriptor.
    var connections: [Int32: Connection] = [:]
    var acceptedCount = 0
    /// Callbacks with another sign-in's `state`, answered 400 and ignored.
    var ignoredCallbacks = 0
    /// The callback's outcome, once a callback was accepted or refused.
    var decided: Result<Value, any Error>?
    var readBuffer = [UInt8](repeating: 0, count: 4096)

    init(
        listeners: [Int32], wake: LoopbackWakePipe, reply: LoopbackReply, redirectURI: String, timeout: Duration,
        limits: LoopbackLimits, evaluate: @escaping @Sendable (CallbackRequest) throws -> CallbackVerdict<Value>
    ) {
        self.listeners = listeners
        self.wake = wake
        self.reply = reply
        self.redirectURI = redirectURI
        self.timeout = timeout
        self.limits = limits
        self.evaluate = evaluate
    }

    /// Serves connections until the decisive page is written; calls `report` once, as soon as the
    /// wait is decided (or times out, or the pipe cancels it first).
    func run(report: (Result<Value, any Error>) -> Void) {
        defer {
            closeEverything()
            reply.markDelivered()
        }
        let deadline = clock.now.advanced(by: timeout)
        var reported = false
        while true {
            if let decided, !reported {
                report(decided)
                reported = true
            }
            if decided != nil, connections.isEmpty { return }
            var descriptors = pollSet()
            var wakeAt = connections.values.map(\.deadline).min()
            if decided == nil { wakeAt = min(wakeAt ?? deadline, deadline) }
            do {
                _ = try LoopbackSocket.poll(&descriptors, timeout: Self.milliseconds(from: clock.now, to: wakeAt))
            } catch {
                if !reported { report(.failure(LoopbackError.socketFailure(error))) }
                return
            }
            let now = clock.now
            if descriptors[0].revents != 0 {
                // Before the decision the pipe means cancellation; after it, a reply to deliver.
                guard decided != nil else { return report(.failure(LoopbackError.cancelled)) }
                wake.drain()
                deliverReply(now: now)
            }
            if decided == nil, now >= deadline {
                return report(.failure(LoopbackError.timedOut(
                    redirectURI: redirectURI, after: timeout, ignoredCallbacks: ignoredCallbacks, nothingArrived: acceptedCount == 0)))
            }
            let ready = Set(descriptors.filter { $0.revents != 0 }.map(\.fd))
            for descriptor in connections.values.sorted(by: { $0.sequence < $1.sequence }).map(\.descriptor) {
                if decided != nil, connections[descriptor]?.isDecisive != true { continue }
                if ready.contains(descriptor) { service(descriptor, now: now) }
                // Checked even after a read, so that a client dribbling bytes cannot outlive its deadline.
                if let connection = connections[descriptor], now >= connection.deadline { expire(descriptor, now: now) }
            }
            if decided != nil {
                finishOthers()
                if !connections.values.contains(where: \.isAnswering) { reply.markDelivered() }
                continue
            }
            for listener in listeners where ready.contains(listener) {
                if let failure = acceptAll(from: listener, now: now) { return report(.failure(failure)) }
            }
        }
    }

    /// The wake pipe, the listeners while connections may still be accepted, and every connection.
    private func pollSet() -> [pollfd] {
        var descriptors = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        if decided == nil, connections.count < limits.maximumConnections || oldestReading() != nil {
            descriptors += listeners.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        }
        for connection in connections.values {
            let events = if case .writing = connection.state { Int16(POLLOUT) } else { Int16(POLLIN) }
            descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
        }
        return descriptors
    }

    /// Writes the page the reply brought to the held connection.
    private func deliverReply(now: ContinuousClock.Instant) {
        guard let page = reply.takePage(),
            let held = connections.values.first(where: { if case .holding = $0.state { true } else { false } })
        else { return }
        answer(held.descriptor, with: page, now: now)
    }


    /// The poll timeout until `instant`, rounded up so that the loop never spins just before it.
    static func milliseconds(from now: ContinuousClock.Instant, to instant: ContinuousClock.Instant?) -> Int32 {
        guard let instant else { return -1 }
        let remaining = now.duration(to: instant)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int32.max }
        return Int32(clamping: milliseconds.partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
