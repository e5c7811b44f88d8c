import Foundation
import Testing
@testable import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport

/// A refresh once sent is seen through: journaled before sending and as its answer arrives,
/// recovered by the next refresh, interrupts held until the answer is stored (Decisions/0014).
extension TokenRefresherTests {
    /// A journal entry for the session Alice holds now (refresh token rt-1).
    func journalEntry(answer: HTTPResponse? = nil) throws -> RefreshJournal.Entry {
        let uid = try #require(keystore.read().accounts.first?.user.uid)
        return RefreshJournal.Entry(
            providerID: "oidc.corp", uid: uid, sentTokenDigest: RefreshJournal.digest("rt-1"),
            sentAt: TestTokenFactory.now.addingTimeInterval(-30),
            answer: answer.map { String(decoding: $0.body, as: UTF8.self) },
            receivedAt: answer.map { _ in TestTokenFactory.now.addingTimeInterval(-29) })
    }

    func leaveInJournal(_ entry: RefreshJournal.Entry) throws {
        try journal.update { $0.record(entry) }
    }

    @Test func theAnswerIsJournaledBeforeItIsCheckedAndClearedOnceStored() async throws {
        try await signIn(lifetime: 120)
        let journal = journal
        let seenAtPause = LockedValue<RefreshJournal?>(nil)
        let (refresher, _) = refresher(afterRefreshAnswer: { seenAtPause.withLock { $0 = try? journal.read() } })
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "refreshed-1")
        let entry = try #require(seenAtPause.withLock { $0 }?.entries.first)
        #expect(entry.sentTokenDigest == RefreshJournal.digest("rt-1"))
        #expect(entry.answer?.contains("\"refreshed-1\"") == true && entry.receivedAt == TestTokenFactory.now)
        #expect(try journal.read().entries.isEmpty)
        #expect(try keystore.read().accounts[0].sessions[0].refreshToken == "rt-2")
    }

    @Test func anAnswerThatArrivedButWasNeverStoredIsAppliedWithoutSendingAgain() async throws {
        try await signIn(lifetime: 120)
        let lost = HTTPResponse.json(["access_token": "journaled", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt-rotated"])
        try leaveInJournal(journalEntry(answer: lost))
        let (refresher, transport) = refresher()
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "journaled")
        #expect(grants.withLock { $0 } == 0)
        #expect(!transport.requests.contains { $0.url.path == "/token" })
        let session = try keystore.read().accounts[0].sessions[0]
        #expect(session.refreshToken == "rt-rotated")
        #expect(session.obtainedAt == TestTokenFactory.now.addingTimeInterval(-29))
        #expect(try journal.read().entries.isEmpty)
    }

    @Test func aJournaledAnswerIsRecoveredEvenWhileTheOldTokenLooksValid() async throws {
        try await signIn(lifetime: 3600)  // the old access token would still do, but the provider revoked it
        let lost = HTTPResponse.json(["access_token": "journaled", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt-rotated"])
        try leaveInJournal(journalEntry(answer: lost))
        let (refresher, _) = refresher()
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "journaled")
    }

    @Test func aMarkerAloneNamesTheInterruptedRefreshWhenTheProviderRefuses() async throws {
        var test = self
        test.answer = { _ in .json(["error": "invalid_grant"], status: 400) }
        try await test.signIn(lifetime: 120)
        let marker = try test.journalEntry()
        try test.leaveInJournal(marker)
        let (refresher, _) = test.refresher()
        await #expect(throws: AccountError.refreshInterrupted(providerID: "oidc.corp", at: marker.sentAt)) {
            try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300)
        }
        #expect(try test.keystore.read().accounts[0].sessions.isEmpty)
        #expect(try test.journal.read().entries.isEmpty)
    }

    /// A journaled answer whose ID token fails a hard check still holds the only live refresh
    /// token: it is applied (that token only), and the refresh that follows sends it.
    @Test func aJournaledAnswerWithARefusedIDTokenKeepsItsRefreshToken() async throws {
        let test = self
        let sentTokens = LockedValue<[String]>([])
        try await test.signIn(lifetime: 120)
        let foreign = TestTokenFactory.idToken(claims: ["sub": "someone-else", "at_hash": nil])
        let lost = HTTPResponse.json([
            "access_token": "journaled", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt-rotated", "id_token": .string(foreign),
        ])
        try test.leaveInJournal(test.journalEntry(answer: lost))
        let answer = test.answer
        let grants = test.grants
        let server = FakeOpenIDServer(authorization: { [:] })
        let transport = FakeTransport { request in
            guard request.url.path == "/token" else { return server.respond(request) }
            sentTokens.withLock { $0.append(String(decoding: request.body ?? [], as: UTF8.self)) }
            return answer(grants.withLock { $0 += 1; return $0 })
        }
        let (refresher, _) = test.refresher(transport: transport)
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "refreshed-1")
        #expect(sentTokens.withLock { $0 }.count == 1 && sentTokens.withLock { $0 }[0].contains("refresh_token=rt-rotated"))
        let session = try test.keystore.read().accounts[0].sessions[0]
        #expect(session.refreshToken == "rt-2")
        #expect(session.idTokenFlag?.verdict == .refused, "the answer after it had no ID token: the flag stays")
        #expect(try test.journal.read().entries.isEmpty)
    }

    /// A marker alone: the stored token is sent once more. A provider with a reuse interval
    /// answers it with the lost answer's tokens and a newly minted ID token whose at_hash does not
    /// match (django-oauth-toolkit): that answer is stored, flagged, and no loss is named.
    @Test func aMarkerAloneRetriesTheOldTokenOnceAndKeepsWhatComesBack() async throws {
        var test = self
        let reminted = TestTokenFactory.idToken(claims: ["at_hash": "AAAAAAAAAAAAAAAAAAAAAA"])
        test.answer = { _ in
            .json(["access_token": "lost-access", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "lost-refresh", "id_token": .string(reminted)])
        }
        try await test.signIn(lifetime: 120)
        try test.leaveInJournal(test.journalEntry())
        let (refresher, _) = test.refresher()
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "lost-access")
        #expect(test.grants.withLock { $0 } == 1)
        let session = try test.keystore.read().accounts[0].sessions[0]
        #expect(session.refreshToken == "lost-refresh" && session.idToken == reminted && session.idTokenFlag?.verdict == .inconsistent)
        #expect(try test.journal.read().entries.isEmpty)
    }

    /// `token --id-token` when the last refresh's ID token was refused and the previous one has
    /// expired: it says why there is no fresh ID token.
    @Test func noFreshIDTokenSaysWhy() async throws {
        let expired = TestTokenFactory.idToken(claims: ["exp": .number(TestTokenFactory.now.timeIntervalSince1970 - 10)])
        try await signIn(lifetime: 3600, refreshToken: nil, idToken: expired)
        let flag = IDTokenFlag(verdict: .refused, reason: "the ID token's iss is 'x'", receivedAt: TestTokenFactory.now)
        try keystore.update { $0.accounts[0].sessions[0].idTokenFlag = flag }
        let (refresher, _) = refresher()
        await #expect(throws: AccountError.noFreshIDToken(providerID: "oidc.corp", reason: flag.reason)) {
            try await auth.freshIDToken(providerID: nil, minimumValidity: 300, providers: ProviderRegistry(storage: storage), services: refresher.services)
        }
        #expect(AccountError.noFreshIDToken(providerID: "oidc.corp", reason: flag.reason).message.contains("no fresh ID token"))
        // An inconsistent ID token that has not expired is handed out, and --verbose says what it is.
        let inconsistent = TestTokenFactory.idToken(claims: ["at_hash": "AAAAAAAAAAAAAAAAAAAAAA"])
        try keystore.update {
            $0.accounts[0].sessions[0].idToken = inconsistent
            $0.accounts[0].sessions[0].idTokenFlag = IDTokenFlag(verdict: .inconsistent, reason: "at_hash", receivedAt: TestTokenFactory.now)
        }
        let logged = LockedValue<[String]>([])
        let (verbose, _) = self.refresher(log: { line in logged.withLock { $0.append(line) } })
        let handed = try await auth.freshIDToken(
            providerID: nil, minimumValidity: 300, providers: ProviderRegistry(storage: storage), services: verbose.services)
        #expect(handed.token == inconsistent)
        #expect(logged.withLock { $0 } == ["oidc.corp: the provider sent an inconsistent ID token (at_hash); kept, it is valid otherwise"])
        try keystore.update { $0.accounts[0].sessions[0].idToken = expired }
        // Without the flag, the plain expiry error.
        try keystore.update { $0.accounts[0].sessions[0].idTokenFlag = nil }
        await #expect(throws: AccountError.idTokenExpired(providerID: "oidc.corp")) {
            try await auth.freshIDToken(providerID: nil, minimumValidity: 300, providers: ProviderRegistry(storage: storage), services: refresher.services)
        }
    }

    @Test func anEntryForAnotherRefreshTokenIsStaleAndIgnored() async throws {
        try await signIn(lifetime: 120)
        var stale = try journalEntry(answer: .json(["access_token": "old", "token_type": "Bearer"]))
        stale.sentTokenDigest = RefreshJournal.digest("rt-from-an-earlier-sign-in")
        try leaveInJournal(stale)
        let (refresher, _) = refresher()
        #expect(try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) == "refreshed-1")
        #expect(try journal.read().entries.isEmpty)
    }

    /// Between a refresh's keystore write and its journal's clearing (two holds of the lock), a
    /// caller that takes the lock finds the entry: an entry whose refresh the stored tokens came
    /// from (rotated since, or obtained after it was sent) lets the stored token be taken; one
    /// sent with the stored refresh token after its tokens were obtained is a refresh cut off.
    @Test(arguments: [
        JournalCase("rotated: the answer's refresh token is stored", sentWith: "rt-1", stored: "rt-2", sentAgo: 20, obtainedAgo: 10, taken: true),
        JournalCase("not rotated: its tokens were obtained after it was sent", sentWith: "rt-1", stored: "rt-1", sentAgo: 20, obtainedAgo: 10, taken: true),
        JournalCase("cut off: sent with the stored token after its tokens were obtained", sentWith: "rt-1", stored: "rt-1", sentAgo: 20, obtainedAgo: 30, taken: false),
        JournalCase("another session's refresh token", sentWith: "rt-other", stored: "rt-1", sentAgo: 20, obtainedAgo: 30, taken: true),
    ])
    func aJournalEntryHoldsBackTheStoredTokenOnlyForACutOffRefresh(_ test: JournalCase) throws {
        let now = TestTokenFactory.now
        let session = ProviderCredential(
            providerID: "oidc.corp", accessToken: "at-new", refreshToken: test.stored,
            expiresAt: now.addingTimeInterval(3600), obtainedAt: now.addingTimeInterval(-test.obtainedAgo))
        try leaveInJournal(RefreshJournal.Entry(
            providerID: "oidc.corp", uid: "u", sentTokenDigest: RefreshJournal.digest(test.sentWith), sentAt: now.addingTimeInterval(-test.sentAgo)))
        let (refresher, _) = refresher()
        #expect(try refresher.journalSettled(for: session) == test.taken, "\(test.name)")
    }

    @Test func aRefreshWithNoAnswerKeepsItsMarkerForTheNextCommand() async throws {
        try await signIn(lifetime: 120)
        let transport = FakeTransport { request in
            if request.url.path == "/token" { throw HTTPTransportError.timedOut(url: "https://idp.example.com/token", after: .seconds(30)) }
            return FakeOpenIDServer(authorization: { [:] }).respond(request)
        }
        let (refresher, _) = refresher(transport: transport)
        await #expect(throws: HTTPTransportError.self) { try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300) }
        let entry = try #require(journal.read().entries.first)
        #expect(entry.answer == nil && entry.sentTokenDigest == RefreshJournal.digest("rt-1"))
    }

    @Test func theRefreshIsSentOutsideTheDeadlineWithTheHardCap() async throws {
        try await signIn(lifetime: 120)
        let (refresher, transport) = refresher()
        _ = try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300)
        let sent = try #require(transport.requests.first { $0.url.path == "/token" })
        #expect(sent.outlivesDeadline && sent.timeout == TokenClient.refreshHardCap)
        #expect(transport.requests.filter { $0.url.path != "/token" }.allSatisfy { !$0.outlivesDeadline })
    }

    @Test func interruptsAreHeldFromSendingUntilTheAnswerIsStored() async throws {
        try await signIn(lifetime: 120)
        let shield = RecordingInterruptShield()
        let keystore = keystore
        let journal = journal
        shield.onRelease = { shield.storedAtRelease.withLock { $0 = (try? keystore.read().accounts[0].sessions[0].refreshToken, try? journal.read().entries.count) } }
        let answer = answer
        let transport = FakeTransport { request in
            if request.url.path == "/token" {
                #expect(shield.isHeld)
                return answer(1)
            }
            #expect(!shield.isHeld)
            return FakeOpenIDServer(authorization: { [:] }).respond(request)
        }
        let (refresher, _) = refresher(transport: transport, interrupts: shield)
        _ = try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300)
        #expect(shield.holds.withLock { $0 } == 1 && !shield.isHeld)
        let stored = try #require(shield.storedAtRelease.withLock { $0 })
        #expect(stored.0 == "rt-2" && stored.1 == 0)
    }

    @Test func aValidTokenTakesNoHold() async throws {
        try await signIn(lifetime: 3600)
        let shield = RecordingInterruptShield()
        let (refresher, _) = refresher(interrupts: shield)
        _ = try await refresher.freshAccessToken(providerID: nil, minimumValidity: 300)
        #expect(shield.holds.withLock { $0 } == 0)
    }
}

