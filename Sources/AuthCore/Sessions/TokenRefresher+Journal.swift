import AuthOAuth
import AuthPlatform

extension TokenRefresher {
    /// What the journal held for a session about to be refreshed.
    enum JournalRecovery: Equatable {
        case nothing
        /// An entry for another refresh token (a sign-in since): nothing to apply.
        case stale
        /// An answer that arrived but was never stored: checked and applied now.
        case applied
        /// Only the marker: a refresh was sent at this time and its answer never arrived.
        case interrupted(sentAt: Date)

        var interruptedAt: Date? {
            if case .interrupted(let date) = self { return date }
            return nil
        }
    }

    /// Applies what the journal holds for `session` (under the home's lock): an answer is checked
    /// as of the time it arrived and applied with that time, whatever its ID token is like (a
    /// refused one leaves the session only the answer's refresh token, Docs/Decisions/0031). A
    /// failure to make the checks (the provider's keys out of reach) is thrown, and the entry
    /// kept for the next try. A marker alone: the stored token is sent once more by the caller,
    /// which a provider with a reuse interval answers again; only its refusal names a loss.
    func recoverJournaled(
        _ session: inout ProviderCredential, provider providerID: String, uid: String, subject: String?
    ) async throws -> JournalRecovery {
        guard let entry = try journal.read().entry(providerID: providerID, uid: uid) else { return .nothing }
        guard let token = session.refreshToken, entry.sentTokenDigest == RefreshJournal.digest(token) else { return .stale }
        guard let answer = entry.answer, let receivedAt = entry.receivedAt,
            let response = try? TokenClient.tokenResponse(from: HTTPResponse(status: 200, body: Array(answer.utf8)))
        else {
            services.log("the \(providerID) refresh sent at \(entry.sentAt.ISO8601Format()) was cut off before its answer was kept; "
                + "sending its refresh token once more (a provider with a reuse interval answers it again)")
            return .interrupted(sentAt: entry.sentAt)
        }
        let provider = try await providers.resolve(providerID, services: services)
        // Checked as of its arrival: an ID token that was valid then is not refused for having
        // aged in the journal (its signature, issuer, audience and subject do not age).
        var asReceived = services
        asReceived.clock = .fixed(receivedAt)
        let flag = try await provider.checkRefreshed(response, subject: subject, services: asReceived)
        session.apply(response, receivedAt: receivedAt, idTokenFlag: flag)
        services.log("applied the answer of the \(providerID) refresh interrupted at \(receivedAt.ISO8601Format())"
            + (flag.map { ": \($0.summary)" } ?? ""))
        return .applied
    }

    /// Adds or replaces `entry` in the journal, durably, with the home's lock already held.
    func record(_ entry: RefreshJournal.Entry) throws {
        var document = try journal.read()
        document.record(entry)
        try journal.replaceWhileLocked(document)
    }

    /// Removes `entry`'s session from the journal, with the home's lock already held.
    func forget(_ entry: RefreshJournal.Entry) throws {
        var document = try journal.read()
        document.remove(providerID: entry.providerID, uid: entry.uid)
        try journal.replaceWhileLocked(document)
    }
}
