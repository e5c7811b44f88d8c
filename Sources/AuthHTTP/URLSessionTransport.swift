#if canImport(Darwin)
import AuthPlatform
import Foundation

/// The live transport on macOS: URLSession, part of the OS, with ``CurlTransport``'s guarantees:
/// a total time limit (the request races a timer; URLSession's own timeout is an idle one), the
/// body read as a stream and abandoned past the byte limit, no redirects, http and https only to
/// URLs ``URLPolicy`` allows, no cookies or cache. Proxies come from the environment as on Linux
/// (else the system's settings); CA certificates come from the system keychain, so
/// `SSL_CERT_FILE` and friends do not apply (Docs/Decisions/0013-network-layer.md).
package final class URLSessionTransport: HTTPTransport {
    package let settings: NetworkSettings

    package init(settings: NetworkSettings) {
        self.settings = settings
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try CurlTransport.checkDestination(request.url)
        let display = request.url.redactedForDisplay
        let proxy = settings.proxies.proxy(for: request.url)
        let session = makeSession(proxy: proxy)
        defer { session.invalidateAndCancel() }
        let limit = request.timeout
        return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask { try await Self.fetch(request, session: session, proxy: proxy) }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int64(limit * 1000)))
                throw HTTPTransportError.timedOut(url: display, after: .milliseconds(Int64(limit * 1000)))
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    /// An ephemeral session for one request, through `proxy` if any.
    func makeSession(proxy: ProxySettings.Proxy?) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.httpAdditionalHeaders = ["User-Agent": settings.userAgent]
        if let proxy, let components = URLComponents(string: proxy.url.contains("://") ? proxy.url : "http://" + proxy.url),
            let host = components.host {
            let port = components.port ?? 80
            configuration.connectionProxyDictionary = [
                "HTTPEnable": 1, "HTTPProxy": host, "HTTPPort": port,
                "HTTPSEnable": 1, "HTTPSProxy": host, "HTTPSPort": port,
            ]
        }
        return URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
    }

    /// The request, its body read up to the limit.
    static func fetch(_ request: HTTPRequest, session: URLSession, proxy: ProxySettings.Proxy?) async throws -> HTTPResponse {
        let display = request.url.redactedForDisplay
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = request.timeout
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        if let body = request.body { urlRequest.httpBody = Data(body) }
        do {
            let (bytes, response) = try await session.bytes(for: urlRequest)
            guard let http = response as? HTTPURLResponse else {
                throw HTTPTransportError.unreachable(url: display, reason: "not an HTTP response", via: proxy?.display)
            }
            if http.expectedContentLength > Int64(request.maxResponseBytes) {
                throw HTTPTransportError.responseTooLarge(url: display, limit: request.maxResponseBytes)
            }
            var body: [UInt8] = []
            for try await byte in bytes {
                guard body.count < request.maxResponseBytes else {
                    throw HTTPTransportError.responseTooLarge(url: display, limit: request.maxResponseBytes)
                }
                body.append(byte)
            }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: body)
        } catch let error as URLError {
            throw Self.transportError(error, url: display, proxy: proxy)
        }
    }

    static func transportError(_ error: URLError, url: String, proxy: ProxySettings.Proxy?) -> any Error {
        switch error.code {
        case .cancelled: return CancellationError()
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate, .secureConnectionFailed:
            return HTTPTransportError.untrustedCertificate(url: url, reason: error.localizedDescription, authorities: "the system keychain")
        default:
            return HTTPTransportError.unreachable(url: url, reason: error.localizedDescription, via: proxy?.display)
        }
    }
}

/// Answers every redirect with "do not follow": the 3xx itself is the response.
private final class RefuseRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
#endif
