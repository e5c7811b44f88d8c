import AuthHTTP
import AuthPlatform
import Foundation
import Testing

/// The libcurl transport against ``ScriptedHTTPServer``: what it sends, and each way a server
/// can misbehave ending in its own error, promptly.
@Suite struct CurlTransportTests {
    let transport = CurlTransport(settings: NetworkSettings(userAgent: "authctl/test"))

    func request(_ server: ScriptedHTTPServer, path: String = "/x", timeout: TimeInterval = 10, limit: Int = 1 << 20) -> HTTPRequest {
        HTTPRequest(url: server.baseURL.appendingPathComponent(path), timeout: timeout, maxResponseBytes: limit)
    }

    @Test func getReturnsStatusHeadersAndBodyAndSendsOurHeaders() async throws {
        let server = try ScriptedHTTPServer(.respond(status: 201, headers: ["Cache-Control: max-age=60", "X-Two: a", "x-two: b"], body: Array("hello".utf8)))
        defer { server.stop() }
        var get = request(server, path: "/jwks")
        get.headers = [("Accept", "application/json")]
        let response = try await transport.send(get)
        #expect(response.status == 201)
        #expect(response.body == Array("hello".utf8))
        #expect(response.header("cache-control") == "max-age=60")
        #expect(response.header("X-Two") == "a, b")
        let sent = try #require(server.requests.first)
        #expect(sent.hasPrefix("GET /jwks HTTP/1.1\r\n"))
        #expect(sent.contains("\r\nUser-Agent: authctl/test\r\n"))
        #expect(sent.contains("\r\nAccept: application/json\r\n"))
    }

    @Test(arguments: ["POST", "DELETE"])
    func aBodyIsSentWithItsMethod(method: String) async throws {
        let server = try ScriptedHTTPServer(.respond(status: 200, headers: [], body: []))
        defer { server.stop() }
        var post = request(server, path: "/token")
        post.method = method
        post.headers = [("Content-Type", "application/x-www-form-urlencoded")]
        post.body = Array("grant_type=authorization_code&code=abc".utf8)
        _ = try await transport.send(post)
        let sent = try #require(server.requests.first)
        #expect(sent.hasPrefix("\(method) /token HTTP/1.1\r\n"))
        #expect(sent.hasSuffix("\r\n\r\ngrant_type=authorization_code&code=abc"))
        #expect(!sent.lowercased().contains("expect: 100-continue"))
    }

    @Test func aRedirectIsReturnedNotFollowed() async throws {
        let target = try ScriptedHTTPServer(.respond(status: 200, headers: [], body: Array("followed".utf8)))
        defer { target.stop() }
        let server = try ScriptedHTTPServer(.respond(status: 302, headers: ["Location: \(target.baseURL.absoluteString)/stolen"], body: []))
        defer { server.stop() }
        let response = try await transport.send(request(server))
        #expect(response.status == 302)
        #expect(target.requests.isEmpty)
    }

    @Test func anEndlessBodyStopsAtTheLimit() async throws {
        let server = try ScriptedHTTPServer(.endlessBody(bytes: 8 << 20))
        defer { server.stop() }
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(request(server, limit: 1 << 20)) }
        #expect(error == .responseTooLarge(url: server.baseURL.appendingPathComponent("/x").absoluteString, limit: 1 << 20))
    }

    @Test func anAnnouncedLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
        let server = try ScriptedHTTPServer(.respond(status: 200, headers: [], body: [UInt8](repeating: 0x7B, count: 4096)))
        defer { server.stop() }
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(request(server, limit: 1000)) }
        guard case .responseTooLarge(_, 1000) = error else { Issue.record("expected responseTooLarge, got \(String(describing: error))"); return }
    }

    @Test func aSilentServerRunsIntoTheTimeLimit() async throws {
        let server = try ScriptedHTTPServer(.silent)
        defer { server.stop() }
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(request(server, timeout: 0.3)) }
        guard case .timedOut = error else { Issue.record("expected timedOut, got \(String(describing: error))"); return }
    }

    @Test func aDripIsCutAtTheTotalTimeLimitNotAnIdleOne() async throws {
        let server = try ScriptedHTTPServer(.drip(interval: .milliseconds(50)))
        defer { server.stop() }
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(request(server, timeout: 0.5)) }
        guard case .timedOut = error else { Issue.record("expected timedOut, got \(String(describing: error))"); return }
    }

    @Test func cancellingTheTaskStopsTheTransfer() async throws {
        let server = try ScriptedHTTPServer(.silent)
        defer { server.stop() }
        let transport = transport
        let request = request(server, timeout: 60)
        let task = Task { try await transport.send(request) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test(arguments: [
        ("http://idp.example/token", "plain http is allowed only to loopback hosts; use https"),
        ("ftp://127.0.0.1/x", "only http and https are spoken"),
        ("file:///etc/passwd", "not an absolute URL"),
    ])
    func urlsOutsideThePolicyAreNeverSent(url: String, reason: String) async throws {
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(url: URL(string: url)!))
        }
        guard case .refusedURL(_, let given) = error else { Issue.record("expected refusedURL, got \(String(describing: error))"); return }
        #expect(given == reason)
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let server = try ScriptedHTTPServer(.silent)
        let url = server.baseURL
        server.stop()
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(HTTPRequest(url: url, timeout: 5)) }
        guard case .unreachable(_, _, nil) = error else { Issue.record("expected unreachable, got \(String(describing: error))"); return }
    }

    @Test func aDeadProxyIsNamedWithTheVariableThatSetIt() async throws {
        let server = try ScriptedHTTPServer(.silent)
        let deadProxy = "http://127.0.0.1:\(server.port)"
        server.stop()
        let settings = NetworkSettings(proxies: ProxySettings(environment: ["HTTPS_PROXY": deadProxy]), userAgent: "authctl/test")
        let error = await #expect(throws: HTTPTransportError.self) {
            try await CurlTransport(settings: settings).send(HTTPRequest(url: URL(string: "https://idp.example.invalid/x")!, timeout: 5))
        }
        #expect(error?.message.contains("through the proxy \(deadProxy) (from HTTPS_PROXY)") == true, "\(String(describing: error))")
    }
}
