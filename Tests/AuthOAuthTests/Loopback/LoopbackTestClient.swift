import AuthOAuth
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A raw HTTP response, split for assertions.
struct RawHTTPResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: String

    init?(_ text: String) {
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else { return nil }
        self.status = status
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        body = String(text[split.upperBound...])
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A blocking POSIX TCP client for the listener tests. Every blocking call runs on its own thread
/// (never on the cooperative pool) and gives up after `ioTimeout`, so a broken listener fails a
/// test instead of hanging it.
enum LoopbackTestClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let ioTimeoutSeconds = 60

    /// An open connection; close it yourself.
    final class Connection: Sendable {
        let descriptor: Int32

        init(port: UInt16, ipv6: Bool = false) throws {
            descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Self.streamType, 0)
            guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
            var timeout = timeval(tv_sec: LoopbackTestClient.ioTimeoutSeconds, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let result: Int32
            if ipv6 {
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = port.bigEndian
                address.sin6_addr = in6addr_loopback
                result = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
                }
            } else {
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = port.bigEndian
                address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
                result = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
            }
            guard result == 0 else {
                let code = errno
                closeDescriptor(descriptor)
                throw Failure(description: "connect: errno \(code)")
            }
        }

        private static var streamType: Int32 {
            #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
            #else
            SOCK_STREAM
            #endif
        }

        func write(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { buffer in
                    #if canImport(Glibc)
                    send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                    #else
                    send(descriptor, buffer.baseAddress, buffer.count, 0)
                    #endif
                }
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { throw Failure(description: "send: errno \(errno)") }
                offset += sent
            }
        }

        func write(_ text: String) throws { try write(Array(text.utf8)) }

        /// Half-closes: the server sees end of input, and can still answer.
        func finishWriting() { shutdown(descriptor, Int32(SHUT_WR)) }

        /// Reads until the server closes (or resets) the connection.
        func readToEnd() throws -> [UInt8] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count < 0 && errno == EINTR { continue }
                if count < 0 && errno == ECONNRESET { return bytes }
                guard count >= 0 else { throw Failure(description: "recv: errno \(errno) after \(bytes.count) bytes") }
                if count == 0 { return bytes }
                bytes += chunk[0..<count]
            }
        }

        /// Writes one byte at a time, pausing between bytes, until the server has something to say;
        /// false if it said nothing after `count` bytes.
        func dribble(_ byte: UInt8, pause milliseconds: Int32, atMost count: Int) throws -> Bool {
            for _ in 0..<count {
                var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                if poll(&descriptors, 1, milliseconds) > 0 { return true }
                try write([byte])
            }
            return false
        }

        func readResponse() throws -> RawHTTPResponse {
            let bytes = try readToEnd()
            guard let response = RawHTTPResponse(String(decoding: bytes, as: UTF8.self)) else {
                throw Failure(description: "not an HTTP response: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
            }
            return response
        }

        deinit { closeDescriptor(descriptor) }
    }

    /// Connects, sends `request`, and reads the whole response, off the cooperative pool.
    static func exchange(port: UInt16, _ request: String, ipv6: Bool = false, finishWriting: Bool = false) async throws -> RawHTTPResponse {
        try await exchange(port: port, Array(request.utf8), ipv6: ipv6, finishWriting: finishWriting)
    }

    static func exchange(port: UInt16, _ request: [UInt8], ipv6: Bool = false, finishWriting: Bool = false) async throws -> RawHTTPResponse {
        try await onThread {
            let connection = try Connection(port: port, ipv6: ipv6)
            try connection.write(request)
            if finishWriting { connection.finishWriting() }
            return try connection.readResponse()
        }
    }

    /// Runs blocking work on a thread of its own.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// `GET <target>` as a browser sends it.
    static func get(_ target: String, port: UInt16, method: String = "GET") -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: authctl-tests\r\nAccept: text/html\r\n\r\n"
    }
}

private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
