#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AuthPlatform

/// The loopback redirect listener of a native app (RFC 8252 §7.3): a one-shot HTTP server on
/// 127.0.0.1 (and [::1] where available) that receives the authorization response.
///
/// It listens from `init` on, so the redirect URI is valid before the browser opens. A wait serves
/// stray requests (404, 405, 400, 431) and keeps waiting; the first GET of ``callbackPath`` ends it
/// with the caller's verdict and a result page. After a wait, or on ``close()`` or deinit, every
/// socket is closed and the port is free.
///
/// ```swift
/// let listener = try LoopbackRedirectListener()
/// // ... put listener.redirectURI in the authorization request, open the browser ...
/// let code = try await listener.waitForCallback(timeout: .seconds(300)) { request in
///     try checkStateAndTakeCode(request)  // throws an AuthCoreError on a bad state, iss, error=...
/// }
/// ```
package actor LoopbackRedirectListener: RedirectListener {
    /// The path of the redirect URI.
    package static let callbackPath = "/callback"

    /// The port, on every address listened on.
    package nonisolated let port: UInt16
    /// `http://127.0.0.1:<port>/callback`: the IP literal, not `localhost` (RFC 8252 §8.3).
    package nonisolated let redirectURI: String
    /// The addresses listened on: `127.0.0.1`, then `::1` when IPv6 loopback is available.
    package nonisolated let addresses: [String]

    private let limits: LoopbackLimits
    /// The listening sockets, until a wait takes them (and closes them when it ends).
    private var listeners: [Int32]

    /// Listens on `port` (0: a free port chosen by the system) on 127.0.0.1, and on [::1] at the
    /// same port when it can; [::1] being unavailable or taken is not an error.
    package init(port: UInt16 = 0) throws(LoopbackError) {
        try self.init(port: port, limits: LoopbackLimits())
    }

    init(port requested: UInt16, limits: LoopbackLimits) throws(LoopbackError) {
        let ipv4: Int32
        do {
            ipv4 = try LoopbackSocket.listen(.ipv4, port: requested)
        } catch where error.errno == EADDRINUSE && requested != 0 {
            throw .portInUse(ports: [requested])
        } catch {
            throw .cannotListen(address: "127.0.0.1:\(requested)", failure: error)
        }
        let bound: UInt16
        do {
            bound = try LoopbackSocket.localPort(ipv4)
        } catch {
            POSIX.close(ipv4)
            throw .cannotListen(address: "127.0.0.1:\(requested)", failure: error)
        }
        var listeners = [ipv4]
        var addresses = [LoopbackSocket.Family.ipv4.address]
        if let ipv6 = try? LoopbackSocket.listen(.ipv6, port: bound) {
            listeners.append(ipv6)
            addresses.append(LoopbackSocket.Family.ipv6.address)
        }
        self.port = bound
        self.redirectURI = "http://127.0.0.1:\(bound)\(Self.callbackPath)"
        self.addresses = addresses
        self.limits = limits
        self.listeners = listeners
    }

    deinit {
        for listener in listeners { POSIX.close(listener) }
    }

    /// Stops listening and frees the port; a later wait throws ``LoopbackError/notListening``.
    /// A wait in progress owns the sockets: cancel its task instead.
    package func close() {
        for listener in listeners { POSIX.close(listener) }
        listeners = []
    }

    /// Waits for a GET of ``callbackPath`` that `evaluate` accepts, and returns its value with the
    /// browser's request, held open for the sign-in's page (``BrowserReply``). A callback that
    /// `evaluate` ignores (another sign-in's `state`) is answered 400 and the wait goes on; one it
    /// refuses gets the failure page, and its error is rethrown. One-shot: the listening sockets
    /// close once the wait is decided, so the port is free at once.
    ///
    /// Throws ``LoopbackError/timedOut(redirectURI:after:ignoredCallbacks:)`` after `timeout`, and
    /// ``LoopbackError/cancelled`` promptly when the calling task is cancelled before a callback.
    package func waitForCallback<T: Sendable>(
        timeout: Duration,
        evaluate: @escaping @Sendable (CallbackRequest) throws -> CallbackVerdict<T>
    ) async throws -> (value: T, reply: any BrowserReply) {
        guard !listeners.isEmpty else { throw LoopbackError.notListening }
        let sockets = listeners
        listeners = []
        let wake: LoopbackWakePipe
        do {
            wake = try LoopbackWakePipe()
        } catch {
            for socket in sockets { POSIX.close(socket) }
            throw LoopbackError.socketFailure(error)
        }
        let reply = LoopbackReply(wake: wake)
        let redirectURI = self.redirectURI
        let limits = self.limits
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(value: T, reply: any BrowserReply), any Error>) in
                // Its own thread, not the cooperative pool: poll(2) blocks.
                DetachedThread.run {
                    let loop = LoopbackPollLoop(
                        listeners: sockets, wake: wake, reply: reply, redirectURI: redirectURI, timeout: timeout, limits: limits,
                        evaluate: evaluate)
                    loop.run { result in continuation.resume(with: result.map { (value: $0, reply: reply as any BrowserReply) }) }
                }
            }
        } onCancel: {
            wake.wake()
        }
    }
}

/// The held callback's mailbox: async code leaves the page here and wakes the poll thread, then
/// waits until the page is on the wire (or the connection is gone), so that the process does not
/// exit under a browser still waiting for it.
final class LoopbackReply: BrowserReply {
    private struct State {
        var page: LoopbackResponse?
        var finished = false
        var delivered = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedState(State())
    private let wake: LoopbackWakePipe

    init(wake: LoopbackWakePipe) {
        self.wake = wake
    }

    func finish(_ outcome: SignInOutcome) async {
        let response = LoopbackResponse.page(for: outcome)
        let first = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.page = response
            state.finished = true
            return true
        }
        guard first else { return }
        wake.wake()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if !state.delivered { state.waiter = continuation }
                return state.delivered
            }
            if done { continuation.resume() }
        }
    }

    /// The page, once; nil before ``finish(_:)`` and after it was taken.
    func takePage() -> LoopbackResponse? {
        state.withLock { state in
            defer { state.page = nil }
            return state.page
        }
    }

    /// The poll thread is done with the held request (page sent, or the connection gone).
    func markDelivered() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.delivered = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
