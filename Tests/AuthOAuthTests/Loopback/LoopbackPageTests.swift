@testable import AuthOAuth
import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// An error as a caller's `evaluate` would throw it.
struct LoopbackTestError: AuthCoreError, Equatable {
    var code: ErrorCode = .invalidCredential
    var message: String
}

@Suite("Loopback result pages and errors")
struct LoopbackPageTests {
    @Test("HTML escaping", arguments: [
        ("plain", "plain"),
        ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
        ("a & b \"c\"", "a &amp; b &quot;c&quot;"),
        ("&amp;", "&amp;amp;"),
        ("é ✓ 👍", "é ✓ 👍"),
    ])
    func escapes(text: String, escaped: String) {
        #expect(LoopbackPage.escape(text) == escaped)
    }

    @Test("the success page names who signed in, escaped")
    func successPage() {
        let page = LoopbackResponse.signedIn(who: "<alice>@example.com")
        let html = page.html
        #expect(page.status == .ok)
        #expect(html.contains("Signed in as &lt;alice&gt;@example.com."))
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<h1>Signed in</h1>"))
        #expect(html.contains("You can close this tab and return to the terminal."))
        #expect(html.contains("prefers-color-scheme:dark"))
        #expect(html.contains("<main class=\"success\">"))
        // Self-contained: nothing to fetch, nothing to run.
        for forbidden in ["<script", "<img", "<link", "src=", "href=", "http://", "https://", "url("] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
    }

    @Test("the failure page names the error, escaped")
    func failurePage() {
        let error = LoopbackTestError(message: "state mismatch: <b>got</b> 'x' & \"y\"")
        let html = LoopbackResponse.failure(error).html
        #expect(html.contains("<h1>Sign-in failed</h1>"))
        #expect(html.contains("state mismatch: &lt;b&gt;got&lt;/b&gt; &#39;x&#39; &amp; &quot;y&quot;"))
        #expect(html.contains("(invalid-credential)"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("<main class=\"failure\">"))
    }

    @Test("the failure page for an error that is not an AuthCoreError says nothing of it")
    func genericFailurePage() {
        struct Leaky: Error, CustomStringConvertible { var description: String { "token=SECRET" } }
        let html = LoopbackResponse.failure(Leaky()).html
        #expect(html.contains("Something unexpected went wrong."))
        #expect(!html.contains("SECRET"))
    }

    @Test("a long failure message is cut")
    func longMessage() {
        let html = LoopbackResponse.failure(LoopbackTestError(message: String(repeating: "x", count: 5000))).html
        #expect(html.contains(String(repeating: "x", count: LoopbackPage.maximumMessageCharacters) + "…"))
        #expect(!html.contains(String(repeating: "x", count: LoopbackPage.maximumMessageCharacters + 1)))
    }

    @Test("responses carry the safety headers and close the connection")
    func serialization() throws {
        let response = LoopbackResponse.refusal(.methodNotAllowed)
        let wire = try #require(String(validating: response.serialized(), as: UTF8.self))
        let parsed = try #require(RawHTTPResponse(wire))
        #expect(parsed.status == 405)
        #expect(parsed.header("content-type") == "text/html; charset=utf-8")
        #expect(parsed.header("cache-control") == "no-store")
        #expect(parsed.header("referrer-policy") == "no-referrer")
        #expect(parsed.header("connection") == "close")
        #expect(parsed.header("allow") == "GET, HEAD, POST")
        #expect(parsed.header("x-content-type-options") == "nosniff")
        #expect(parsed.header("content-security-policy")?.hasPrefix("default-src 'none';") == true)
        #expect(parsed.header("content-length") == String(parsed.body.utf8.count))
        #expect(parsed.body == response.html)
        let head = try #require(RawHTTPResponse(String(decoding: response.serialized(includeBody: false), as: UTF8.self)))
        #expect(head.body.isEmpty)
        #expect(head.header("content-length") == String(response.html.utf8.count))
    }

    @Test("refusal pages", arguments: [
        (LoopbackHTTPStatus.badRequest, "400 Bad Request"), (.notFound, "404 Not Found"), (.methodNotAllowed, "405 Method Not Allowed"),
        (.requestTimeout, "408 Request Timeout"), (.requestHeaderFieldsTooLarge, "431 Request Header Fields Too Large"),
        (.httpVersionNotSupported, "505 HTTP Version Not Supported"),
    ])
    func refusalPages(status: LoopbackHTTPStatus, title: String) {
        let response = LoopbackResponse.refusal(status)
        #expect(response.status == status)
        #expect(response.html.contains("<h1>\(title)</h1>"))
        #expect(String(decoding: response.serialized(), as: UTF8.self).hasPrefix("HTTP/1.1 \(title)\r\n"))
    }

