import AuthPlatform

/// The statuses the loopback listener answers with (RFC 9110 §15, RFC 6585 §5).
enum LoopbackHTTPStatus: Int, Sendable, Equatable {
    case ok = 200
    case badRequest = 400
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case lengthRequired = 411
    case contentTooLarge = 413
    case unsupportedMediaType = 415
    case requestHeaderFieldsTooLarge = 431
    case httpVersionNotSupported = 505

    var reason: String {
        switch self {
        case .ok: "OK"
        case .badRequest: "Bad Request"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .lengthRequired: "Length Required"
        case .contentTooLarge: "Content Too Large"
        case .unsupportedMediaType: "Unsupported Media Type"
        case .requestHeaderFieldsTooLarge: "Request Header Fields Too Large"
        case .httpVersionNotSupported: "HTTP Version Not Supported"
        }
    }
}

/// One response of the loopback listener: always an HTML page, never cached, never kept alive.
struct LoopbackResponse: Sendable, Equatable {
    var status: LoopbackHTTPStatus
    var html: String
    /// Extra header fields, such as `Allow` on a 405.
    var extraHeaders: [LoopbackHeaderField] = []

    /// The page may not load anything, run anything, be framed, or send the URL (and its code) onward.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The bytes on the wire; `includeBody` is false for a HEAD request (RFC 9110 §9.3.2).
    func serialized(includeBody: Bool = true) -> [UInt8] {
        let body = Array(html.utf8)
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        let fields = [
            LoopbackHeaderField(name: "Content-Type", value: "text/html; charset=utf-8"),
            LoopbackHeaderField(name: "Content-Length", value: String(body.count)),
            LoopbackHeaderField(name: "Cache-Control", value: "no-store"),
            LoopbackHeaderField(name: "Content-Security-Policy", value: Self.contentSecurityPolicy),
            LoopbackHeaderField(name: "Referrer-Policy", value: "no-referrer"),
            LoopbackHeaderField(name: "X-Content-Type-Options", value: "nosniff"),
            LoopbackHeaderField(name: "Connection", value: "close"),
        ] + extraHeaders
        for field in fields { head += "\(field.name): \(field.value)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + (includeBody ? body : [])
    }

    /// The page after the whole sign-in succeeded: tokens exchanged, identity proven, account stored.
    static func signedIn(who: String) -> LoopbackResponse {
        LoopbackResponse(
            status: .ok,
            html: LoopbackPage.render(
                tone: .success, title: "Signed in",
                paragraphs: ["Signed in as \(LoopbackPage.truncated(who, to: LoopbackPage.maximumMessageCharacters)).",
                             "You can close this tab and return to the terminal."]))
    }

    /// The page after the provider answered a sign-in the program finishes later (a credential
    /// obtained now and used afterwards): nothing is signed in yet.
    static func answered(providerID: String) -> LoopbackResponse {
        LoopbackResponse(
            status: .ok,
            html: LoopbackPage.render(
                tone: .success, title: "Answer received",
                paragraphs: ["\(LoopbackPage.truncated(providerID, to: LoopbackPage.maximumMessageCharacters)) answered.",
                             "You can close this tab and return to the program, which finishes the sign-in."]))
    }

    /// The page when the sign-in is still busy after the reply limit (a slow provider).
    static let finishInTerminal = LoopbackResponse(
        status: .ok,
        html: LoopbackPage.render(
            tone: .neutral, title: "Almost done",
            paragraphs: ["The sign-in is still being completed. Finish it in your terminal, which shows how it ends."]))

    /// The answer to a callback carrying another sign-in's `state`: ignored, the wait goes on.
    static let foreignCallback = LoopbackResponse(
        status: .badRequest,
        html: LoopbackPage.render(
            tone: .failure, title: "Not for this sign-in",
            paragraphs: ["This redirect does not belong to the sign-in authctl is waiting for, so it was ignored."]))

    /// The page for `outcome`.
    static func page(for outcome: SignInOutcome) -> LoopbackResponse {
        switch outcome {
        case .signedIn(let who): signedIn(who: who)
        case .answered(let providerID): answered(providerID: providerID)
        case .failed(let error): failure(error)
        }
    }

    /// The page after a failed sign-in: an ``AuthCoreError``'s message and code (such messages carry
    /// no secrets by contract); for any other error only a generic line, since its text is unvetted.
    static func failure(_ error: any Error) -> LoopbackResponse {
        let paragraphs =
            if let error = error as? any AuthCoreError {
                [
                    LoopbackPage.truncated(error.message, to: LoopbackPage.maximumMessageCharacters),
                    "Return to the terminal for details (\(error.code.rawValue)).",
                ]
            } else {
                ["Something unexpected went wrong.", "Return to the terminal for details."]
            }
        return LoopbackResponse(
            status: .ok, html: LoopbackPage.render(tone: .failure, title: "Sign-in failed", paragraphs: paragraphs))
    }

    /// The page for a request that is not the callback, or not a request at all.
    static func refusal(_ status: LoopbackHTTPStatus) -> LoopbackResponse {
        let text: String
        var extra: [LoopbackHeaderField] = []
        switch status {
        case .ok: text = "Waiting for the sign-in to complete."
        case .notFound: text = "This address only receives the sign-in redirect."
        case .methodNotAllowed:
            text = "This address only receives the sign-in redirect, with GET (or a form POST)."
            extra = [LoopbackHeaderField(name: "Allow", value: "GET, HEAD, POST")]
        case .requestTimeout: text = "The request did not arrive in time."
        case .requestHeaderFieldsTooLarge, .contentTooLarge: text = "The request is too large."
        case .lengthRequired, .unsupportedMediaType: text = "Only a form (application/x-www-form-urlencoded, with a Content-Length) is taken here."
        case .badRequest, .httpVersionNotSupported: text = "The request is malformed."
        }
        let tone: LoopbackPage.Tone = status == .ok ? .neutral : .failure
        return LoopbackResponse(
            status: status,
            html: LoopbackPage.render(tone: tone, title: "\(status.rawValue) \(status.reason)", paragraphs: [text]),
            extraHeaders: extra)
    }
}

/// The result pages: small, self-contained (inline CSS, no scripts, images or fonts), readable in
/// light and dark mode, every piece of text HTML-escaped.
enum LoopbackPage {
    enum Tone: String, Sendable {
        case success, failure, neutral
    }

