import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe that wakes the poll loop from another thread (on task cancellation).
///
/// Both ends close when the last holder lets go, so a late `wake()` never writes to a
/// descriptor number that was closed and handed to someone else.
final class LoopbackWakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws(SystemCallError) {
        (readEnd, writeEnd) = try LoopbackSocket.makePipe()
    }

    func wake() {
        LoopbackSocket.writeByte(writeEnd)
    }

    deinit {
        POSIX.close(readEnd)
        POSIX.close(writeEnd)
    }
}

/// The limits of one wait, named so that tests and readers see them in one place.
struct LoopbackLimits: Sendable {
    /// A connection must deliver its whole request head within this time (stops slow clients).
    var readTimeout: Duration = .seconds(10)
    /// A response must be written within this time after it is queued.
    var writeTimeout: Duration = .seconds(5)
    /// After the response, how long to drain the peer's leftovers before closing; closing with
    /// unread bytes would send a reset that can destroy the response in flight.
    var lingerTimeout: Duration = .seconds(2)
    /// Open connections at most; at the limit the oldest unanswered one is dropped for a new one.
    var maximumConnections = 16
}

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
        var state: State
        var deadline: ContinuousClock.Instant
        /// True for the connection that carries the callback's result page.
        var isDecisive = false
    }

    private var listeners: [Int32]
    private let wake: LoopbackWakePipe
    private let redirectURI: String
    private let timeout: Duration
    private let limits: LoopbackLimits
    private let evaluate: @Sendable (CallbackRequest) throws -> Value
    private let clock = ContinuousClock()
    private var connections: [Connection] = []
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
            let acceptsMore = decided == nil && (connections.count < limits.maximumConnections || oldestReadingIndex() != nil)
            var descriptors = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            if acceptsMore {
                descriptors += listeners.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            }
            let firstConnection = descriptors.count
            for connection in connections {
                let events = if case .writing = connection.state { Int16(POLLOUT) } else { Int16(POLLIN) }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            }
            var wakeAt = connections.map(\.deadline).min()
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

            for (offset, polled) in descriptors[firstConnection...].enumerated() {
                if decided != nil && !connections[offset].isDecisive { break }
                if polled.revents != 0 { service(&connections[offset], now: now) }
                // Checked even after a read, so that a client dribbling bytes cannot outlive its deadline.
                if connections[offset].descriptor >= 0, now >= connections[offset].deadline { expire(&connections[offset], now: now) }
            }
            connections.removeAll { $0.descriptor < 0 }
            if decided != nil {
                finishOthers()
                continue
            }
            if acceptsMore {
                for (offset, polled) in descriptors[1..<firstConnection].enumerated() where polled.revents != 0 {
                    if let failure = acceptAll(from: listeners[offset], now: now) { return .failure(failure) }
                }
            }
        }
    }

    // MARK: Connections

    /// Reads, writes or drains, as the connection's state asks.
    private func service(_ connection: inout Connection, now: ContinuousClock.Instant) {
        switch connection.state {
        case .reading(var buffer):
            let room = LoopbackRequestParser.maximumHeadBytes + 1 - buffer.count
            switch receive(connection.descriptor, upTo: max(room, 1)) {
            case .wouldBlock:
                return
            case .closed:
                // A half-closed client still reads: tell it why its partial request failed.
                if buffer.isEmpty { close(&connection) } else { respond(&connection, .refusal(.badRequest), includeBody: true, now: now) }
            case .bytes(let bytes):
                buffer += bytes
                connection.state = .reading(buffer)
                handle(&connection, buffer: buffer, now: now)
            }
        case .writing:
            advanceWriting(&connection, now: now)
        case .lingering:
            switch receive(connection.descriptor, upTo: readBuffer.count) {
            case .wouldBlock, .bytes: return
            case .closed: close(&connection)
            }
        }
    }

    /// Parses what has arrived and answers once there is a head or an error.
    private func handle(_ connection: inout Connection, buffer: [UInt8], now: ContinuousClock.Instant) {
        let outcome: LoopbackRequestParser.Outcome
        do {
            outcome = try LoopbackRequestParser.parse(buffer)
        } catch {
            respond(&connection, .refusal(error.status), includeBody: true, now: now)
            return
        }
        guard case .complete(let head) = outcome else { return }
        let includeBody = head.method != "HEAD"
        guard head.method == "GET" || head.method == "HEAD" else {
            respond(&connection, .refusal(.methodNotAllowed), includeBody: true, now: now)
            return
        }
        guard head.path == LoopbackRedirectListener.callbackPath else {
            respond(&connection, .refusal(.notFound), includeBody: includeBody, now: now)
            return
        }
        // HEAD is safe (RFC 9110 §9.3.2): a prefetch must not consume the one callback.
        guard head.method == "GET" else {
            respond(&connection, .refusal(.ok), includeBody: false, now: now)
            return
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
        respond(&connection, page, includeBody: true, now: now)
    }

    private func respond(_ connection: inout Connection, _ response: LoopbackResponse, includeBody: Bool, now: ContinuousClock.Instant) {
        connection.state = .writing(response.serialized(includeBody: includeBody), offset: 0)
        connection.deadline = now.advanced(by: limits.writeTimeout)
        advanceWriting(&connection, now: now)
    }

    /// Sends what the socket takes; once all is sent, half-closes and lingers.
    private func advanceWriting(_ connection: inout Connection, now: ContinuousClock.Instant) {
        guard case .writing(let bytes, var offset) = connection.state else { return }
        guard let sent = LoopbackSocket.send(connection.descriptor, bytes[offset...]) else {
            close(&connection)
            return
        }
        offset += sent
        guard offset == bytes.count else {
            connection.state = .writing(bytes, offset: offset)
            return
        }
        LoopbackSocket.shutdownWriting(connection.descriptor)
        connection.state = .lingering
        connection.deadline = now.advanced(by: limits.lingerTimeout)
    }

    /// A connection's deadline passed: a partial request gets 408; an idle one (a browser's
    /// preconnect) is closed silently, as servers close idle connections and browsers expect.
    private func expire(_ connection: inout Connection, now: ContinuousClock.Instant) {
        if case .reading(let buffer) = connection.state, !buffer.isEmpty {
            respond(&connection, .refusal(.requestTimeout), includeBody: true, now: now)
        } else {
            close(&connection)
        }
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

    private func close(_ connection: inout Connection) {
        POSIX.close(connection.descriptor)
        connection = Connection(descriptor: -1, state: .lingering, deadline: connection.deadline)
    }

    /// Once the callback is decided: stop listening (the port is free at once) and drop every
    /// other connection; only the result page is still being written.
    private func finishOthers() {
        for listener in listeners { POSIX.close(listener) }
        listeners = []
        connections.removeAll { connection in
            if connection.isDecisive { return false }
            POSIX.close(connection.descriptor)
            return true
        }
    }

    // MARK: Accepting

    /// Accepts every pending connection; at the connection limit the oldest unanswered one goes.
    /// Returns a failure only when the process is out of descriptors with nothing to drop.
    private func acceptAll(from listener: Int32, now: ContinuousClock.Instant) -> LoopbackError? {
        while true {
            if connections.count >= limits.maximumConnections {
                guard let oldest = oldestReadingIndex() else { return nil }
                POSIX.close(connections[oldest].descriptor)
                connections.remove(at: oldest)
            }
            let accepted: Int32?
            do {
                accepted = try LoopbackSocket.accept(listener)
            } catch {
                guard [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(error.errno) else { return .socketFailure(error) }
                guard let oldest = oldestReadingIndex() else { return .socketFailure(error) }
                POSIX.close(connections[oldest].descriptor)
                connections.remove(at: oldest)
                continue
            }
            guard let descriptor = accepted else { return nil }
            connections.append(Connection(descriptor: descriptor, state: .reading([]), deadline: now.advanced(by: limits.readTimeout)))
        }
    }

    private func oldestReadingIndex() -> Int? {
        connections.firstIndex { if case .reading = $0.state { true } else { false } }
    }

    private func closeEverything() {
        for listener in listeners { POSIX.close(listener) }
        listeners = []
        for connection in connections where connection.descriptor >= 0 { POSIX.close(connection.descriptor) }
        connections = []
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
