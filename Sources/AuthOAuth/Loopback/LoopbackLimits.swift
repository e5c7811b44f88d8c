/// The limits of one wait, named so that tests and readers see them in one place.
struct LoopbackLimits: Sendable {
    /// A connection must deliver its whole request head within this time (stops slow clients).
    var readTimeout: Duration = .seconds(10)
    /// A response must be written within this time after it is queued.
    var writeTimeout: Duration = .seconds(5)
    /// After the response, how long to drain the peer's leftovers before closing; closing with
    /// unread bytes would send a reset that can destroy the response in flight.
    var lingerTimeout: Duration = .seconds(2)
    /// How long the browser's accepted request is held while the sign-in finishes (the code
    /// exchange, the identity checks, the account rules); after that its page says to finish in
    /// the terminal, so a slow provider never leaves the browser spinning.
    var replyTimeout: Duration = .seconds(8)
    /// Open connections at most; at the limit the oldest unanswered one is dropped for a new one.
    var maximumConnections = 16
}
