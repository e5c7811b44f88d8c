import AuthPlatform

/// A token had to be renewed and the provider (or the project, or a CI job's token service) gave
/// no answer: down, unreachable, or slower than the time allowed. Nothing was stored, so the
/// signed-in session is kept as it was, and the same command may succeed later (Decisions/0039).
/// The status is the cause's: 5 for a time limit, 9 for a provider out of reach.
package struct RenewalUnanswered: AuthCoreError, Equatable {
    package var cause: HTTPTransportError

    package init(cause: HTTPTransportError) { self.cause = cause }

    package var code: ErrorCode { cause.code }
    package var remedy: Remedy? { .tryAgain }

    package var message: String {
        "the token needed renewing and " + Self.cause(cause) + "; the signed-in session is kept as it was"
    }

    /// The cause, saying which time limit applied when one did.
    static func cause(_ cause: HTTPTransportError) -> String {
        switch cause {
        case .timedOut(let url, let after):
            // A request's own limit: a refresh already sent is waited for up to its cap whatever
            // the command's deadline says, since its answer holds the only live refresh token.
            "\(url) did not answer within \(after.wholeSeconds) s, the request's own limit (a token refresh, once sent, "
                + "is waited for up to that long even past \(AuthRuntime.networkTimeoutVariable): its answer holds the only live refresh token)"
        case .deadlineReached(let url, let budget, let setting):
            "\(url) did not answer before the command's deadline (\(budget.wholeSeconds) s, \(setting))"
        default:
            cause.message
        }
    }
}
