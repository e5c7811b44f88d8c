import AuthPlatform
import CCurl

/// One request on one libcurl easy handle: the options that bound it, the callbacks that collect
/// the answer (stopping at the byte limit), and the mapping of libcurl's result to a response or a
/// ``HTTPTransportError``. `perform` blocks; ``CurlTransport`` runs it on a thread of its own.
final class CurlTransfer: Sendable {
    /// The most header bytes accepted for one response (libcurl caps a single header at 100 KiB).
    static let maximumHeaderBytes = 64 * 1024

    let request: HTTPRequest
    let proxy: ProxySettings.Proxy?
    let trust: TrustSettings
    let userAgent: String
    private let state = LockedState(State())

    struct State: Sendable {
        var cancelled = false
        var status = 0
        var headers: [String: String] = [:]
        var headerBytes = 0
        var body: [UInt8] = []
        /// Why a callback stopped the transfer.
        var stop: Stop?
    }

    enum Stop: Sendable { case bodyTooLarge, headersTooLarge }

    init(request: HTTPRequest, proxy: ProxySettings.Proxy?, trust: TrustSettings, userAgent: String) {
        self.request = request
        self.proxy = proxy
        self.trust = trust
        self.userAgent = userAgent
    }

    /// Asks a running transfer to stop at the next progress callback (at most about a second).
    func cancel() { state.withLock { $0.cancelled = true } }

    var display: String { request.url.redactedForDisplay }

    /// Sends the request and waits for the whole answer.
    func perform() throws -> HTTPResponse {
        guard let handle = ccurl_easy_init() else { throw HTTPTransportError.unreachable(url: display, reason: "libcurl could not start a transfer") }
        defer { ccurl_easy_cleanup(handle) }
        var errorText = [CChar](repeating: 0, count: Int(CCURL_ERROR_SIZE))
        var headerList: OpaquePointer?
        defer { if let headerList { ccurl_slist_free_all(headerList) } }
        let code: Int = try errorText.withUnsafeMutableBufferPointer { errorBuffer in
            try configure(handle, errorBuffer: errorBuffer.baseAddress!, headerList: &headerList)
            let context = Unmanaged.passUnretained(self).toOpaque()
            _ = ccurl_setopt_pointer(handle, Int32(CCURLOPT_WRITEDATA), context)
            _ = ccurl_setopt_pointer(handle, Int32(CCURLOPT_HEADERDATA), context)
            _ = ccurl_setopt_pointer(handle, Int32(CCURLOPT_XFERINFODATA), context)
            return Int(ccurl_easy_perform(handle))
        }
        let detail = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return try finish(handle, code: code, detail: detail)
    }

