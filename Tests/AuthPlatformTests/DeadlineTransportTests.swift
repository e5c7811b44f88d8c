import Foundation
import Testing
import AuthPlatform
import AuthTestSupport

/// A command's deadline over its requests; a request that must be seen through keeps its own limit.
@Suite struct DeadlineTransportTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)
    let now = LockedValue(Date(timeIntervalSince1970: 1_750_000_000))
    var clock: Clock { Clock { [now] in now.withLock { $0 } } }
    let url = URL(string: "https://idp.example.com/token")!

    func transport(budget: Duration) -> (DeadlineTransport, FakeTransport) {
        let base = FakeTransport { _ in HTTPResponse(status: 200) }
        return (DeadlineTransport(base, budget: budget, setting: "--timeout", clock: clock), base)
    }

    @Test(arguments: [(false, 4.0), (true, 30.0)])
    func aRequestGetsWhatIsLeftUnlessItOutlivesTheDeadline(outlives: Bool, expected: Double) async throws {
        let (deadline, base) = transport(budget: .seconds(10))
        now.withLock { $0 = start.addingTimeInterval(6) }
        var request = HTTPRequest(method: "POST", url: url, timeout: 30)
        request.outlivesDeadline = outlives
        _ = try await deadline.send(request)
        #expect(base.requests.map(\.timeout) == [expected])
    }

    /// A refresh that outlives the deadline is not waited for past it while connecting: until it
    /// is sent nothing changed at the server, so the smaller limit wins there (Decisions/0039).
    @Test(arguments: [(false, nil as Double?), (true, 4.0)])
    func aRequestThatOutlivesTheDeadlineConnectsWithinIt(outlives: Bool, expected: Double?) async throws {
        let (deadline, base) = transport(budget: .seconds(10))
        now.withLock { $0 = start.addingTimeInterval(6) }
        var request = HTTPRequest(method: "POST", url: url, timeout: 30)
        request.outlivesDeadline = outlives
        _ = try await deadline.send(request)
        #expect(base.requests.map(\.connectTimeout) == [expected])
    }

    @Test func aRequestThatOutlivesTheDeadlineCutWhileConnectingReportsTheDeadline() async throws {
        let base = FakeTransport { request in
            throw HTTPTransportError.timedOut(url: "https://idp.example.com/token", after: .seconds(Int64(request.timeout)))
        }
        let deadline = DeadlineTransport(base, budget: .seconds(5), setting: "AUTHCTL_TIMEOUT", clock: clock)
        var request = HTTPRequest(method: "POST", url: url, timeout: 30)
        request.outlivesDeadline = true
        await #expect(throws: HTTPTransportError.deadlineReached(url: url.redactedForDisplay, budget: .seconds(5), setting: "AUTHCTL_TIMEOUT")) {
            _ = try await deadline.send(request)
        }
    }

    @Test(arguments: [false, true])
    func noRequestStartsOnceTheDeadlineHasPassed(outlives: Bool) async throws {
        let (deadline, base) = transport(budget: .seconds(10))
        now.withLock { $0 = start.addingTimeInterval(10) }
        var request = HTTPRequest(url: url)
        request.outlivesDeadline = outlives
        await #expect(throws: HTTPTransportError.deadlineReached(url: url.redactedForDisplay, budget: .seconds(10), setting: "--timeout")) {
            _ = try await deadline.send(request)
        }
        #expect(base.requests.isEmpty)
    }

    @Test func aRequestCutShortByTheDeadlineReportsTheDeadline() async throws {
        let base = FakeTransport { _ in throw HTTPTransportError.timedOut(url: "https://idp.example.com/token", after: .seconds(2)) }
        let deadline = DeadlineTransport(base, budget: .seconds(2), setting: "AUTHCTL_TIMEOUT", clock: clock)
        await #expect(throws: HTTPTransportError.deadlineReached(url: url.redactedForDisplay, budget: .seconds(2), setting: "AUTHCTL_TIMEOUT")) {
            _ = try await deadline.send(HTTPRequest(url: url))
        }
    }

    @Test(arguments: [
        (HTTPTransportError.refusedURL(url: "u", reason: "not https"), false),
        (.libraryMissing(library: "libcurl.so.4", reason: "absent"), false),
        (.timedOut(url: "u", after: .seconds(1)), true),
        (.unreachable(url: "u", reason: "reset"), true),
    ])
    func onlyARequestRefusedBeforeStartingCertainlyNeverReachedTheServer(error: HTTPTransportError, mayHave: Bool) {
        #expect(error.mayHaveReachedTheServer == mayHave)
    }
}
