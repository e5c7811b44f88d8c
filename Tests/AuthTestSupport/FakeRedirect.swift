import Foundation
import AuthOAuth
import AuthPlatform

/// The person at the browser, played by a test: the browser records the authorization URL, and
/// the redirect listener answers the wait with the callback the provider would send, built from
/// that URL (its `state`), without sockets and without waiting.
///
/// With ``Answer/never`` the person never comes back and the wait times out at once, as a real
/// listener would after its timeout.
public final class FakeRedirect: Sendable {
    public enum Answer: Sendable {
        /// `code`, the request's `state`, and `iss` when given.
        case code(String, iss: String?)
        /// `error=...` with the request's `state`.
        case error(String, iss: String?)
        /// Parameters of the test's choosing, given the authorization request's.
        case custom(@Sendable ([String: String]) -> [(String, String)])
        /// Nobody comes back.
        case never
    }

    public let answer: Answer
    private let opened = LockedValue<[URL]>([])
    private let listenersMade = LockedValue<[UInt16]>([])

    public init(_ answer: Answer) {
        self.answer = answer
    }

    /// The authorization URLs the browser was asked to open.
    public var authorizationURLs: [URL] { opened.withLock { $0 } }
    /// The ports listeners were asked for.
    public var requestedPorts: [UInt16] { listenersMade.withLock { $0 } }

    /// The last authorization request's query, as a dictionary.
    public var lastAuthorization: [String: String] {
        guard let url = authorizationURLs.last else { return [:] }
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    public var browser: any BrowserOpener { RecordingBrowser(redirect: self) }

    /// A ``GrantContext/makeListener`` that hands out this redirect's listener.
    public var makeListener: @Sendable (UInt16) throws -> any RedirectListener {
        { [self] port in
            listenersMade.withLock { $0.append(port) }
            return Listener(redirect: self, port: port == 0 ? 49_152 : port)
        }
    }

    fileprivate func record(_ url: URL) {
        opened.withLock { $0.append(url) }
    }

    fileprivate func callback() -> CallbackRequest? {
        let request = lastAuthorization
        guard !request.isEmpty else { return nil }
        let state = request["state"] ?? ""
        let pairs: [(String, String)]
        switch answer {
        case .code(let code, let iss): pairs = [("code", code), ("state", state)] + (iss.map { [("iss", $0)] } ?? [])
        case .error(let error, let iss): pairs = [("error", error), ("state", state)] + (iss.map { [("iss", $0)] } ?? [])
        case .custom(let build): pairs = build(request)
        case .never: return nil
        }
        return CallbackRequest(parameters: pairs.map { CallbackParameter(name: $0.0, value: $0.1) })
    }

    private struct RecordingBrowser: BrowserOpener {
        let redirect: FakeRedirect
        func open(_ url: URL) -> Bool {
            redirect.record(url)
            return true
        }
    }

    private struct Listener: RedirectListener {
        let redirect: FakeRedirect
        let port: UInt16
        var redirectURI: String { "http://127.0.0.1:\(port)\(LoopbackRedirectListener.callbackPath)" }

        func waitForCallback<T: Sendable>(
            timeout: Duration, evaluate: @escaping @Sendable (CallbackRequest) throws -> T
        ) async throws -> T {
            guard let callback = redirect.callback() else { throw LoopbackError.timedOut(redirectURI: redirectURI, after: timeout) }
            return try evaluate(callback)
        }

        func close() async {}
    }
}
