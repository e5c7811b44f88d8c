import Testing
@testable import AuthOAuth

/// What a parse should give, in a form a table can hold.
enum ExpectedHead: Sendable, CustomTestStringConvertible {
    case needMoreBytes
    case head(method: String, path: String, parameters: [CallbackParameter])
    case error(LoopbackRequestError)

    var testDescription: String {
        switch self {
        case .needMoreBytes: "needMoreBytes"
        case .head(let method, let path, _): "\(method) \(path)"
        case .error(let error): "\(error)"
        }
    }
}

private func p(_ name: String, _ value: String) -> CallbackParameter { CallbackParameter(name: name, value: value) }

private let host = "Host: 127.0.0.1:8080\r\n"

@Suite("Loopback request parser")
struct LoopbackRequestParserTests {
    static let valid: [(String, ExpectedHead)] = [
        ("GET /callback?code=abc&state=xyz HTTP/1.1\r\n\(host)\r\n", .head(method: "GET", path: "/callback", parameters: [p("code", "abc"), p("state", "xyz")])),
        // Bare LF is accepted as a line end (RFC 9112 §2.2), alone or mixed with CRLF.
        ("GET /callback?code=a HTTP/1.1\nHost: 127.0.0.1\n\n", .head(method: "GET", path: "/callback", parameters: [p("code", "a")])),
        ("GET /callback HTTP/1.1\r\nHost: 127.0.0.1\n\r\n", .head(method: "GET", path: "/callback", parameters: [])),
        // Empty lines before the request line are skipped (RFC 9112 §2.2).
        ("\r\n\nGET / HTTP/1.1\r\nHost: localhost\r\n\r\n", .head(method: "GET", path: "/", parameters: [])),
        // HTTP/1.0 needs no Host.
        ("GET /callback HTTP/1.0\r\n\r\n", .head(method: "GET", path: "/callback", parameters: [])),
        ("HEAD /favicon.ico HTTP/1.1\r\n\(host)\r\n", .head(method: "HEAD", path: "/favicon.ico", parameters: [])),
        ("POST /callback HTTP/1.1\r\n\(host)Content-Length: 3\r\n\r\nabc", .head(method: "POST", path: "/callback", parameters: [])),
        ("get /callback HTTP/1.1\r\n\(host)\r\n", .head(method: "get", path: "/callback", parameters: [])),
        // Absolute form naming this loopback listener is reduced to origin form.
        ("GET http://127.0.0.1:5000/callback?code=x HTTP/1.1\r\n\(host)\r\n", .head(method: "GET", path: "/callback", parameters: [p("code", "x")])),
        ("GET HTTP://[::1]:5000/callback HTTP/1.1\r\nHost: [::1]:5000\r\n\r\n", .head(method: "GET", path: "/callback", parameters: [])),
        ("GET http://localhost?x=1 HTTP/1.1\r\nHost: LOCALHOST\r\n\r\n", .head(method: "GET", path: "/", parameters: [p("x", "1")])),
        // Form decoding: + is a space, %XX a byte, empty pairs skipped, a bare name has an empty value.
        ("GET /callback?a=b+c&d=%E2%9C%93&e&=f&&g=&h=1=2 HTTP/1.1\r\n\(host)\r\n",
         .head(method: "GET", path: "/callback", parameters: [p("a", "b c"), p("d", "✓"), p("e", ""), p("", "f"), p("g", ""), p("h", "1=2")])),
        ("GET /callback?code=a&code=b HTTP/1.1\r\n\(host)\r\n", .head(method: "GET", path: "/callback", parameters: [p("code", "a"), p("code", "b")])),
        ("GET /callback?state=%7B%22a%22%7D&x=%2B HTTP/1.1\r\n\(host)\r\n", .head(method: "GET", path: "/callback", parameters: [p("state", "{\"a\"}"), p("x", "+")])),
        // Raw characters browsers leave unencoded in a query.
        ("GET /callback?s={|}^`'\"! HTTP/1.1\r\n\(host)\r\n", .head(method: "GET", path: "/callback", parameters: [p("s", "{|}^`'\"!")])),
        // The path is compared raw, never decoded.
        ("GET /%63allback HTTP/1.1\r\n\(host)\r\n", .head(method: "GET", path: "/%63allback", parameters: [])),
        ("GET /callback? HTTP/1.1\r\n\(host)\r\n", .head(method: "GET", path: "/callback", parameters: [])),
        // Field values: surrounding whitespace trimmed, tabs and obs-text allowed, names case-insensitive.
        ("GET / HTTP/1.1\r\nhOsT: \t 127.0.0.1 \t\r\nUser-Agent: a\tb \u{00E9}\r\n\r\n", .head(method: "GET", path: "/", parameters: [])),
        ("GET / HTTP/1.1\r\nHost: [::1]\r\nX-Empty:\r\n\r\n", .head(method: "GET", path: "/", parameters: [])),
    ]

