import AuthPlatform

/// Why the loopback redirect listener could not deliver a callback.
///
/// Binding failures are `.configurationError` when the person chose the port (the fix is to choose
/// another) and `.internalError` otherwise; a wait ends in `.timeout` or `.cancelled`.
package enum LoopbackError: AuthCoreError, Equatable {
    /// The explicit port, or every one of a list, is taken on 127.0.0.1 by other programs.
    case portInUse(ports: [UInt16])
    /// A socket could not be created, bound, or listened on (not "port in use").
    case cannotListen(address: String, failure: SystemCallError)
    /// A socket call failed while waiting (poll, accept, pipe).
    case socketFailure(SystemCallError)
    /// No request for this sign-in reached the redirect URI before the deadline; `ignoredCallbacks`
    /// carried another sign-in's `state`; `nothingArrived` when not even a connection did, which
    /// usually means the provider refused the redirect URI and the browser never came back.
    case timedOut(redirectURI: String, after: Duration, ignoredCallbacks: Int = 0, nothingArrived: Bool = false)
    /// The waiting task was cancelled (Ctrl-C).
    case cancelled
    /// The listener was already closed, or a wait already used it (it is one-shot).
    case notListening

    package var code: ErrorCode {
        switch self {
        case .portInUse: .configurationError
        case .cannotListen, .socketFailure, .notListening: .internalError
        case .timedOut: .timeout
        case .cancelled: .cancelled
        }
    }

    package var message: String {
        switch self {
        case .portInUse(let ports):
            (ports.count == 1
                ? "port \(ports[0]) on 127.0.0.1 is already in use by another program: stop that program (ss -ltnp names it)"
                : "ports \(ports.map(String.init).joined(separator: ", ")) on 127.0.0.1 are all in use by other programs: "
                    + "stop one of them (ss -ltnp names them)")
        case .cannotListen(let address, let failure):
            "cannot listen for the sign-in redirect on \(address): \(failure.reason)"
        case .socketFailure(let failure):
            "the sign-in redirect listener failed: \(failure.description)"
        case .timedOut(let redirectURI, let after, let ignored, let nothingArrived):
            "no sign-in redirect reached \(redirectURI) within \(Self.seconds(after))"
                + (ignored == 0 ? "" : " (\(ignored) redirect\(ignored == 1 ? "" : "s") with another sign-in's state \(ignored == 1 ? "was" : "were") ignored)")
                + (nothingArrived ? Self.nothingArrivedAdvice : "")
        case .cancelled:
            "sign-in cancelled"
        case .notListening:
            "the sign-in redirect listener is closed or already used; start a new one for each sign-in"
        }
    }

    package var remedy: Remedy? {
        switch self {
        case .portInUse: .chooseRedirectPorts
        case .timedOut(let redirectURI, _, _, let nothingArrived):
            nothingArrived ? .registerRedirectURI(Self.registrable(redirectURI)) : .tryAgain
        default: nil
        }
    }

    package var details: [String: ErrorDetail] {
        switch self {
        case .portInUse(let ports): ["port": .int(Int(ports.first ?? 0)), "ports": .strings(ports.map(String.init))]
        case .timedOut(_, _, let ignored, _) where ignored > 0: ["ignoredCallbacks": .int(ignored)]
        default: [:]
        }
    }

    /// The browser never came back: the usual cause is a provider that does not accept the
    /// redirect URI (it shows its own error page instead of redirecting).
    static let nothingArrivedAdvice = ", and nothing at all connected to it: if the provider showed an error page, "
        + "it may not accept this redirect URI (RFC 8252 §7.3 lets the port of a loopback redirect vary)"

    /// The redirect URI to register with the client: without the port, which RFC 8252 §7.3 lets vary.
    static func registrable(_ redirectURI: String) -> String {
        URL(string: redirectURI).map { url in
            var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
            parts?.port = nil
            return parts?.string ?? redirectURI
        } ?? redirectURI
    }

    /// "300 seconds", "1 second", "0.3 seconds".
    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        if attoseconds == 0 { return whole == 1 ? "1 second" : "\(whole) seconds" }
        let tenths = (duration.timeInterval * 10).rounded() / 10
        return "\(tenths) seconds"
    }
}