/// Counts holds and says whether one is active; `onRelease` runs as a hold ends.
final class RecordingInterruptShield: InterruptShield, @unchecked Sendable {
    let holds = LockedValue(0)
    let active = LockedValue(false)
    let storedAtRelease = LockedValue<(String?, Int?)?>(nil)
    var onRelease: @Sendable () -> Void = {}

    var isHeld: Bool { active.withLock { $0 } }

    func hold() -> InterruptHold {
        holds.withLock { $0 += 1 }
        active.withLock { $0 = true }
        let onRelease = onRelease
        return InterruptHold { [active] in
            onRelease()
            active.withLock { $0 = false }
        }
    }
}

/// Signing out after an interrupted refresh: the live tokens are the journaled ones.
extension TokenRefresherTests {
    var auth: AccountService {
        AccountService(storage: storage, backend: LocalAccountBackend(storage: storage, clock: clock, random: SeededRandomSource(seed: 1)), clock: clock)
    }

    @Test func signOutRevokesTheJournaledTokensAndLeavesNoneOnDisk() async throws {
        try await signIn(lifetime: 120)
        let lost = HTTPResponse.json(["access_token": "at-live", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt-live"])
        try leaveInJournal(journalEntry(answer: lost))
        let signedOut = try auth.signOut()
        #expect(signedOut.sessions.map(\.refreshToken) == ["rt-live"], "the spent rt-1 is no use to revoke")
        #expect(signedOut.sessions.map(\.accessToken) == ["at-live"])
        #expect(try journal.read().entries.isEmpty, "no token stays on disk after a sign-out")
        #expect(try keystore.read().accounts[0].sessions.isEmpty)
    }

    @Test(arguments: [false, true])
    func signOutKeepsTheStoredTokensWhenTheJournalHoldsNoAnswerForThem(staleEntry: Bool) async throws {
        try await signIn(lifetime: 120)
        if staleEntry {  // an answer, but to the refresh token of an earlier sign-in
            var stale = try journalEntry(answer: .json(["access_token": "other", "token_type": "Bearer", "refresh_token": "rt-other"]))
            stale.sentTokenDigest = RefreshJournal.digest("rt-from-an-earlier-sign-in")
            try leaveInJournal(stale)
        } else {
            try leaveInJournal(journalEntry())  // a marker only: the answer never came
        }
        #expect(try auth.signOut().sessions.map(\.refreshToken) == ["rt-1"])
        #expect(try journal.read().entries.isEmpty)
    }
}

/// A journal entry beside a stored session: the refresh token each holds, seconds ago each was
/// sent and obtained, and whether the stored token may be taken.
struct JournalCase: Sendable, CustomTestStringConvertible {
    var name: String
    var sentWith: String
    var stored: String
    var sentAgo: TimeInterval
    var obtainedAgo: TimeInterval
    var taken: Bool

    init(_ name: String, sentWith: String, stored: String, sentAgo: TimeInterval, obtainedAgo: TimeInterval, taken: Bool) {
        (self.name, self.sentWith, self.stored, self.sentAgo, self.obtainedAgo, self.taken) = (name, sentWith, stored, sentAgo, obtainedAgo, taken)
    }

    var testDescription: String { name }
}