    @Test("valid heads", arguments: valid)
    func parsesValidHeads(input: String, expected: ExpectedHead) throws {
        check(input, expected)
    }

    static let incomplete: [String] = [
        "",
        "GET /callback HT",
        "GET /callback HTTP/1.1\r",
        "GET /callback HTTP/1.1\r\n",
        "GET /callback HTTP/1.1\r\n\(host)",
        "GET /callback HTTP/1.1\r\n\(host)\r",
        "\r\n",
    ]

    @Test("incomplete heads need more bytes", arguments: incomplete)
    func needsMoreBytes(input: String) {
        check(input, .needMoreBytes)
    }

    static let invalid: [(String, LoopbackRequestError)] = [
        // Request line (RFC 9112 §3).
        ("GET /callback\r\n\r\n", .missingVersion),
        ("GET  /callback HTTP/1.1\r\n\(host)\r\n", .invalidRequestLine),
        ("GET /callback HTTP/1.1 \r\n\(host)\r\n", .invalidRequestLine),
        ("GET /callback HTTP/1.1 extra\r\n\(host)\r\n", .invalidRequestLine),
        ("GET\r\n\r\n", .invalidRequestLine),
        (" GET / HTTP/1.1\r\n\r\n", .invalidRequestLine),
        ("G(T /callback HTTP/1.1\r\n\(host)\r\n", .invalidMethod),
        ("GET /callback HTTP/2.0\r\n\(host)\r\n", .unsupportedVersion),
        ("GET /callback HTTP/0.9\r\n\(host)\r\n", .unsupportedVersion),
        ("GET /callback HTTP/1.10\r\n\(host)\r\n", .invalidVersion),
        ("GET /callback http/1.1\r\n\(host)\r\n", .invalidVersion),
        ("GET /callback HTTP/1\r\n\(host)\r\n", .invalidVersion),
        // Targets: origin form, or absolute form naming this loopback listener.
        ("GET callback HTTP/1.1\r\n\(host)\r\n", .invalidTarget),
        ("OPTIONS * HTTP/1.1\r\n\(host)\r\n", .invalidTarget),
        ("CONNECT 127.0.0.1:443 HTTP/1.1\r\n\(host)\r\n", .invalidTarget),
        ("GET https://127.0.0.1/callback HTTP/1.1\r\n\(host)\r\n", .invalidTarget),
        ("GET /callback#fragment HTTP/1.1\r\n\(host)\r\n", .invalidTarget),
        ("GET /caf\u{00E9} HTTP/1.1\r\n\(host)\r\n", .invalidTarget),
        ("GET http://evil.example/callback HTTP/1.1\r\n\(host)\r\n", .nonLoopbackTarget),
        ("GET http://127.0.0.1.evil.example/callback HTTP/1.1\r\n\(host)\r\n", .nonLoopbackTarget),
        ("GET http://user@127.0.0.1/callback HTTP/1.1\r\n\(host)\r\n", .nonLoopbackTarget),
        ("GET http://10.0.0.1:80/callback HTTP/1.1\r\n\(host)\r\n", .nonLoopbackTarget),
        // Control characters and bare CR, complete or not.
        ("GET /call\u{0}back HTTP/1.1\r\n\(host)\r\n", .controlCharacter),
        ("GET /\u{0}", .controlCharacter),
        ("\u{16}\u{03}\u{01}\u{02}\u{00}", .controlCharacter),  // a TLS ClientHello on the plain port
        ("GET /\tcallback HTTP/1.1\r\n\(host)\r\n", .controlCharacter),
        ("GET / HTTP/1.1\r\n\(host)X-A: a\u{0}b\r\n\r\n", .controlCharacter),
        ("GET / HTTP/1.1\r\n\(host)X-A: a\u{7F}b\r\n\r\n", .controlCharacter),
        ("GET / HTTP/1.1\r\n\(host)X-\u{1}A: b\r\n\r\n", .controlCharacter),
        ("GET / HTTP/1.1\rHost: 127.0.0.1\r\n\r\n", .bareCarriageReturn),
        ("GET / HTTP/1.1\r\n\(host)X-A: a\rb\r\n\r\n", .bareCarriageReturn),
        ("GET / HTTP/1.1\r\n\(host)\rX", .bareCarriageReturn),
        // Header fields (RFC 9112 §5).
        ("GET / HTTP/1.1\r\n\(host)NoColon\r\n\r\n", .invalidHeaderField),
        ("GET / HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n", .invalidHeaderField),
        ("GET / HTTP/1.1\r\n\(host): value\r\n\r\n", .invalidHeaderField),
        ("GET / HTTP/1.1\r\n\(host)X-A: 1\r\n  continued\r\n\r\n", .obsoleteLineFolding),
        // Host (RFC 9112 §3.2), and only this loopback listener's.
        ("GET / HTTP/1.1\r\n\r\n", .missingHost),
        ("GET / HTTP/1.1\r\n\(host)\(host)\r\n", .repeatedHost),
        ("GET / HTTP/1.0\r\n\(host)HOST: localhost\r\n\r\n", .repeatedHost),
        ("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", .nonLoopbackHost),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n\r\n", .nonLoopbackHost),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1:80x\r\n\r\n", .nonLoopbackHost),
        ("GET / HTTP/1.1\r\nHost: \r\n\r\n", .nonLoopbackHost),
        ("GET / HTTP/1.1\r\nHost: ::1\r\n\r\n", .nonLoopbackHost),
        // Query decoding.
        ("GET /callback?code=%zz HTTP/1.1\r\n\(host)\r\n", .invalidPercentEncoding),
        ("GET /callback?code=%4 HTTP/1.1\r\n\(host)\r\n", .invalidPercentEncoding),
        ("GET /callback?code=% HTTP/1.1\r\n\(host)\r\n", .invalidPercentEncoding),
        ("GET /callback?%g0=1 HTTP/1.1\r\n\(host)\r\n", .invalidPercentEncoding),
        ("GET /callback?code=%FF HTTP/1.1\r\n\(host)\r\n", .invalidUTF8),
        ("GET /callback?code=%C3 HTTP/1.1\r\n\(host)\r\n", .invalidUTF8),
    ]

    @Test("invalid heads", arguments: invalid)
    func refusesInvalidHeads(input: String, expected: LoopbackRequestError) {
        check(input, .error(expected))
    }

    @Test("a head of exactly the limit parses; one byte more is too large")
    func sizeLimit() throws {
        let limit = LoopbackRequestParser.maximumHeadBytes
        let start = "GET /callback HTTP/1.1\r\n\(host)X-Pad: "
        let end = "\r\n\r\n"
        let exact = start + String(repeating: "a", count: limit - start.utf8.count - end.utf8.count) + end
        #expect(exact.utf8.count == limit)
        guard case .complete(let head) = try LoopbackRequestParser.parse(Array(exact.utf8)) else {
            Issue.record("expected a complete head")
            return
        }
        #expect(head.length == limit)
        let over = start + String(repeating: "a", count: limit - start.utf8.count - end.utf8.count + 1) + end
        #expect(throws: LoopbackRequestError.headTooLarge) { try LoopbackRequestParser.parse(Array(over.utf8)) }
    }

    static let oversized: [String] = [
        // One long line with no end yet.
        "GET /callback?x=" + String(repeating: "a", count: 17 * 1024),
        // Many short fields with no empty line yet.
        "GET / HTTP/1.1\r\n" + String(repeating: "X-A: \(String(repeating: "b", count: 180))\r\n", count: 99),
        // Empty lines before the request line count too.
        String(repeating: "\r\n", count: 9 * 1024),
    ]

    @Test("oversized heads", arguments: oversized)
    func refusesOversizedHeads(input: String) {
        #expect(input.utf8.count > LoopbackRequestParser.maximumHeadBytes)
        check(input, .error(.headTooLarge))
    }

    @Test("more than the allowed number of header fields")
    func tooManyFields() {
        let fields = String(repeating: "X: y\r\n", count: LoopbackRequestParser.maximumHeaderFields)
        check("GET / HTTP/1.1\r\n\(host)\(fields)\r\n", .error(.tooManyHeaderFields))
        let allowed = String(repeating: "X: y\r\n", count: LoopbackRequestParser.maximumHeaderFields - 1)
        check("GET / HTTP/1.1\r\n\(host)\(allowed)\r\n", .head(method: "GET", path: "/", parameters: []))
    }

    @Test("bytes after the head are left alone and the head length says where it ended")
    func headLength() throws {
        let head = "GET /callback HTTP/1.1\r\n\(host)\r\n"
        guard case .complete(let parsed) = try LoopbackRequestParser.parse(Array((head + "GET /next HTTP/1.1\r\n").utf8)) else {
            Issue.record("expected a complete head")
            return
        }
        #expect(parsed.length == head.utf8.count)
        #expect(parsed.query == nil)
        #expect(parsed.version == "HTTP/1.1")
        #expect(parsed.headers == [LoopbackHeaderField(name: "Host", value: "127.0.0.1:8080")])
    }

    @Test("refusals map to statuses", arguments: [
        (LoopbackRequestError.headTooLarge, LoopbackHTTPStatus.requestHeaderFieldsTooLarge),
        (.tooManyHeaderFields, .requestHeaderFieldsTooLarge),
        (.unsupportedVersion, .httpVersionNotSupported),
        (.invalidRequestLine, .badRequest),
        (.nonLoopbackHost, .badRequest),
        (.invalidPercentEncoding, .badRequest),
    ])
    func statuses(error: LoopbackRequestError, status: LoopbackHTTPStatus) {
        #expect(error.status == status)
    }

    static let authorities: [(String, Bool)] = [
        ("127.0.0.1", true), ("127.0.0.1:8080", true), ("127.0.0.1:", true), ("[::1]", true), ("[::1]:65535", true),
        ("localhost", true), ("LocalHost:1", true),
        ("127.0.0.2", false), ("localhost.", false), ("localhost.evil.example", false), ("::1", false),
        ("[::2]:80", false), ("127.0.0.1:65536", false), ("127.0.0.1:-1", false), ("", false), ("user@localhost", false),
    ]

    @Test("loopback authorities", arguments: authorities)
    func loopbackAuthorities(authority: String, expected: Bool) {
        #expect(LoopbackRequestParser.isLoopbackAuthority(Substring(authority)) == expected)
    }

    private func check(_ input: String, _ expected: ExpectedHead, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(input.utf8)
        switch expected {
        case .needMoreBytes:
            do {
                #expect(try LoopbackRequestParser.parse(bytes) == .needMoreBytes, sourceLocation: sourceLocation)
            } catch {
                Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
            }
        case .head(let method, let path, let parameters):
            do {
                guard case .complete(let head) = try LoopbackRequestParser.parse(bytes) else {
                    Issue.record("expected a complete head", sourceLocation: sourceLocation)
                    return
                }
                #expect(head.method == method, sourceLocation: sourceLocation)
                #expect(head.path == path, sourceLocation: sourceLocation)
                #expect(head.parameters == parameters, sourceLocation: sourceLocation)
            } catch {
                Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
            }
        case .error(let error):
            #expect(throws: error, sourceLocation: sourceLocation) { try LoopbackRequestParser.parse(bytes) }
        }
    }
}

@Suite("Form decoding and callback parameters")
struct CallbackParameterTests {
    @Test("components", arguments: [
        ("", ""), ("a+b", "a b"), ("%20%2b", " +"), ("%e2%9c%93", "✓"), ("caf%C3%A9", "café"), ("%00", "\u{0}"),
    ])
    func decodesComponents(encoded: String, decoded: String) throws {
        #expect(try LoopbackQueryDecoder.decodeComponent(Array(encoded.utf8)) == decoded)
    }

    @Test("repeated names (RFC 6749 §3.1)")
    func repeatedParameters() throws {
        let request = CallbackRequest(parameters: [p("code", "a"), p("state", "s"), p("code", "b"), p("x", ""), p("code", "c"), p("x", "")])
        #expect(request.path == "/callback")
        #expect(request.repeatedNames == ["code", "x"])
        #expect(request.values(named: "code") == ["a", "b", "c"])
        #expect(request.values(named: "state") == ["s"])
        #expect(request.values(named: "iss").isEmpty)
        #expect(CallbackRequest(parameters: [p("code", "a")]).repeatedNames.isEmpty)
    }
}
