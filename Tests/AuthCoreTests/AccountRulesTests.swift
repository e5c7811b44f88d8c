import Foundation
import Testing
@testable import AuthCore
import AuthCrypto
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport

/// The Firebase-like account rules, each error leaving `keystore.json` byte for byte as it was.
@Suite struct AccountRulesTests {
    let directory = TemporaryDirectory()
    let clock: LockedValue<Date> = LockedValue(Date(timeIntervalSince1970: 1_700_000_000))
    let auth: AccountService
    var home: HomeDirectory { HomeDirectory(path: directory.child("home")) }

    init() throws {
        let clock = self.clock
        auth = AccountService(
            home: HomeDirectory(path: directory.child("home")), lockTimeout: .seconds(1),
            clock: Clock { clock.withLock { $0 } }, random: SystemRandomSource()
        )
        try HomeDirectory(path: directory.child("home")).ensureExists()
    }

    func advance(_ seconds: TimeInterval) { clock.withLock { $0 += seconds } }

    func profile(_ provider: String, _ subject: String, email: String? = nil, verified: Bool = true) -> FederatedProfile {
        FederatedProfile(providerID: provider, subject: subject, email: email, emailVerified: verified, displayName: subject)
    }

    func credential(_ provider: String, _ token: String = "at") -> ProviderCredential {
        ProviderCredential(providerID: provider, accessToken: token + "-" + provider, idToken: "id-" + provider)
    }

    var keystore: Data? { FileManager.default.contents(atPath: directory.child("home/keystore.json")) }

    /// Runs `body`, expects `error`, and checks that keystore.json did not change.
    func expectRefused(_ error: AccountError, _ body: () throws -> Void) {
        let before = keystore
        #expect(throws: error) { try body() }
        #expect(keystore == before)
    }

    func expectRefused(_ error: AccountError, _ body: () async throws -> Void) async {
        let before = keystore
        await #expect(throws: error) { try await body() }
        #expect(keystore == before)
    }

    @Test func accountExistsSavesThePendingCredentialAndLinkPendingRecovers() async throws {
        let alice = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1", email: "alice@example.com"))
        await expectRefused(.accountExistsWithDifferentCredential(email: "alice@example.com", providers: ["oidc.corp"])) {
            _ = try await auth.signIn(with: credential("oidc.lab"), profile: profile("oidc.lab", "alice", email: "Alice@Example.com"))
        }
        let pendingFile = try #require(FileManager.default.contents(atPath: directory.child("home/pending.json")))
        #expect(String(decoding: pendingFile, as: UTF8.self).contains("at-oidc.lab"))
        // Recovery: sign in with the existing provider, then link the pending credential.
        _ = try await auth.signIn(with: credential("oidc.corp", "again"), profile: profile("oidc.corp", "a1", email: "alice@example.com"))
        let linked = try await auth.linkPending()
        #expect(linked.user.uid == alice.user.uid)
        #expect(linked.user.providerData.map(\.providerID) == ["oidc.corp", "oidc.lab"])
        await #expect(throws: AccountError.noPendingCredential) { try await auth.linkPending() }
        // Nothing to link is not a bad credential: the way on is an interactive 'link --provider' (3).
        #expect(AccountError.noPendingCredential.code == .interactiveSignInRequired)
        #expect(AccountError.noPendingCredential.remedy == .link(providerID: nil))
        // Either provider now lands on the same uid.
        try auth.signOut()
        #expect(try await auth.signIn(with: credential("oidc.lab"), profile: profile("oidc.lab", "alice", email: "alice@example.com")).user.uid == alice.user.uid)
        #expect(try await auth.signInMethods(forEmail: "ALICE@example.com") == ["oidc.corp", "oidc.lab"])
    }

