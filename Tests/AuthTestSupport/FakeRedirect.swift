import Foundation
import AuthOAuth
import AuthPlatform

/// The person at the browser, played by a test: the browser records the authorization URL, and
/// the redirect listener answers the wait with the callbacks the test scripts, in order, built
/// from that URL (its `state`), without sockets and without waiting. The page the sign-in ends
/// with is recorded (``outcomes``).
///
/// When the script runs out (``Answer/never``, or only ignored callbacks), the wait times out at
/// once, as a real listener would after its timeout.
package final class FakeRedirect: Sendable {
    package enum Answer: Sendable {
        /// `code`, the request's `state`, and `iss` when given.
        case code(String, iss: String?)
        /// `error=...` with the request's `state`.
        case error(String, iss: String?)
        /// Parameters of the test's choosing, given the authorization request's.
        case custom(@Sendable ([String: String]) -> [(String, String)])
        /// A local process's callback with another `state` (and a code of its own).
        case foreign
        /// Nobody comes back.
        case never
    }

    package let answers: [Answer]
    private let opened = LockedValue<[URL]>([])
    private let listenersMade = LockedValue<[UInt16]>([])
    private let pages = LockedValue<[String]>([])

    /// The callbacks delivered, in order.
    package init(_ answers: Answer...) {
        self.answers = answers
    }

    /// How each held callback was answered: `signed in as WHO`, `answered by PROVIDER`, or `failed: MESSAGE`.
    package var outcomes: [String] { pages.withLock { $0 } }

    /// The authorization URLs the browser was asked to open.
    package var authorizationURLs: [URL] { opened.withLock { $0 } }
    /// The ports listeners were asked for.
    package var requestedPorts: [UInt16] { listenersMade.withLock { $0 } }

    /// The last authorization request's query, as a dictionary.
    package var lastAuthorization: [String: String] {
        guard let url = authorizationURLs.last else { return [:] }
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    package var browser: any BrowserOpener { RecordingBrowser(redirect: self) }

    /// A ``GrantContext/makeListener`` that hands out this redirect's listener.
    package var makeListener: @Sendable (UInt16) throws -> any RedirectListener {
        { [self] port in
            listenersMade.withLock { $0.append(port) }
            return Listener(redirect: self, port: port == 0 ? 49_152 : port)
        }
    }

    fileprivate func record(_ url: URL) {
        opened.withLock { $0.append(url) }
    }

    /// The scripted callbacks, built against the last authorization request.
    fileprivate func callbacks() -> [CallbackRequest] {
        let request = lastAuthorization
        guard !request.isEmpty else { return [] }
        let state = request["state"] ?? ""
        return answers.compactMap { answer -> CallbackRequest? in
            let pairs: [(String, String)]
            switch answer {
            case .code(let code, let iss): pairs = [("code", code), ("state", state)] + (iss.map { [("iss", $0)] } ?? [])
            case .error(let error, let iss): pairs = [("error", error), ("state", state)] + (iss.map { [("iss", $0)] } ?? [])
            case .custom(let build): pairs = build(request)
            case .foreign: pairs = [("code", "forged-code"), ("state", "another-sign-in")]
            case .never: return nil
            }
            let query = pairs.map { FormEncoding.encode($0.0) + "=" + FormEncoding.encode($0.1) }.joined(separator: "&")
            return CallbackRequest(parameters: pairs.map { CallbackParameter(name: $0.0, value: $0.1) }, query: query)
        }
    }

    fileprivate func record(_ outcome: SignInOutcome) {
        let text = switch outcome {
        case .signedIn(let who): "signed in as \(who)"
        case .answered(let providerID): "answered by \(providerID)"
        case .failed(let error): "failed: \((error as? any AuthCoreError)?.message ?? "\(error)")"
        }
        pages.withLock { $0.append(text) }
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
            timeout: Duration, evaluate: @escaping @Sendable (CallbackRequest) throws -> CallbackVerdict<T>
        ) async throws -> (value: T, reply: any BrowserReply) {
            var ignored = 0
            for callback in redirect.callbacks() {
                do {
                    switch try evaluate(callback) {
                    case .accept(let value): return (value, Reply(redirect: redirect))
                    case .ignore: ignored += 1
                    }
                } catch {
                    redirect.record(.failed(error))
                    throw error
                }
            }
            throw LoopbackError.timedOut(redirectURI: redirectURI, after: timeout, ignoredCallbacks: ignored)
        }

        func close() async {}
    }

    private struct Reply: BrowserReply {
        let redirect: FakeRedirect
        func finish(_ outcome: SignInOutcome) async { redirect.record(outcome) }
    }
}
