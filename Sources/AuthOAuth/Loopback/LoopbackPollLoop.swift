import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The poll loop of one wait. It runs on its own thread, owns every descriptor it is given, and
/// closes them all before it returns, so the port is free when the wait ends.
final class LoopbackPollLoop<Value: Sendable> {
    private enum State {
        /// Reading the request head.
        case reading([UInt8])
        /// Writing a response; the offset of the next byte to send.
        case writing([UInt8], offset: Int)
        /// Response sent and FIN sent; reading and dropping until the peer closes.
        case lingering
    }

    private struct Connection {
        let descriptor: Int32
        /// Accept order: at the connection limit the oldest unanswered connection is dropped.
        let sequence: Int
        var state: State
        var deadline: ContinuousClock.Instant
        /// True for the connection that carries the callback's result page.
        var isDecisive = false

        var isReading: Bool { if case .reading = state { true } else { false } }
    }

    private var listeners: [Int32]
    private let wake: LoopbackWakePipe
    private let redirectURI: String
    private let timeout: Duration
    private let limits: LoopbackLimits
    private let evaluate: @Sendable (CallbackRequest) throws -> Value
    private let clock = ContinuousClock()
    /// The open connections, by descriptor.
    private var connections: [Int32: Connection] = [:]
    private var acceptedCount = 0
    /// The callback's outcome, once the first callback has arrived.
    private var decided: Result<Value, any Error>?
    private var readBuffer = [UInt8](repeating: 0, count: 4096)

    init(
        listeners: [Int32], wake: LoopbackWakePipe, redirectURI: String, timeout: Duration, limits: LoopbackLimits,
        evaluate: @escaping @Sendable (CallbackRequest) throws -> Value
    ) {
        self.listeners = listeners
        self.wake = wake
        self.redirectURI = redirectURI
        self.timeout = timeout
        self.limits = limits
        self.evaluate = evaluate
    }