    @Test func pendingCredentialExpiresAfterTenMinutes() async throws {
        _ = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1", email: "alice@example.com"))
        await #expect(throws: AccountError.self) {
            try await auth.signIn(with: credential("oidc.lab"), profile: profile("oidc.lab", "alice", email: "alice@example.com"))
        }
        advance(PendingCredential.lifetime + 1)
        await expectRefused(.pendingCredentialExpired(providerID: "oidc.lab")) { _ = try await auth.linkPending() }
        #expect(AccountError.pendingCredentialExpired(providerID: "oidc.lab").code == .interactiveSignInRequired)
    }

    @Test func pendingCredentialLinksOnlyToTheAccountItCollidedWith() async throws {
        _ = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1", email: "alice@example.com"))
        await #expect(throws: AccountError.self) {
            try await auth.signIn(with: credential("oidc.lab"), profile: profile("oidc.lab", "alice", email: "alice@example.com"))
        }
        _ = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "b1", email: "bob@example.com"))
        await expectRefused(.pendingForAnotherAccount(email: "alice@example.com")) { _ = try await auth.linkPending() }
    }

    @Test(arguments: [(false, true), (true, false)])
    func unverifiedEmailsAndTheOffPolicyNeverMerge(policyOn: Bool, newEmailVerified: Bool) async throws {
        if !policyOn { _ = try auth.setPolicy("one-account-per-email", to: "false") }
        let alice = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1", email: "alice@example.com"))
        let other = try await auth.signIn(
            with: credential("oidc.lab"), profile: profile("oidc.lab", "alice", email: "alice@example.com", verified: newEmailVerified)
        )
        #expect(other.user.uid != alice.user.uid)
        #expect(other.additionalUserInfo.isNewUser)
    }

    @Test func linkRules() async throws {
        await expectRefused(.notSignedIn) { _ = try await auth.link(with: credential("oidc.lab"), profile: profile("oidc.lab", "x")) }
        let bob = try await auth.signIn(with: credential("oidc.lab"), profile: profile("oidc.lab", "bob", email: "bob@example.com"))
        _ = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1", email: "alice@example.com"))
        await expectRefused(.providerAlreadyLinked(providerID: "oidc.corp")) {
            _ = try await auth.link(with: credential("oidc.corp"), profile: profile("oidc.corp", "a2"))
        }
        await expectRefused(.credentialAlreadyInUse(providerID: "oidc.lab", holder: "bob@example.com, uid \(bob.user.uid)")) {
            _ = try await auth.link(with: credential("oidc.lab"), profile: profile("oidc.lab", "bob"))
        }
        let linked = try await auth.link(with: credential("oidc.lab"), profile: profile("oidc.lab", "alice"))
        #expect(linked.user.providerData.count == 2)
    }

    @Test func reauthenticateMustBeTheSamePerson() async throws {
        let alice = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1", email: "alice@example.com"))
        advance(100)
        await expectRefused(.userMismatch(providerID: "oidc.corp")) {
            _ = try await auth.reauthenticate(with: credential("oidc.corp", "bobs"), profile: profile("oidc.corp", "b1"))
        }
        #expect(try auth.token(providerID: nil, idToken: false) == "at-oidc.corp")
        await expectRefused(.noSuchProvider(providerID: "oidc.lab", linked: ["oidc.corp"])) {
            _ = try await auth.reauthenticate(with: credential("oidc.lab"), profile: profile("oidc.lab", "alice"))
        }
        let again = try await auth.reauthenticate(with: credential("oidc.corp", "fresh"), profile: profile("oidc.corp", "a1"))
        #expect(again.user.uid == alice.user.uid)
        #expect(again.user.lastAuthenticatedAt == alice.user.lastAuthenticatedAt.addingTimeInterval(100))
        #expect(try auth.token(providerID: nil, idToken: false) == "fresh-oidc.corp")
    }

    @Test func unlinkNeedsARecentLoginAndNeverTheLastProvider() async throws {
        _ = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1"))
        await expectRefused(.lastProvider(providerID: "oidc.corp")) { try await auth.unlink(providerID: "oidc.corp") }
        _ = try await auth.link(with: credential("oidc.lab"), profile: profile("oidc.lab", "alice"))
        await expectRefused(.noSuchProvider(providerID: "oidc.other", linked: ["oidc.corp", "oidc.lab"])) { try await auth.unlink(providerID: "oidc.other") }
        advance(TimeInterval(AccountPolicy.defaultRecentLoginSeconds + 1))
        await expectRefused(.requiresRecentLogin(operation: "unlink", providerID: "oidc.lab", maximumAge: 300)) {
            try await auth.unlink(providerID: "oidc.lab")
        }
        _ = try await auth.reauthenticate(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1"))
        let user = try await auth.unlink(providerID: "oidc.lab")
        #expect(user.providerData.map(\.providerID) == ["oidc.corp"])
        #expect(throws: AccountError.noSession(providerID: "oidc.lab")) { try auth.token(providerID: "oidc.lab", idToken: false) }
    }

    @Test func recentLoginWindowIsConfigurable() async throws {
        _ = try auth.setPolicy("recent-login-seconds", to: "10")
        _ = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1"))
        advance(11)
        await expectRefused(.requiresRecentLogin(operation: "account delete", providerID: "oidc.corp", maximumAge: 10)) {
            try await auth.deleteCurrentUser()
        }
        #expect(throws: AccountError.invalidSetting(key: "recent-login-seconds", value: "-1", expected: "seconds from 0 to 86400")) {
            try auth.setPolicy("recent-login-seconds", to: "-1")
        }
    }

    @Test func severalUsersSwitchAndSignOut() async throws {
        let alice = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "a1", email: "alice@example.com"))
        let bob = try await auth.signIn(with: credential("oidc.corp"), profile: profile("oidc.corp", "b1", email: "bob@example.com"))
        #expect(try auth.users().map { "\($0.user.uid):\($0.isCurrent)" } == ["\(alice.user.uid):false", "\(bob.user.uid):true"])
        #expect(try auth.switchUser(to: "alice@example.com").uid == alice.user.uid)
        #expect(try auth.currentUser()?.uid == alice.user.uid)
        expectRefused(.unknownUser("carol@example.com")) { try auth.switchUser(to: "carol@example.com") }
        #expect(try auth.signOut().users == 1)
        #expect(try auth.users().filter(\.isSignedIn).map(\.user.uid) == [bob.user.uid])
        expectRefused(.userSignedOut("alice@example.com", providerID: "oidc.corp")) { try auth.switchUser(to: alice.user.uid) }
        #expect(try auth.switchUser(to: bob.user.uid).uid == bob.user.uid)
        #expect(try auth.signOut(all: true).users == 1)
        #expect(try auth.users().allSatisfy { !$0.isSignedIn })
    }

    @Test func idTokenOnlySessionHasNoAccessToken() async throws {
        _ = try await auth.signIn(with: ProviderCredential(providerID: "oidc.ci", accessToken: nil, idToken: "jwt"), profile: profile("oidc.ci", "repo:x"))
        #expect(try auth.token(providerID: nil, idToken: true) == "jwt")
        #expect(throws: AccountError.self) { try auth.token(providerID: nil, idToken: false) }
    }
}

