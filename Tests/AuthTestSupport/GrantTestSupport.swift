import Foundation
import AuthPlatform

/// Helpers shared by the refresh, device flow, revocation and GitHub suites.
package enum GrantTestSupport {
    /// A request's form body, as ordered pairs.
    package static func formPairs(_ request: HTTPRequest) -> [String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: request.body ?? [], as: UTF8.self)
        return (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
    }

    /// A request's form body as a dictionary (first value wins).
    package static func form(_ request: HTTPRequest) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: request.body ?? [], as: UTF8.self)
        return Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    package static func header(_ request: HTTPRequest, _ name: String) -> String? {
        request.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// A transport that answers with `responses` in order (the last one repeats); a `nil` entry
    /// is a request timeout.
    package static func sequence(_ responses: [HTTPResponse?]) -> FakeTransport {
        let remaining = LockedValue(responses)
        return FakeTransport { request in
            let next = remaining.withLock { queue in queue.count > 1 ? queue.removeFirst() : queue[0] }
            guard let next else { throw HTTPTransportError.timedOut(url: request.url.redactedForDisplay, after: .seconds(30)) }
            return next
        }
    }

    package static let start = Date(timeIntervalSince1970: 1_700_000_000)
}

/// An instant sleep that records each wait and moves a fake clock forward by it.
package final class RecordingSleeper: Sendable {
    private let recorded = LockedValue<[Duration]>([])
    private let current: LockedValue<Date>

    package init(start: Date = GrantTestSupport.start) {
        current = LockedValue(start)
    }

    package var waits: [Duration] { recorded.withLock { $0 } }

    /// The fake clock, which moves only when something sleeps.
    package var clock: Clock {
        let current = current
        return Clock { current.withLock { $0 } }
    }

    package var sleep: @Sendable (Duration) async throws -> Void {
        let recorded = recorded
        let current = current
        return { duration in
            try Task.checkCancellation()
            recorded.withLock { $0.append(duration) }
            let (seconds, attoseconds) = duration.components
            current.withLock { $0 = $0.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18) }
        }
    }
}
