#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for work that blocks (poll(2), libcurl, terminal reads), so that the
/// cooperative pool stays free: `pthread_create` then `pthread_detach`, with no Foundation
/// `Thread` (Docs/Decisions/0017-start-up.md).
package enum DetachedThread {
    /// Runs `body` on a new detached thread. If the system cannot create one (out of threads or
    /// memory), `body` runs on the calling thread instead: slower, never lost.
    package static func run(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        guard pthread_create(&thread, nil, startThread, box) == 0 else {
            Unmanaged<Body>.fromOpaque(box).takeRetainedValue().body()
            return
        }
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
    }

    fileprivate final class Body {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

#if canImport(Glibc)
private func startThread(_ box: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let box else { return nil }
    Unmanaged<DetachedThread.Body>.fromOpaque(box).takeRetainedValue().body()
    return nil
}
#else
private func startThread(_ box: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<DetachedThread.Body>.fromOpaque(box).takeRetainedValue().body()
    return nil
}
#endif
