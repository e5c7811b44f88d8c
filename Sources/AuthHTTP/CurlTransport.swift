import AuthPlatform

/// The live transport on Linux: libcurl, loaded at the first request. Each request runs on a
/// thread of its own (libcurl's easy interface blocks) and is bounded by its total timeout
/// (CURLOPT_TIMEOUT_MS, not an idle timeout) and its byte limit (the body callback stops the
/// transfer the moment the limit is passed); cancelling the task stops it within about a second.
/// Redirects are never followed, only http and https are spoken, and only to URLs ``URLPolicy``
/// allows. Proxies and CA certificates come from the environment (``NetworkSettings``).
package final class CurlTransport: HTTPTransport {
    package let settings: NetworkSettings

    /// Cheap: reads nothing and loads nothing until the first request.
    package init(settings: NetworkSettings) {
        self.settings = settings
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Self.checkDestination(request.url)
        try CurlLibrary.load(path: settings.libraryPath ?? CurlLibrary.defaultPath)
        let transfer = CurlTransfer(
            request: request, proxy: settings.proxies.proxy(for: request.url), trust: settings.trust, userAgent: settings.userAgent
        )
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                DetachedThread.run { continuation.resume(with: Result { try transfer.perform() }) }
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    /// https anywhere, plain http to loopback only: the transport's own check of ``URLPolicy``.
    static func checkDestination(_ url: URL) throws(HTTPTransportError) {
        if let reason = URLPolicy.refusal(toSend: url) { throw .refusedURL(url: url.redactedForDisplay, reason: reason) }
    }
}
