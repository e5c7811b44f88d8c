import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls of the loopback listener, each wrapped once: retried on `EINTR` (through
/// ``POSIX``), failing with a typed ``SystemCallError``. Every descriptor made here is
/// close-on-exec, so that a browser started by authctl does not inherit it, and non-blocking, so
/// that the poll loop is the only place that waits.
enum LoopbackSocket {
    enum Family: Sendable {
        case ipv4, ipv6

        var address: String { self == .ipv4 ? "127.0.0.1" : "::1" }
    }

    /// The backlog of connections the kernel queues before `accept`.
    static let listenBacklog: Int32 = 16

    /// A TCP socket listening on the loopback address of `family` at `port` (0: any free port).
    /// SO_REUSEADDR lets a new run rebind a port whose old connections linger in TIME_WAIT.
    static func listen(_ family: Family, port: UInt16) throws(SystemCallError) -> Int32 {
        let descriptor = try makeSocket(family == .ipv4 ? AF_INET : AF_INET6)
        do throws(SystemCallError) {
            try setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1, "setsockopt(SO_REUSEADDR)")
            switch family {
            case .ipv4:
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = port.bigEndian
                address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // INADDR_LOOPBACK, never INADDR_ANY
                #if canImport(Darwin)
                address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
                #endif
                try bind(descriptor, &address)
            case .ipv6:
                try setOption(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1, "setsockopt(IPV6_V6ONLY)")
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = port.bigEndian
                address.sin6_addr = in6addr_loopback
                #if canImport(Darwin)
                address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
                #endif
                try bind(descriptor, &address)
            }
            _ = try POSIX.retryingInterrupts("listen") { systemListen(descriptor, listenBacklog) }
            return descriptor
        } catch {
            POSIX.close(descriptor)
            throw error
        }
    }

    /// The port a socket is bound to.
    static func localPort(_ descriptor: Int32) throws(SystemCallError) -> UInt16 {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try POSIX.retryingInterrupts("getsockname") {
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
        }
        return withUnsafePointer(to: &address) { pointer in
            if Int32(pointer.pointee.ss_family) == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }

    /// The next pending connection, or nil when there is none right now (or it vanished before accept).
    static func accept(_ listener: Int32) throws(SystemCallError) -> Int32? {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try POSIX.retryingInterrupts("accept") { systemAccept(listener, nil, nil) }
        } catch where [EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO, EPERM].contains(error.errno) {
            return nil
        }
        do throws(SystemCallError) {
            try configureDescriptor(descriptor)
            #if canImport(Darwin)
            try setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1, "setsockopt(SO_NOSIGPIPE)")
            #endif
        } catch {
            POSIX.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// What one `recv` found.
    enum Received: Equatable {
        case bytes(Int)
        /// Nothing to read yet.
        case wouldBlock
        /// The peer closed (or reset) the connection.
        case closed
    }

    static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Received {
        do throws(SystemCallError) {
            let count = try POSIX.retryingInterrupts("recv") { recv(descriptor, buffer.baseAddress, buffer.count, 0) }
            return count == 0 ? .closed : .bytes(count)
        } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            return .wouldBlock
        } catch {
            return .closed
        }
    }

    /// Sends what the socket takes now: the byte count (0 when full), or nil when the peer is gone.
    /// Never raises SIGPIPE (MSG_NOSIGNAL on Linux, SO_NOSIGPIPE on Darwin).
    static func send(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in
                try POSIX.retryingInterrupts("send") { systemSend(descriptor, buffer.baseAddress, buffer.count) }
            }
        }
        switch outcome {
        case .success(let count): return count
        case .failure(let error) where error.errno == EAGAIN || error.errno == EWOULDBLOCK: return 0
        case .failure: return nil
        }
    }

    /// Ends our side of the connection (FIN) while still reading the peer's.
    static func shutdownWriting(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// `poll(2)`; `timeout` in milliseconds, -1 for none. Returns the number of ready descriptors.
    static func poll(_ descriptors: inout [pollfd], timeout: Int32) throws(SystemCallError) -> Int32 {
        try POSIX.retryingInterrupts("poll") {
            systemPoll(&descriptors, nfds_t(descriptors.count), timeout)
        }
    }

    /// A close-on-exec, non-blocking pipe: (read end, write end).
    static func makePipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        _ = try POSIX.retryingInterrupts("pipe") { pipe(&ends) }
        do throws(SystemCallError) {
            try configureDescriptor(ends[0])
            try configureDescriptor(ends[1])
        } catch {
            POSIX.close(ends[0])
            POSIX.close(ends[1])
            throw error
        }
        return (ends[0], ends[1])
    }

    /// Writes one byte without blocking; a full pipe already holds a wake-up, so that is fine too.
    static func writeByte(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = try? POSIX.retryingInterrupts("write") { systemWrite(descriptor, &byte, 1) }
    }

    // MARK: Helpers

    private static func makeSocket(_ domain: Int32) throws(SystemCallError) -> Int32 {
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        return try POSIX.retryingInterrupts("socket") { socket(domain, type, 0) }
        #else
        let descriptor = try POSIX.retryingInterrupts("socket") { socket(domain, SOCK_STREAM, 0) }
        do throws(SystemCallError) {
            try configureDescriptor(descriptor)
            try setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1, "setsockopt(SO_NOSIGPIPE)")
        } catch {
            POSIX.close(descriptor)
            throw error
        }
        return descriptor
        #endif
    }

    /// FD_CLOEXEC and O_NONBLOCK, where the creating call cannot set them atomically (Glibc's
    /// module does not export accept4 or pipe2; the window only matters if another thread forks
    /// at that instant).
    private static func configureDescriptor(_ descriptor: Int32) throws(SystemCallError) {
        _ = try POSIX.retryingInterrupts("fcntl(F_SETFD)") { fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let flags = try POSIX.retryingInterrupts("fcntl(F_GETFL)") { fcntl(descriptor, F_GETFL) }
        _ = try POSIX.retryingInterrupts("fcntl(F_SETFL)") { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    private static func setOption(
        _ descriptor: Int32, _ level: Int32, _ option: Int32, _ value: Int32, _ name: String
    ) throws(SystemCallError) {
        var value = value
        _ = try POSIX.retryingInterrupts(name) {
            setsockopt(descriptor, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    private static func bind<Address>(_ descriptor: Int32, _ address: inout Address) throws(SystemCallError) {
        _ = try POSIX.retryingInterrupts("bind") {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemBind(descriptor, $0, socklen_t(MemoryLayout<Address>.size))
                }
            }
        }
    }
}

// The C functions, named apart so that the wrappers above can share their names.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func systemBind(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(descriptor, address, length)
}
private func systemPoll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32) -> Int32 {
    poll(descriptors, count, timeout)
}
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    send(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
    #else
    send(descriptor, buffer, count, 0)
    #endif
}
private func systemAccept(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?) -> Int32 {
    accept(descriptor, address, length)
}

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

    /// Reads whatever wake-ups are pending, so that poll(2) stops reporting the pipe readable.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while let count = try? bytes.withUnsafeMutableBytes({ try POSIX.read(readEnd, into: $0) }), count == bytes.count {}
    }

    deinit {
        POSIX.close(readEnd)
        POSIX.close(writeEnd)
    }
}
