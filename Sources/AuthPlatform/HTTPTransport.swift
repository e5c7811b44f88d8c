import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request, as a value.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]?
    /// Give up after this many seconds.
    public var timeout: TimeInterval
    /// Refuse a response body larger than this.
    public var maxResponseBytes: Int

    public init(
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
    public static let defaultTimeout: TimeInterval = 30
    /// Provider documents (discovery, JWKS, token responses) are small; 1 MiB is generous.
    public static let defaultMaxResponseBytes = 1 << 20

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name):\($0.value)" } == rhs.headers.map { "\($0.name):\($0.value)" }
            && lhs.timeout == rhs.timeout && lhs.maxResponseBytes == rhs.maxResponseBytes
    }
}

/// One HTTP response, as a value.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header names are lower-cased.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why a request got no response.
public enum HTTPTransportError: AuthCoreError, Equatable {
    case unreachable(url: String, reason: String)
    case timedOut(url: String)
    case responseTooLarge(url: String, limit: Int)

    public var code: AuthErrorCode { .providerError }

    public var message: String {
        switch self {
        case .unreachable(let url, let reason): "cannot reach \(url): \(reason)"
        case .timedOut(let url): "no answer from \(url) in time"
        case .responseTooLarge(let url, let limit): "the response from \(url) is larger than \(limit) bytes"
        }
    }
}

/// The network seam: everything that talks HTTP takes one of these.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// The live transport, on URLSession. Redirects are not followed (OAuth endpoints never need them,
/// and following one could carry a secret to another host).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = request.timeout
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        if let body = request.body { urlRequest.httpBody = Data(body) }
        let display = request.url.redactedForDisplay
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError where error.code == .timedOut {
            throw HTTPTransportError.timedOut(url: display)
        } catch {
            throw HTTPTransportError.unreachable(url: display, reason: (error as? URLError)?.localizedDescription ?? "\(error)")
        }
        guard data.count <= request.maxResponseBytes else {
            throw HTTPTransportError.responseTooLarge(url: display, limit: request.maxResponseBytes)
        }
        guard let http = response as? HTTPURLResponse else {
            throw HTTPTransportError.unreachable(url: display, reason: "not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](data))
    }
}

private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

extension URL {
    /// The URL without its query and fragment, which may carry codes or tokens.
    public var redactedForDisplay: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return "<url>" }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.string ?? "<url>"
    }
}