    static let errors: [(LoopbackError, ErrorCode, String)] = [
        (.portInUse(ports: [8080]), .configurationError,
         "port 8080 on 127.0.0.1 is already in use by another program: stop that program (ss -ltnp names it)"),
        (.portInUse(ports: [8000, 18000]), .configurationError,
         "ports 8000, 18000 on 127.0.0.1 are all in use by other programs: stop one of them (ss -ltnp names them)"),
        (.cannotListen(address: "127.0.0.1:80", failure: SystemCallError(call: "bind", errno: EACCES)), .internalError,
         "cannot listen for the sign-in redirect on 127.0.0.1:80: Permission denied"),
        (.socketFailure(SystemCallError(call: "poll", errno: EINVAL)), .internalError,
         "the sign-in redirect listener failed: poll: Invalid argument (errno \(EINVAL))"),
        (.timedOut(redirectURI: "http://127.0.0.1:5/callback", after: .seconds(300)), .timeout,
         "no sign-in redirect reached http://127.0.0.1:5/callback within 300 seconds"),
        (.timedOut(redirectURI: "http://127.0.0.1:5/callback", after: .milliseconds(300)), .timeout,
         "no sign-in redirect reached http://127.0.0.1:5/callback within 0.3 seconds"),
        (.timedOut(redirectURI: "u", after: .seconds(1)), .timeout, "no sign-in redirect reached u within 1 second"),
        (.timedOut(redirectURI: "http://127.0.0.1:5/callback", after: .seconds(1), nothingArrived: true), .timeout,
         "no sign-in redirect reached http://127.0.0.1:5/callback within 1 second, and nothing at all connected to it: "
            + "if the provider showed an error page, it may not accept this redirect URI (RFC 8252 §7.3 lets the port "
            + "of a loopback redirect vary)"),
        (.cancelled, .cancelled, "sign-in cancelled"),
        (.notListening, .internalError, "the sign-in redirect listener is closed or already used; start a new one for each sign-in"),
    ]

    @Test("error codes and messages", arguments: errors)
    func errorText(error: LoopbackError, code: ErrorCode, message: String) {
        #expect(error.code == code)
        #expect(error.message == message)
        #expect(error.description == message)
        #expect(!message.contains("\n"))
    }

    @Test("what to do about a listener's failure", arguments: [
        (LoopbackError.portInUse(ports: [8080]), Remedy?.some(.chooseRedirectPorts)),
        (.timedOut(redirectURI: "http://127.0.0.1:5/callback", after: .seconds(1)), .tryAgain),
        (.timedOut(redirectURI: "http://127.0.0.1:5/callback", after: .seconds(1), nothingArrived: true),
         .registerRedirectURI("http://127.0.0.1/callback")),
        (.cancelled, nil),
    ])
    func remedies(error: LoopbackError, remedy: Remedy?) {
        #expect(error.remedy == remedy)
    }

    @Test("error details")
    func errorDetails() {
        #expect(LoopbackError.portInUse(ports: [9]).details == ["port": .int(9), "ports": .strings(["9"])])
        #expect(LoopbackError.portInUse(ports: [9, 10]).details == ["port": .int(9), "ports": .strings(["9", "10"])])
        #expect(LoopbackError.cancelled.details.isEmpty)
    }

    @Test("poll timeouts round up and never spin", arguments: [
        (Duration.zero, Int32(0)), (.milliseconds(-5), 0), (.nanoseconds(1), 1), (.milliseconds(10), 10),
        (.microseconds(10_001), 11), (.seconds(3), 3000), (.seconds(Int64.max / 2), Int32.max),
    ])
    func pollTimeouts(remaining: Duration, milliseconds: Int32) {
        let now = ContinuousClock.now
        #expect(LoopbackPollLoop<Int>.milliseconds(from: now, to: now.advanced(by: remaining)) == milliseconds)
    }

    @Test("no deadline means no poll timeout")
    func noDeadline() {
        #expect(LoopbackPollLoop<Int>.milliseconds(from: .now, to: nil) == -1)
    }
}