    /// A failure message longer than this is cut, so that a provider's text cannot flood the page.
    static let maximumMessageCharacters = 500

    static func render(tone: Tone, title: String, paragraphs: [String]) -> String {
        let body = paragraphs.map { "<p>\(escape($0))</p>" }.joined()
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>authctl: \(escape(title))</title>
            <style>\(style)</style>
            </head>
            <body><main class="\(tone.rawValue)"><h1>\(escape(title))</h1>\(body)</main></body>
            </html>

            """
    }

    private static let style = """
        :root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#f6f8fa;--card:#fff;\
        --success:#1a7f37;--failure:#cf222e;--neutral:#0969da}\
        @media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--card:#161b22;\
        --success:#3fb950;--failure:#f85149;--neutral:#4493f8}}\
        body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;\
        background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}\
        main{max-width:34rem;margin:1rem;padding:1.5rem 2rem;background:var(--card);border-radius:12px;\
        border-top:4px solid var(--neutral);box-shadow:0 1px 3px rgba(0,0,0,.15);overflow-wrap:anywhere}\
        main.success{border-top-color:var(--success)}main.failure{border-top-color:var(--failure)}\
        h1{margin:0 0 .5rem;font-size:1.3rem}p{margin:.5rem 0;color:var(--muted)}
        """

    /// Escapes the five characters that matter in HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static func truncated(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
