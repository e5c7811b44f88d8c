/// A command's overall deadline over every request it sends: each request gets what is left
/// (its own timeout if that is shorter), and once nothing is left, no request starts. A request
/// cut short by the deadline reports the deadline, naming what set it. A request that
/// ``HTTPRequest/outlivesDeadline`` keeps its own timeout once connected (Decisions/0014, 0039).
package struct DeadlineTransport: HTTPTransport {
    package let base: any HTTPTransport
    /// When the command gives up.
    package let deadline: Date
    /// The whole budget and what set it (`--timeout`, `AUTHCTL_TIMEOUT`), for the message.
    package let budget: Duration
    package let setting: String
    package let clock: Clock

    package init(_ base: any HTTPTransport, budget: Duration, setting: String, clock: Clock) {
        self.base = base
        self.budget = budget
        self.setting = setting
        self.clock = clock
        deadline = clock.now().addingTimeInterval(budget.timeInterval)
    }

    /// Time left before the deadline (zero or more).
    package var remaining: Duration {
        .milliseconds(Int64(max(0, deadline.timeIntervalSince(clock.now())) * 1000))
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let display = request.url.redactedForDisplay
        let left = deadline.timeIntervalSince(clock.now())
        guard left > 0 else { throw HTTPTransportError.deadlineReached(url: display, budget: budget, setting: setting) }
        var bounded = request
        if request.outlivesDeadline {
            // Nothing is sent while connecting: the deadline, when shorter, bounds that part too.
            bounded.connectTimeout = min(request.connectTimeout ?? request.timeout, left)
        } else {
            bounded.timeout = min(request.timeout, left)
        }
        let started = clock.now()
        do {
            return try await base.send(bounded)
        } catch HTTPTransportError.timedOut
            where bounded.timeout < request.timeout || (request.outlivesDeadline && clock.now() < started.addingTimeInterval(bounded.timeout))
        {
            // Cut before its own limit: by the deadline (while connecting, for one that outlives it).
            throw HTTPTransportError.deadlineReached(url: display, budget: budget, setting: setting)
        }
    }
}
