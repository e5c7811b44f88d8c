import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serving one connection of the poll loop: read the request head, answer it, linger.
extension LoopbackPollLoop {
    // MARK: Connections

    /// What becomes of a connection after serving it.
    private enum Disposition {
        case keep
        case close
    }

    /// Serves the connection on `descriptor`, then keeps it or closes it.
    func service(_ descriptor: Int32, now: ContinuousClock.Instant) {
        guard var connection = connections[descriptor] else { return }
        let disposition = service(&connection, now: now)
        settle(descriptor, connection: connection, disposition)
    }

    /// A connection's deadline passed: a partial request gets 408; an idle one (a browser's
    /// preconnect) is closed silently, as servers close idle connections and browsers expect; the
    /// held callback, still without its outcome, is told to finish in the terminal.
    func expire(_ descriptor: Int32, now: ContinuousClock.Instant) {
        guard var connection = connections[descriptor] else { return }
        let disposition: Disposition
        switch connection.state {
        case .reading(let buffer) where !buffer.isEmpty:
            disposition = respond(&connection, .refusal(.requestTimeout), includeBody: true, now: now)
        case .holding:
            disposition = respond(&connection, .finishInTerminal, includeBody: true, now: now)
        case .reading, .writing, .lingering:
            disposition = .close
        }
        settle(descriptor, connection: connection, disposition)
    }

    /// Answers the held callback with the sign-in's page.
    func answer(_ descriptor: Int32, with page: LoopbackResponse, now: ContinuousClock.Instant) {
        guard var connection = connections[descriptor] else { return }
        let disposition = respond(&connection, page, includeBody: true, now: now)
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
            let room = LoopbackRequestParser.maximumHeadBytes + LoopbackFormBody.maximumBytes + 1 - buffer.count
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
        case .holding, .lingering:
            // Held or answered: anything more the browser sends is dropped; its close ends us.
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
        guard ["GET", "HEAD", "POST"].contains(head.method) else {
            return respond(&connection, .refusal(.methodNotAllowed), includeBody: true, now: now)
        }
        guard head.path == LoopbackRedirectListener.callbackPath else {
            return respond(&connection, .refusal(.notFound), includeBody: includeBody, now: now)
        }
        // HEAD is safe (RFC 9110 §9.3.2): a prefetch must not consume the one callback.
        guard head.method != "HEAD" else {
            return respond(&connection, .refusal(.ok), includeBody: false, now: now)
        }
        var request = CallbackRequest(path: head.path, parameters: head.parameters, query: head.query)
        if head.method == "POST" {
            do {
                guard case .complete(let text, let fields) = try LoopbackFormBody.parse(head, in: buffer) else { return .keep }
                request.method = "POST"
                request.body = text
                request.parameters += fields
            } catch {
                return respond(&connection, .refusal(error.status), includeBody: true, now: now)
            }
        }
        do {
            switch try evaluate(request) {
            case .ignore:
                ignoredCallbacks += 1
                return respond(&connection, .foreignCallback, includeBody: true, now: now)
            case .accept(let value):
                decided = .success(value)
                connection.isDecisive = true
                connection.state = .holding
                connection.deadline = now.advanced(by: limits.replyTimeout)
                return .keep
            }
        } catch {
            decided = .failure(error)
            connection.isDecisive = true
            return respond(&connection, .failure(error), includeBody: true, now: now)
        }
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
    func finishOthers() {
        for listener in listeners { POSIX.close(listener) }
        listeners = []
        for (descriptor, connection) in connections where !connection.isDecisive { close(descriptor) }
    }

    // MARK: Accepting

    /// Accepts every pending connection; at the connection limit the oldest unanswered one goes.
    /// Returns a failure only when the process is out of descriptors with nothing to drop.
    func acceptAll(from listener: Int32, now: ContinuousClock.Instant) -> LoopbackError? {
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
    func oldestReading() -> Int32? {
        connections.values.filter(\.isReading).min { $0.sequence < $1.sequence }?.descriptor
    }

    func closeEverything() {
        for listener in listeners { POSIX.close(listener) }
        listeners = []
        for descriptor in connections.keys { POSIX.close(descriptor) }
        connections = [:]
    }

}