    /// Every option, each checked: an option this libcurl refuses is an error, not a silent default.
    private func configure(_ handle: OpaquePointer, errorBuffer: UnsafeMutablePointer<CChar>, headerList: inout OpaquePointer?) throws {
        func check(_ code: Int32, _ name: String) throws {
            guard Int(code) == CCURLE_OK else {
                throw HTTPTransportError.unreachable(url: display, reason: "libcurl refused \(name): \(String(cString: ccurl_easy_strerror(code)))")
            }
        }
        try check(ccurl_setopt_pointer(handle, Int32(CCURLOPT_ERRORBUFFER), errorBuffer), "ERRORBUFFER")
        try check(ccurl_setopt_string(handle, Int32(CCURLOPT_URL), request.url.absoluteString), "URL")
        try check(ccurl_setopt_long(handle, Int32(CCURLOPT_NOSIGNAL), 1), "NOSIGNAL")
        try check(ccurl_setopt_long(handle, Int32(CCURLOPT_FOLLOWLOCATION), 0), "FOLLOWLOCATION")
        // Only http and https, even if a URL slipped past the policy: CURLOPT_PROTOCOLS_STR
        // (7.85+), else the older bitmask.
        if Int(ccurl_setopt_string(handle, Int32(CCURLOPT_PROTOCOLS_STR), "http,https")) != CCURLE_OK {
            try check(ccurl_setopt_long(handle, Int32(CCURLOPT_PROTOCOLS), Int(CCURLPROTO_HTTP_AND_HTTPS)), "PROTOCOLS")
        }
        let milliseconds = max(1, Int((request.timeout * 1000).rounded(.up)))
        try check(ccurl_setopt_long(handle, Int32(CCURLOPT_TIMEOUT_MS), milliseconds), "TIMEOUT_MS")
        let connecting = max(1, Int(((request.connectTimeout ?? request.timeout) * 1000).rounded(.up)))
        try check(ccurl_setopt_long(handle, Int32(CCURLOPT_CONNECTTIMEOUT_MS), min(connecting, milliseconds)), "CONNECTTIMEOUT_MS")
        try check(ccurl_setopt_offset(handle, Int32(CCURLOPT_MAXFILESIZE_LARGE), Int64(request.maxResponseBytes)), "MAXFILESIZE_LARGE")
        try check(ccurl_setopt_string(handle, Int32(CCURLOPT_USERAGENT), userAgent), "USERAGENT")
        // An empty proxy turns off libcurl's own reading of the environment: the choice is ours.
        try check(ccurl_setopt_string(handle, Int32(CCURLOPT_PROXY), proxy?.url ?? ""), "PROXY")
        if let file = trust.file { try check(ccurl_setopt_string(handle, Int32(CCURLOPT_CAINFO), file.path), "CAINFO") }
        if let directory = trust.directory { try check(ccurl_setopt_string(handle, Int32(CCURLOPT_CAPATH), directory.path), "CAPATH") }
        try configureMethod(handle, check: check)
        // "Expect:" keeps libcurl from waiting for a 100 Continue before sending a body.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            headerList = ccurl_slist_append(headerList, line)
        }
        try check(ccurl_setopt_pointer(handle, Int32(CCURLOPT_HTTPHEADER), UnsafeMutableRawPointer(headerList)), "HTTPHEADER")
        try check(ccurl_setopt_data_callback(handle, Int32(CCURLOPT_WRITEFUNCTION), curlReceivedBody), "WRITEFUNCTION")
        try check(ccurl_setopt_data_callback(handle, Int32(CCURLOPT_HEADERFUNCTION), curlReceivedHeader), "HEADERFUNCTION")
        try check(ccurl_setopt_progress_callback(handle, curlProgress), "XFERINFOFUNCTION")
        try check(ccurl_setopt_long(handle, Int32(CCURLOPT_NOPROGRESS), 0), "NOPROGRESS")
    }

    /// GET, HEAD, POST with a body, or any other method (with or without a body).
    private func configureMethod(_ handle: OpaquePointer, check: (Int32, String) throws -> Void) throws {
        let method = request.method.uppercased()
        if let body = request.body {
            try check(ccurl_setopt_long(handle, Int32(CCURLOPT_POST), 1), "POST")
            try check(ccurl_setopt_offset(handle, Int32(CCURLOPT_POSTFIELDSIZE_LARGE), Int64(body.count)), "POSTFIELDSIZE_LARGE")
            try body.withUnsafeBytes { bytes in
                // Copied by libcurl, so the array need not outlive this call.
                try check(ccurl_setopt_pointer(handle, Int32(CCURLOPT_COPYPOSTFIELDS), UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!)), "COPYPOSTFIELDS")
            }
            if method != "POST" { try check(ccurl_setopt_string(handle, Int32(CCURLOPT_CUSTOMREQUEST), method), "CUSTOMREQUEST") }
        } else if method == "GET" {
            try check(ccurl_setopt_long(handle, Int32(CCURLOPT_HTTPGET), 1), "HTTPGET")
        } else if method == "HEAD" {
            try check(ccurl_setopt_long(handle, Int32(CCURLOPT_NOBODY), 1), "NOBODY")
        } else {
            try check(ccurl_setopt_string(handle, Int32(CCURLOPT_CUSTOMREQUEST), method), "CUSTOMREQUEST")
        }
    }

    // MARK: Callbacks (on the transfer's thread)

    /// Appends body bytes; refuses (and so stops the transfer) past the byte limit.
    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let chunk = [UInt8](bytes)
        let limit = request.maxResponseBytes
        return state.withLock { state in
            guard state.body.count + chunk.count <= limit else {
                state.stop = .bodyTooLarge
                return false
            }
            state.body.append(contentsOf: chunk)
            return true
        }
    }

    /// One header line: a status line starts a new response (after a proxy's CONNECT answer, or a
    /// 100 Continue), `name: value` adds a header (repeated names joined with ", ").
    fileprivate func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let line = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        let byteCount = bytes.count
        return state.withLock { state in
            state.headerBytes += byteCount
            guard state.headerBytes <= Self.maximumHeaderBytes else {
                state.stop = .headersTooLarge
                return false
            }
            if line.hasPrefix("HTTP/") {
                state.headers = [:]
                state.status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingSpaces().lowercased()
                let value = line[line.index(after: colon)...].trimmingSpaces()
                state.headers[name] = state.headers[name].map { $0 + ", " + value } ?? value
            }
            return true
        }
    }

    fileprivate var isCancelled: Bool { state.withLock { $0.cancelled } }

    // MARK: The result

    private func finish(_ handle: OpaquePointer, code: Int, detail: String) throws -> HTTPResponse {
        let state = state.withLock { $0 }
        if code == CCURLE_OK {
            var status = 0
            _ = ccurl_getinfo_long(handle, Int32(CCURLINFO_RESPONSE_CODE), &status)
            return HTTPResponse(status: status, headers: state.headers, body: state.body)
        }
        if state.cancelled, code == CCURLE_ABORTED_BY_CALLBACK { throw CancellationError() }
        let reason = detail.isEmpty ? String(cString: ccurl_easy_strerror(Int32(code))) : detail
        switch code {
        case CCURLE_WRITE_ERROR where state.stop == .bodyTooLarge, CCURLE_FILESIZE_EXCEEDED:
            throw HTTPTransportError.responseTooLarge(url: display, limit: request.maxResponseBytes)
        case CCURLE_WRITE_ERROR where state.stop == .headersTooLarge:
            throw HTTPTransportError.responseTooLarge(url: display + " (headers)", limit: Self.maximumHeaderBytes)
        case CCURLE_OPERATION_TIMEDOUT:
            throw HTTPTransportError.timedOut(url: display, after: .milliseconds(Int64(request.timeout * 1000)))
        case CCURLE_PEER_FAILED_VERIFICATION, CCURLE_SSL_CACERT_BADFILE, CCURLE_SSL_ISSUER_ERROR:
            throw HTTPTransportError.untrustedCertificate(url: display, reason: reason, authorities: trust.describe(builtIn: builtInAuthorities(handle)))
        case CCURLE_COULDNT_RESOLVE_PROXY, CCURLE_PROXY:
            throw HTTPTransportError.proxyFailed(url: display, proxy: proxy?.display ?? "(none)", reason: reason)
        case CCURLE_COULDNT_CONNECT where proxy != nil && reason.lowercased().contains("proxy"):
            throw HTTPTransportError.proxyFailed(url: display, proxy: proxy!.display, reason: reason)
        case CCURLE_RECV_ERROR where proxy != nil && reason.contains("CONNECT"):
            throw HTTPTransportError.proxyFailed(url: display, proxy: proxy!.display, reason: reason)
        case CCURLE_UNSUPPORTED_PROTOCOL:
            throw HTTPTransportError.refusedURL(url: display, reason: "only http and https are used")
        default:
            throw HTTPTransportError.unreachable(url: display, reason: reason, via: proxy?.display)
        }
    }

    /// libcurl's default CA file (CURLINFO_CAINFO, 7.84+), for the TLS error.
    private func builtInAuthorities(_ handle: OpaquePointer) -> String? {
        var path: UnsafePointer<CChar>?
        guard Int(ccurl_getinfo_string(handle, Int32(CCURLINFO_CAINFO), &path)) == CCURLE_OK, let path else { return nil }
        return String(cString: path)
    }
}

// libcurl's callbacks: C function pointers, so they reach the transfer through `context`.

private func curlReceivedBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
}

private func curlReceivedHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
}

private func curlProgress(_ context: UnsafeMutableRawPointer?, _: Int64, _: Int64, _: Int64, _: Int64) -> Int32 {
    guard let context else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
}
