import AuthPlatform
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw HTTP/1.1 server on 127.0.0.1 for the transport tests: it answers every connection the
/// way `behavior` says, including the hostile ways (silence, a drip, an endless body), and keeps
/// each request it read. Blocking sockets on threads of its own; `stop()` ends every connection.
final class ScriptedHTTPServer: Sendable {
    enum Behavior: Sendable {
        /// One complete response.
        case respond(status: Int, headers: [String], body: [UInt8])
        /// A 200 with no Content-Length, then `bytes` of body as fast as the client reads.
        case endlessBody(bytes: Int)
        /// A 200 status line, then one header byte per `interval` until the client hangs up.
        case drip(interval: Duration)
        /// Reads the request and never answers.
        case silent
    }

    let port: UInt16
    private let listener: Int32
    private let behavior: Behavior
    private let state = LockedState(State())

    /// Descriptors are closed, and shut down by `stop()`, only under the lock, so a number the
    /// system has handed to another test's socket is never touched.
    private struct State: Sendable {
        var requests: [String] = []
        var stopped = false
        var listenerClosed = false
        var connections: Set<Int32> = []
    }

    init(_ behavior: Behavior) throws {
        self.behavior = behavior
        let listener = socket(AF_INET, Self.streamType, 0)
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The requests read so far: head and body, as text.
    var requests: [String] { state.withLock { $0.requests } }

    func stop() {
        let listener = listener
        state.withLock { state in
            state.stopped = true
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
            if !state.listenerClosed { shutdown(listener, Int32(SHUT_RDWR)) }
        }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        let listener = listener
        defer {
            state.withLock { state in
                state.listenerClosed = true
                close(listener)
            }
        }
        while !isStopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let accepted = state.withLock { state in
                guard !state.stopped else { return false }
                state.connections.insert(connection)
                return true
            }
            guard accepted else { close(connection); return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            state.withLock { state in
                state.connections.remove(connection)
                close(connection)
            }
        }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(connection) else { return }
        state.withLock { $0.requests.append(request) }
        switch behavior {
        case .respond(let status, let headers, let body):
            let head = (["HTTP/1.1 \(status) Scripted", "Content-Length: \(body.count)", "Connection: close"] + headers)
                .joined(separator: "\r\n") + "\r\n\r\n"
            _ = write(connection, Array(head.utf8) + body)
        case .endlessBody(let bytes):
            guard write(connection, Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8)) else { return }
            let chunk = [UInt8](repeating: 0x61, count: 64 * 1024)
            var sent = 0
            while sent < bytes, !isStopped, write(connection, chunk) { sent += chunk.count }
        case .drip(let interval):
            guard write(connection, Array("HTTP/1.1 200 OK\r\n".utf8)) else { return }
            while !isStopped, write(connection, Array("X".utf8)) { Thread.sleep(forTimeInterval: interval.timeInterval) }
        case .silent:
            var byte: UInt8 = 0
            while !isStopped, recv(connection, &byte, 1, 0) != 0 {}
        }
    }

    /// The head up to the blank line and a Content-Length body, or nil if the client left.
    private func readRequest(_ connection: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !isStopped {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count == 0 { return nil }
            if count > 0 { bytes += buffer[0..<count] }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let length = text[..<end.lowerBound].split(separator: "\r\n")
                .first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.distance(from: end.upperBound.samePosition(in: text.utf8)!, to: text.utf8.endIndex) >= length { return text }
        }
        return nil
    }

    /// Writes everything; false once the client is gone.
    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Self.noSignal) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    static let streamType = SOCK_STREAM
    static let noSignal: Int32 = 0
    #endif
}
