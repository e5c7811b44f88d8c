import AuthOAuth
import AuthPlatform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// as of the time it arrived and applied with that time. An answer that fails its
    /// checks is not applied; the session is then as after an interrupted refresh. A failure to
    /// reach the provider for the checks is thrown, and the entry kept for the next try.
    func recoverJournaled(
        _ session: inout OAuthCredential, provider providerID: String, uid: String, subject: String?
    ) async throws -> JournalRecovery {
        guard let entry = try journal.read().entry(providerID: providerID, uid: uid) else { return .nothing }
        guard let token = session.refreshToken, entry.sentTokenDigest == RefreshJournal.digest(token) else { return .stale }
        guard let answer = entry.answer, let receivedAt = entry.receivedAt else { return .interrupted(sentAt: entry.sentAt) }
        do {
            let response = try TokenClient.tokenResponse(from: HTTPResponse(status: 200, body: Array(answer.utf8)))
            let provider = try await providers.resolve(providerID, services: services)
            // Checked as of its arrival: an ID token that was valid then is not refused for having
            // aged in the journal (its signature, issuer, audience and subject do not age).
            var asReceived = services
            asReceived.clock = .fixed(receivedAt)
            try await provider.checkRefreshed(response, subject: subject, services: asReceived)
            session.apply(response, receivedAt: receivedAt)
            services.log("applied the answer of the \(providerID) refresh interrupted at \(receivedAt.ISO8601Format())")
            return .applied
        } catch let error as HTTPTransportError {
            throw error
        } catch {
            services.log("the answer of the interrupted \(providerID) refresh failed its checks (\(error)); not applied")
            return .interrupted(sentAt: entry.sentAt)
        }
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