/// When `token` hands out the stored access token and when it refreshes.
@Suite struct TokenFreshnessTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test(arguments: [
        // (token lifetime, seconds since it arrived, --min-valid, handed out?)
        (3600.0, 0.0, 300.0, true),
        (3600.0, 3200.0, 300.0, true),   // 400 s left
        (3600.0, 3400.0, 300.0, false),  // 200 s left
        (600.0, 0.0, 3600.0, true),      // as fresh as a refresh gets: refreshing would not help
        (600.0, 59.0, 3600.0, true),     // within 90% of the provider's lifetime
        (600.0, 61.0, 3600.0, false),
        (30.0, 2.0, 3600.0, true),       // the contention case: 20 processes, one refresh
        (30.0, 31.0, 0.0, false),        // expired is never handed out
        (3600.0, 0.0, .infinity, false), // an infinite validity forces a refresh (forcingRefresh)
    ])
    func freshness(lifetime: Double, age: Double, minimumValidity: Double, handedOut: Bool) {
        let obtainedAt = Self.now.addingTimeInterval(-age)
        let session = ProviderCredential(
            providerID: "oidc.x", accessToken: "at", expiresAt: obtainedAt.addingTimeInterval(lifetime), obtainedAt: obtainedAt
        )
        #expect((TokenRefresher.accessToken(session, validFor: minimumValidity, at: Self.now) != nil) == handedOut)
    }

    @Test func tokensWithoutExpiryOrReceiptTime() {
        #expect(TokenRefresher.accessToken(ProviderCredential(providerID: "p", accessToken: "at"), validFor: 86_400, at: Self.now) == "at")
        let unknownLifetime = ProviderCredential(providerID: "p", accessToken: "at", expiresAt: Self.now.addingTimeInterval(100))
        #expect(TokenRefresher.accessToken(unknownLifetime, validFor: 300, at: Self.now) == nil)
        #expect(TokenRefresher.accessToken(unknownLifetime, validFor: 60, at: Self.now) == "at")
    }
}

/// The one freshness rule (``FreshnessPolicy``), as a table: what it says for each token.
@Suite struct FreshnessPolicyTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [
        // (share, expires in, lifetime, asked, fresh)
        (0.9, 3600.0, 3600.0, 300.0, true),  // plenty left
        (0.9, 200.0, 3600.0, 300.0, false),  // less than asked
        (0.9, 3300.0, 3600.0, 86_400.0, true),  // more asked than a lifetime: 90% left is as fresh as it gets
        (0.9, 3000.0, 3600.0, 86_400.0, false),
        (0.5, 1900.0, 3600.0, 86_400.0, true),  // a CI source's token: half its life
        (0.5, 1700.0, 3600.0, 86_400.0, false),
        (0.9, 3600.0, 3600.0, Double.infinity, false),  // forced
        (0.9, -1.0, 3600.0, 0.0, false),  // expired
        (0.5, 0.5, 3600.0, 0.0, true),  // unexpired, nothing asked
    ])
    func theRule(share: Double, expiresIn: Double, lifetime: Double, asked: Double, fresh: Bool) {
        let expiresAt = Self.now.addingTimeInterval(expiresIn)
        let policy = FreshnessPolicy(shareOfLifetime: share)
        #expect(policy.isFresh(expiresAt: expiresAt, obtainedAt: expiresAt.addingTimeInterval(-lifetime), minimumValidity: asked, at: Self.now) == fresh)
    }

    @Test func aTokenWithoutExpiryAlwaysLastsUnlessForced() {
        #expect(FreshnessPolicy.refreshed.isFresh(expiresAt: nil, obtainedAt: nil, minimumValidity: 86_400, at: Self.now))
        #expect(!FreshnessPolicy.refreshed.isFresh(expiresAt: nil, obtainedAt: nil, minimumValidity: .infinity, at: Self.now))
    }
}
