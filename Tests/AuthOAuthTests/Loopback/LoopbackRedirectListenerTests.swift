import Testing
@testable import AuthOAuth
import AuthPlatform

/// Real sockets on port 0, real TCP clients. Timeouts here are safety nets so that a broken
/// listener fails instead of hanging; nothing asserts on time taken.
@Suite("Loopback redirect listener")
struct LoopbackRedirectListenerTests {
    /// Long enough never to fire on a healthy listener, even when the whole suite shares two cores.
    static let safetyTimeout = Duration.seconds(60)

    static let signedIn = SignInOutcome.signedIn(who: "alice@example.com")

    /// Starts a wait that accepts the first callback, answers it with `outcome`, and returns its parameters.
    private func waitForParameters(
        _ listener: LoopbackRedirectListener, timeout: Duration = safetyTimeout, outcome: SignInOutcome = signedIn
    ) -> Task<[CallbackParameter], any Error> {
        Task {
            let (parameters, reply) = try await listener.waitForCallback(timeout: timeout) { request in .accept(request.parameters) }
            await reply.finish(outcome)
            return parameters
        }
    }

    private func callback(_ port: UInt16, _ query: String = "code=abc&state=xyz") async throws -> RawHTTPResponse {
        try await LoopbackTestClient.exchange(port: port, LoopbackTestClient.get("/callback?\(query)", port: port))
    }

    @Test("listens on loopback at a free port, with a 127.0.0.1 redirect URI")
    func binding() async throws {
        let listener = try LoopbackRedirectListener()
        #expect(listener.port != 0)
        #expect(listener.redirectURI == "http://127.0.0.1:\(listener.port)/callback")
        #expect(listener.addresses.first == "127.0.0.1")
        #expect(Set(listener.addresses).isSubset(of: ["127.0.0.1", "::1"]))
    }