    /// Serves connections until the callback's page is written, the deadline passes, or the pipe wakes it.
    func run() -> Result<Value, any Error> {
        defer { closeEverything() }
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if let decided, connections.isEmpty { return decided }
            let acceptsMore = decided == nil && (connections.count < limits.maximumConnections || oldestReading() != nil)
            var descriptors = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            if acceptsMore {
                descriptors += listeners.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            }
            for connection in connections.values {
                let events = if case .writing = connection.state { Int16(POLLOUT) } else { Int16(POLLIN) }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            }
            var wakeAt = connections.values.map(\.deadline).min()
            if decided == nil { wakeAt = min(wakeAt ?? deadline, deadline) }
            do {
                _ = try LoopbackSocket.poll(&descriptors, timeout: Self.milliseconds(from: clock.now, to: wakeAt))
            } catch {
                return .failure(LoopbackError.socketFailure(error))
            }
            if descriptors[0].revents != 0 { return .failure(LoopbackError.cancelled) }
            let now = clock.now
            if decided == nil, now >= deadline {
                return .failure(LoopbackError.timedOut(redirectURI: redirectURI, after: timeout))
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
                continue
            }
            if acceptsMore {
                for listener in listeners where ready.contains(listener) {
                    if let failure = acceptAll(from: listener, now: now) { return .failure(failure) }
                }
            }
        }
    }

    // MARK: Connections

    /// What becomes of a connection after serving it.
    private enum Disposition {
        case keep
        case close
    }

    /// Serves the connection on `descriptor`, then keeps it or closes it.
    private func service(_ descriptor: Int32, now: ContinuousClock.Instant) {
        guard var connection = connections[descriptor] else { return }
        let disposition = service(&connection, now: now)
        settle(descriptor, connection: connection, disposition)
    }

    /// A connection's deadline passed: a partial request gets 408; an idle one (a browser's
    /// preconnect) is closed silently, as servers close idle connections and browsers expect.
    private func expire(_ descriptor: Int32, now: ContinuousClock.Instant) {
        guard var connection = connections[descriptor] else { return }
        let disposition: Disposition
        if case .reading(let buffer) = connection.state, !buffer.isEmpty {
            disposition = respond(&connection, .refusal(.requestTimeout), includeBody: true, now: now)
        } else {
            disposition = .close
        }
        settle(descriptor, connection: connection, disposition)
    }

    private func settle(_ descriptor: Int32, connection: Connection, _ disposition: Disposition) {
        switch disposition {
        case .keep: connections[descriptor] = connection
        case .close: close(descriptor)
        }
    }

    /// Reads, writes or drains, as the connection's state asks.
    private func service(_ connection: inout Connection, now: ContinuousClock.Instant) -> Disposition {
        switch connection.state {
        case .reading(var buffer):
            let room = LoopbackRequestParser.maximumHeadBytes + 1 - buffer.count
            switch receive(connection.descriptor, upTo: max(room, 1)) {
            case .wouldBlock:
                return .keep
            case .closed:
                // A half-closed client still reads: tell it why its partial request failed.
                return buffer.isEmpty ? .close : respond(&connection, .refusal(.badRequest), includeBody: true, now: now)
            case .bytes(let bytes):
                buffer += bytes
                connection.state = .reading(buffer)
                return handle(&connection, buffer: buffer, now: now)
            }
        case .writing:
            return advanceWriting(&connection, now: now)
        case .lingering:
            switch receive(connection.descriptor, upTo: readBuffer.count) {
            case .wouldBlock, .bytes: return .keep
            case .closed: return .close
            }
        }
    }

    /// Parses what has arrived and answers once there is a head or an error.
    private func handle(_ connection: inout Connection, buffer: [UInt8], now: ContinuousClock.Instant) -> Disposition {
        let outcome: LoopbackRequestParser.Outcome
        do {
            outcome = try LoopbackRequestParser.parse(buffer)
        } catch {
            return respond(&connection, .refusal(error.status), includeBody: true, now: now)
        }
        guard case .complete(let head) = outcome else { return .keep }
        let includeBody = head.method != "HEAD"
        guard head.method == "GET" || head.method == "HEAD" else {
            return respond(&connection, .refusal(.methodNotAllowed), includeBody: true, now: now)
        }
        guard head.path == LoopbackRedirectListener.callbackPath else {
            return respond(&connection, .refusal(.notFound), includeBody: includeBody, now: now)
        }
        // HEAD is safe (RFC 9110 §9.3.2): a prefetch must not consume the one callback.
        guard head.method == "GET" else {
            return respond(&connection, .refusal(.ok), includeBody: false, now: now)
        }
        let page: LoopbackResponse
        do {
            decided = .success(try evaluate(CallbackRequest(path: head.path, parameters: head.parameters)))
            page = .success
        } catch {
            decided = .failure(error)
            page = .failure(error)
        }
        connection.isDecisive = true
        return respond(&connection, page, includeBody: true, now: now)
    }

    private func respond(
        _ connection: inout Connection, _ response: LoopbackResponse, includeBody: Bool, now: ContinuousClock.Instant
    ) -> Disposition {
        connection.state = .writing(response.serialized(includeBody: includeBody), offset: 0)
        connection.deadline = now.advanced(by: limits.writeTimeout)
        return advanceWriting(&connection, now: now)
    }

    /// Sends what the socket takes; once all is sent, half-closes and lingers.
    private func advanceWriting(_ connection: inout Connection, now: ContinuousClock.Instant) -> Disposition {
        guard case .writing(let bytes, var offset) = connection.state else { return .keep }
        guard let sent = LoopbackSocket.send(connection.descriptor, bytes[offset...]) else { return .close }
        offset += sent
        guard offset == bytes.count else {
            connection.state = .writing(bytes, offset: offset)
            return .keep
        }
        LoopbackSocket.shutdownWriting(connection.descriptor)
        connection.state = .lingering
        connection.deadline = now.advanced(by: limits.lingerTimeout)
        return .keep
    }

    private func receive(_ descriptor: Int32, upTo count: Int) -> ReceiveResult {
        let wanted = min(count, readBuffer.count)
        let received = readBuffer.withUnsafeMutableBytes { buffer in
            LoopbackSocket.receive(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
        }
        switch received {
        case .bytes(let count): return .bytes(Array(readBuffer[0..<count]))
        case .wouldBlock: return .wouldBlock
        case .closed: return .closed
        }
    }

    private enum ReceiveResult {
        case bytes([UInt8])
        case wouldBlock
        case closed
    }

    private func close(_ descriptor: Int32) {
        POSIX.close(descriptor)
        connections[descriptor] = nil
    }

    /// Once the callback is decided: stop listening (the port is free at once) and drop every
    /// other connection; only the result page is still being written.
    private func finishOthers() {
        for listener in listeners { POSIX.close(listener) }
        listeners = []
        for (descriptor, connection) in connections where !connection.isDecisive { close(descriptor) }
    }

    // MARK: Accepting

    /// Accepts every pending connection; at the connection limit the oldest unanswered one goes.
    /// Returns a failure only when the process is out of descriptors with nothing to drop.
    private func acceptAll(from listener: Int32, now: ContinuousClock.Instant) -> LoopbackError? {
        while true {
            if connections.count >= limits.maximumConnections {
                guard let oldest = oldestReading() else { return nil }
                close(oldest)
            }
            let accepted: Int32?
            do {
                accepted = try LoopbackSocket.accept(listener)
            } catch {
                guard [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(error.errno) else { return .socketFailure(error) }
                guard let oldest = oldestReading() else { return .socketFailure(error) }
                close(oldest)
                continue
            }
            guard let descriptor = accepted else { return nil }
            acceptedCount += 1
            connections[descriptor] = Connection(
                descriptor: descriptor, sequence: acceptedCount, state: .reading([]), deadline: now.advanced(by: limits.readTimeout)
            )
        }
    }

    /// The descriptor of the longest-waiting connection still reading its request.
    private func oldestReading() -> Int32? {
        connections.values.filter(\.isReading).min { $0.sequence < $1.sequence }?.descriptor
    }

    private func closeEverything() {
        for listener in listeners { POSIX.close(listener) }
        listeners = []
        for descriptor in connections.keys { POSIX.close(descriptor) }
        connections = [:]
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
