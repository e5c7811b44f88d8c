/// One HTTP request, as a value.
package struct HTTPRequest: Sendable, Equatable {
    package var method: String
    package var url: URL
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]?
    /// Give up after this many seconds, counted from the start of the request to the last byte
    /// of the answer; a command's deadline may shorten it (``DeadlineTransport``).
    package var timeout: TimeInterval
    /// Refuse a response body larger than this.
    package var maxResponseBytes: Int
    /// Once sent, the request runs to its own ``timeout`` even past the command's deadline: its
    /// answer changes state at the server (a refresh that rotates the refresh token), so giving up
    /// early would lose what the server already did. Not sent at all once the deadline has passed,
    /// and not waited for past it while it is still connecting (``connectTimeout``): until it is
    /// sent, nothing has changed at the server.
    package var outlivesDeadline = false
    /// Give up connecting after this many seconds (nil: ``timeout``); the deadline sets it for a
    /// request that ``outlivesDeadline``.
    package var connectTimeout: TimeInterval?

    package init(
        method: String = "GET",
        url: URL,
        headers: [(name: String, value: String)] = [],
        body: [UInt8]? = nil,
        timeout: TimeInterval = HTTPRequest.defaultTimeout,
        maxResponseBytes: Int = HTTPRequest.defaultMaxResponseBytes
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// Default per-request timeout for calls to a provider.
    package static let defaultTimeout: TimeInterval = 30
    /// Provider documents (discovery, JWKS, token responses) are small; 1 MiB is generous.
    package static let defaultMaxResponseBytes = 1 << 20

    package static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name):\($0.value)" } == rhs.headers.map { "\($0.name):\($0.value)" }
            && lhs.timeout == rhs.timeout && lhs.maxResponseBytes == rhs.maxResponseBytes
            && lhs.outlivesDeadline == rhs.outlivesDeadline && lhs.connectTimeout == rhs.connectTimeout
    }
}

/// One HTTP response, as a value.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    /// Header names are lower-cased.
    package var headers: [String: String]
    package var body: [UInt8]

    package init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why a request got no response. Each says what to do about it: which proxy or CA file was used,
/// which library is missing, which deadline ran out.
package enum HTTPTransportError: AuthCoreError, Equatable {
    /// No connection or no complete answer; `via` names the proxy in use, if any.
    case unreachable(url: String, reason: String, via: String? = nil)
    /// The proxy itself failed: cannot be reached, or refused the tunnel.
    case proxyFailed(url: String, proxy: String, reason: String)
    /// The server's TLS certificate did not verify against `authorities` (where the CAs came from).
    case untrustedCertificate(url: String, reason: String, authorities: String)
    /// The request's own time limit ran out.
    case timedOut(url: String, after: Duration)
    /// The command's overall deadline ran out (`--timeout`, `AUTHCTL_TIMEOUT`).
    case deadlineReached(url: String, budget: Duration, setting: String)
    /// The answer passed the request's byte limit; the transfer was cut off there.
    case responseTooLarge(url: String, limit: Int)
    /// A URL the transport does not send to: not https (or http to loopback), or not http at all.
    case refusedURL(url: String, reason: String)
    /// The HTTP library cannot be loaded (libcurl on Linux).
    case libraryMissing(library: String, reason: String)

    /// False when the request was never sent: refused before it started. Otherwise the server
    /// may have acted on it even though no answer came back.
    package var mayHaveReachedTheServer: Bool {
        switch self {
        case .refusedURL, .libraryMissing: false
        default: true
        }
    }

    package var code: ErrorCode {
        switch self {
        case .timedOut, .deadlineReached: .timeout
        case .refusedURL: .configurationError
        case .unreachable, .proxyFailed, .untrustedCertificate, .responseTooLarge, .libraryMissing: .providerError
        }
    }

    package var message: String {
        switch self {
        case .unreachable(let url, let reason, let via):
            "cannot reach \(url)\(via.map { " through the proxy \($0)" } ?? ""): \(reason)"
        case .proxyFailed(let url, let proxy, let reason):
            "cannot reach \(url) through the proxy \(proxy): \(reason); check the proxy, or list the host in NO_PROXY"
        case .untrustedCertificate(let url, let reason, let authorities):
            "cannot verify the TLS certificate of \(url) (\(reason)) with the CA certificates in \(authorities); "
                + "if it uses a private CA, set SSL_CERT_FILE (or CURL_CA_BUNDLE) to a PEM file that contains it"
        case .timedOut(let url, let after):
            "no answer from \(url) within \(after.wholeSeconds) s"
        case .deadlineReached(let url, let budget, let setting):
            "no answer from \(url) before the command's deadline (\(budget.wholeSeconds) s, \(setting))"
        case .responseTooLarge(let url, let limit):
            "the response from \(url) is larger than \(limit) bytes; the transfer was stopped"
        case .refusedURL(let url, let reason):
            "refusing to send a request to \(url): \(reason)"
        case .libraryMissing(let library, let reason):
            "authctl needs \(library) for HTTPS and cannot load it (\(reason)); install it: "
                + "'apt install libcurl4' (Debian, Ubuntu), 'dnf install libcurl' (Fedora, RHEL), 'apk add libcurl' (Alpine)"
        }
    }
}

/// The network seam: everything that talks HTTP takes one of these. A live transport follows no
/// redirects, sends only to URLs ``URLPolicy`` allows, stops reading at the request's byte limit
/// and gives up at its time limit (a total, not an idle timeout).
package protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

extension URL {
    /// The URL without its query and fragment, which may carry codes or tokens.
    package var redactedForDisplay: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return "<url>" }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.string ?? "<url>"
    }
}