    @Test("the callback is returned with its query, and answered with the page of the sign-in's outcome")
    func callbackReturnsQuery() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = waitForParameters(listener)
        let response = try await callback(listener.port, "code=SECRETCODE&state=xyz&iss=https%3A%2F%2Fidp.example")
        #expect(try await waiting.value == [
            CallbackParameter(name: "code", value: "SECRETCODE"), CallbackParameter(name: "state", value: "xyz"),
            CallbackParameter(name: "iss", value: "https://idp.example"),
        ])
        #expect(response.status == 200)
        #expect(response.body == LoopbackResponse.signedIn(who: "alice@example.com").html)
        #expect(!response.body.contains("SECRETCODE"))
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("Referrer-Policy") == "no-referrer")
        #expect(response.header("Content-Security-Policy") == LoopbackResponse.contentSecurityPolicy)
        #expect(response.header("Connection") == "close")
        #expect(response.header("Content-Length") == String(response.body.utf8.count))
    }

    @Test("a form POST to the callback (form_post, SAML) is read whole: its fields after the query's, and its body as sent")
    func formPost() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = Task {
            let (request, reply) = try await listener.waitForCallback(timeout: Self.safetyTimeout) { request in .accept(request) }
            await reply.finish(Self.signedIn)
            return request
        }
        let body = "SAMLResponse=PHNhbWw%2BPC9zYW1sPg%3D%3D&RelayState=xyz"
        let response = try await LoopbackTestClient.exchange(
            port: listener.port,
            "POST /callback?from=query HTTP/1.1\r\nHost: localhost:\(listener.port)\r\n"
                + "Content-Type: application/x-www-form-urlencoded; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let request = try await waiting.value
        #expect(response.status == 200)
        #expect(request.method == "POST")
        #expect(request.query == "from=query")
        #expect(request.body == body)
        #expect(request.parameters == [
            CallbackParameter(name: "from", value: "query"), CallbackParameter(name: "SAMLResponse", value: "PHNhbWw+PC9zYW1sPg=="),
            CallbackParameter(name: "RelayState", value: "xyz"),
        ])
    }

    @Test("a failing evaluation shows the escaped error, never the code, and rethrows it")
    func failurePage() async throws {
        let listener = try LoopbackRedirectListener()
        let error = LoopbackTestError(message: "state <mismatch> & 'more'")
        let waiting = Task {
            try await listener.waitForCallback(timeout: Self.safetyTimeout) { _ -> CallbackVerdict<Int> in throw error }
        }
        let response = try await callback(listener.port, "code=SECRETCODE&state=wrong")
        await #expect(throws: error) { try await waiting.value }
        #expect(response.status == 200)
        #expect(response.body.contains("state &lt;mismatch&gt; &amp; &#39;more&#39;"))
        #expect(response.body.contains("Sign-in failed"))
        #expect(!response.body.contains("SECRETCODE"))
    }

    @Test("a repeated OAuth parameter fails the sign-in (RFC 6749 §3.1)")
    func repeatedParameter() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = Task {
            try await listener.waitForCallback(timeout: Self.safetyTimeout) { request in
                // The listener hands every parameter over, repeats kept, for the caller to refuse.
                if let repeated = request.repeatedNames.first { throw OAuthError.duplicateParameter(repeated) }
                return .accept(request.values(named: "code").first)
            }
        }
        let response = try await callback(listener.port, "code=a&state=s&code=b")
        await #expect(throws: OAuthError.duplicateParameter("code")) { try await waiting.value }
        #expect(response.body.contains("repeats the parameter &#39;code&#39;"))
    }

    @Test("stray requests are refused and the wait goes on", arguments: [
        ("GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 404),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 404),
        ("GET /callback/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 404),
        ("PUT /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 6\r\n\r\ncode=x", 405),
        // A posted answer must be a form with its length (HTML forms always are).
        ("POST /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 6\r\n\r\ncode=x", 415),
        ("POST /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", 415),
        ("POST /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\ncode=x", 411),
        ("POST /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n6\r\ncode=x\r\n0\r\n\r\n", 411),
        ("POST /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 999999999\r\n\r\n", 413),
        ("POST /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\na=", 400),
        ("GET /callback?code=%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400),
        ("GET /callback HTTP/1.1\r\nHost: evil.example\r\n\r\n", 400),
        ("GET /callback HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505),
        ("\u{16}\u{03}\u{01}\u{00}\u{a5}\u{01}\u{00}\u{00}", 400),
        ("this is not http\r\n\r\n", 400),
    ])
    func strayRequests(request: String, status: Int) async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = waitForParameters(listener)
        let refused = try await LoopbackTestClient.exchange(port: listener.port, request)
        #expect(refused.status == status)
        #expect(refused.header("Connection") == "close")
        if status == 405 { #expect(refused.header("Allow") == "GET, HEAD, POST") }
        let response = try await callback(listener.port)
        #expect(response.status == 200)
        #expect(try await waiting.value.first == CallbackParameter(name: "code", value: "abc"))
    }

    @Test("garbage cut short by the client gets 400, then the callback succeeds")
    func truncatedGarbage() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = waitForParameters(listener)
        let refused = try await LoopbackTestClient.exchange(port: listener.port, "GARBAGE /nothing-more", finishWriting: true)
        #expect(refused.status == 400)
        _ = try await callback(listener.port)
        #expect(try await waiting.value.count == 2)
    }

    @Test("an oversized head gets 431, then the callback succeeds")
    func oversizedHead() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = waitForParameters(listener)
        let huge = "GET /callback?code=" + String(repeating: "a", count: 40 * 1024) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let refused = try await LoopbackTestClient.exchange(port: listener.port, huge)
        #expect(refused.status == 431)
        _ = try await callback(listener.port)
        #expect(try await waiting.value.count == 2)
    }

    @Test("HEAD of the callback is answered without ending the wait")
    func headDoesNotConsume() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = waitForParameters(listener)
        let head = try await LoopbackTestClient.exchange(port: listener.port, LoopbackTestClient.get("/callback?code=x", port: listener.port, method: "HEAD"))
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        _ = try await callback(listener.port, "code=real")
        #expect(try await waiting.value == [CallbackParameter(name: "code", value: "real")])
    }

    @Test("an idle connection and a dribbling one do not block the callback")
    func idleConnections() async throws {
        // A read deadline far beyond the wait's safety timeout: only multiplexing can pass.
        let listener = try LoopbackRedirectListener(port: 0, limits: LoopbackLimits(readTimeout: .seconds(600)))
        let waiting = waitForParameters(listener)
        let idle = try LoopbackTestClient.Connection(port: listener.port)
        let dribbling = try LoopbackTestClient.Connection(port: listener.port)
        try dribbling.write("GET /callb")
        _ = try await callback(listener.port)
        #expect(try await waiting.value.count == 2)
        // The wait is over: the leftover connections are closed.
        let leftovers = try await LoopbackTestClient.onThread { [idle, dribbling] in (try idle.readToEnd(), try dribbling.readToEnd()) }
        #expect(leftovers.0.isEmpty && leftovers.1.isEmpty)
    }

    @Test("at the connection limit the oldest unanswered connection makes room")
    func connectionLimit() async throws {
        let listener = try LoopbackRedirectListener(
            port: 0, limits: LoopbackLimits(readTimeout: .seconds(600), maximumConnections: 2))
        let waiting = waitForParameters(listener)
        let idle = try (0..<3).map { _ in try LoopbackTestClient.Connection(port: listener.port) }
        _ = try await callback(listener.port)
        #expect(try await waiting.value.count == 2)
        withExtendedLifetime(idle) {}
    }

    @Test("a request that does not arrive within the read deadline gets 408")
    func readDeadline() async throws {
        let listener = try LoopbackRedirectListener(port: 0, limits: LoopbackLimits(readTimeout: .milliseconds(100)))
        let waiting = waitForParameters(listener)
        let slow = try await LoopbackTestClient.onThread {
            let connection = try LoopbackTestClient.Connection(port: listener.port)
            try connection.write("GET /callback?code=slow HTTP/1.1\r\n")
            return try connection.readResponse()
        }
        #expect(slow.status == 408)
        let idle = try await LoopbackTestClient.onThread {
            try LoopbackTestClient.Connection(port: listener.port).readToEnd()
        }
        #expect(idle.isEmpty, "an idle connection is closed without a response")
        _ = try await callback(listener.port)
        #expect(try await waiting.value.count == 2)
    }

    @Test("a client dribbling bytes cannot outlive the read deadline")
    func dribblingClient() async throws {
        let listener = try LoopbackRedirectListener(port: 0, limits: LoopbackLimits(readTimeout: .milliseconds(200)))
        let waiting = waitForParameters(listener)
        let slow = try await LoopbackTestClient.onThread {
            let connection = try LoopbackTestClient.Connection(port: listener.port)
            try connection.write("GET /callback?code=")
            let answered = try connection.dribble(UInt8(ascii: "a"), pause: 20, atMost: 3000)
            return (answered, try connection.readResponse())
        }
        #expect(slow.0, "the server answered while the client was still sending")
        #expect(slow.1.status == 408)
        _ = try await callback(listener.port)
        #expect(try await waiting.value.count == 2)
    }

    @Test("the callback over IPv6 [::1], where available")
    func ipv6Callback() async throws {
        let listener = try LoopbackRedirectListener()
        guard listener.addresses.contains("::1") else { return }  // no IPv6 loopback on this host
        let waiting = waitForParameters(listener)
        let request = "GET /callback?code=six HTTP/1.1\r\nHost: [::1]:\(listener.port)\r\n\r\n"
        let response = try await LoopbackTestClient.exchange(port: listener.port, request, ipv6: true)
        #expect(response.status == 200)
        #expect(try await waiting.value == [CallbackParameter(name: "code", value: "six")])
    }

    @Test("[::1] taken at the port: listens on 127.0.0.1 only")
    func ipv6Taken() async throws {
        let probe = try LoopbackRedirectListener()
        guard probe.addresses.contains("::1") else { return }  // no IPv6 loopback on this host
        let port = probe.port
        await probe.close()
        let squatter = try LoopbackSocket.listen(.ipv6, port: port)
        defer { POSIX.close(squatter) }
        let listener = try LoopbackRedirectListener(port: port)
        #expect(listener.addresses == ["127.0.0.1"])
        let waiting = waitForParameters(listener)
        _ = try await callback(port)
        #expect(try await waiting.value.count == 2)
    }

    @Test("no callback in time: timed out")
    func timeout() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = waitForParameters(listener, timeout: .milliseconds(300))
        await #expect(throws: LoopbackError.timedOut(redirectURI: listener.redirectURI, after: .milliseconds(300), nothingArrived: true)) {
            try await waiting.value
        }
    }

    @Test("cancelling the waiting task throws cancelled and frees the port")
    func cancellation() async throws {
        let listener = try LoopbackRedirectListener()
        let port = listener.port
        let waiting = waitForParameters(listener)
        // A stray request answered proves the poll loop is running.
        #expect(try await LoopbackTestClient.exchange(port: port, LoopbackTestClient.get("/favicon.ico", port: port)).status == 404)
        waiting.cancel()
        await #expect(throws: LoopbackError.cancelled) { try await waiting.value }
        let again = try LoopbackRedirectListener(port: port)
        #expect(again.port == port)
    }

    @Test("a task cancelled before the wait starts throws cancelled and frees the port")
    func cancelledBeforeWaiting() async throws {
        let listener = try LoopbackRedirectListener()
        let port = listener.port
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await listener.waitForCallback(timeout: Self.safetyTimeout) { _ in .accept(1) }
        }
        await #expect(throws: LoopbackError.cancelled) { try await waiting.value }
        _ = try LoopbackRedirectListener(port: port)
    }

    @Test("the port is free once the callback is answered")
    func oneShot() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = waitForParameters(listener)
        _ = try await callback(listener.port)
        _ = try await waiting.value
        _ = try LoopbackRedirectListener(port: listener.port)
        await #expect(throws: LoopbackError.notListening) {
            try await listener.waitForCallback(timeout: .seconds(1)) { _ in .accept(1) }
        }
    }

    @Test("close and deinit free the port")
    func closeAndDeinit() async throws {
        let listener = try LoopbackRedirectListener()
        await listener.close()
        _ = try LoopbackRedirectListener(port: listener.port)
        await #expect(throws: LoopbackError.notListening) {
            try await listener.waitForCallback(timeout: .seconds(1)) { _ in .accept(1) }
        }
        var port: UInt16 = 0
        do { port = try LoopbackRedirectListener().port }
        _ = try LoopbackRedirectListener(port: port)
    }

    @Test("an explicit port that is in use is a clear error")
    func portInUse() async throws {
        let first = try LoopbackRedirectListener()
        #expect(throws: LoopbackError.portInUse(ports: [first.port])) { try LoopbackRedirectListener(port: first.port) }
        let explicit = try LoopbackRedirectListener(port: 0)
        #expect(explicit.port != first.port)
    }

    // MARK: Foreign callbacks and the held reply (a local process must not end a sign-in; the page must not lie)

    /// Accepts only `state=good`; every other state is another sign-in's.
    private func waitForGoodState(_ listener: LoopbackRedirectListener, timeout: Duration = safetyTimeout) -> Task<String?, any Error> {
        Task {
            let (code, reply) = try await listener.waitForCallback(timeout: timeout) { request -> CallbackVerdict<String?> in
                request.values(named: "state") == ["good"] ? .accept(request.values(named: "code").first) : .ignore
            }
            await reply.finish(Self.signedIn)
            return code
        }
    }

    @Test("a callback with another sign-in's state gets 400 and is ignored; the real one then succeeds")
    func foreignCallbackIsIgnored() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = waitForGoodState(listener)
        let forged = try await callback(listener.port, "code=FORGED&state=bad")
        #expect(forged.status == 400)
        #expect(forged.body.contains("Not for this sign-in"))
        let real = try await callback(listener.port, "code=real&state=good")
        #expect(try await waiting.value == "real")
        #expect(real.status == 200 && real.body.contains("Signed in as alice@example.com"))
    }

    @Test("a timeout says how many foreign callbacks were ignored")
    func timeoutCountsForeignCallbacks() async throws {
        let listener = try LoopbackRedirectListener()
        // Long enough for both callbacks even on a loaded machine; the wait then runs out.
        let waiting = waitForGoodState(listener, timeout: .seconds(5))
        for _ in 0..<2 { #expect(try await callback(listener.port, "code=x&state=bad").status == 400) }
        let error = await #expect(throws: LoopbackError.self) { try await waiting.value }
        #expect(error == .timedOut(redirectURI: listener.redirectURI, after: .seconds(5), ignoredCallbacks: 2))
        #expect(error?.message.contains("2 redirects with another sign-in's state were ignored") == true)
    }

    @Test("the browser waits for the sign-in's outcome, and is told of a failure after the redirect")
    func heldReplyShowsTheFailure() async throws {
        let listener = try LoopbackRedirectListener()
        let failure = LoopbackTestError(message: "the token endpoint refused the request (HTTP 401): invalid_client")
        let waiting = waitForParameters(listener, outcome: .failed(failure))
        let response = try await callback(listener.port)
        _ = try await waiting.value
        #expect(response.body.contains("Sign-in failed") && response.body.contains("invalid_client"))
        #expect(!response.body.contains("Signed in"))
    }

    @Test("a sign-in still busy after the reply limit tells the browser to finish in the terminal")
    func slowOutcomeSaysFinishInTheTerminal() async throws {
        var limits = LoopbackLimits()
        limits.replyTimeout = .milliseconds(200)
        let listener = try LoopbackRedirectListener(port: 0, limits: limits)
        let waiting = Task { try await listener.waitForCallback(timeout: Self.safetyTimeout) { _ in .accept(1) } }
        let response = try await callback(listener.port)
        let (_, reply) = try await waiting.value
        #expect(response.status == 200 && response.body.contains("Finish it in your terminal"))
        await reply.finish(Self.signedIn)  // too late: nothing more is sent
    }
}
