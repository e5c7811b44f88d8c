import Foundation
import Testing
@testable import AuthCore
import AuthCrypto
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport

@Suite struct AuthTests {
    let directory = TemporaryDirectory()
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    let auth: AccountService

    init() {
        auth = AccountService(home: HomeDirectory(path: directory.child("home")), lockTimeout: .seconds(1), clock: .fixed(now), random: SeededRandomSource(seed: 11))
    }

    func profile(_ provider: String = "oidc.corp", subject: String = "alice-sub", email: String? = "alice@example.com") -> FederatedProfile {
        FederatedProfile(providerID: provider, subject: subject, email: email, emailVerified: true, displayName: "Alice", rawProfile: ["sub": .string(subject)])
    }

    func credential(_ provider: String = "oidc.corp", access: String = "at-1", expiresIn: TimeInterval = 3600) -> ProviderCredential {
        ProviderCredential(providerID: provider, accessToken: access, idToken: "id-1", refreshToken: "rt-1", expiresAt: now.addingTimeInterval(expiresIn))
    }

    @Test func newIdentityCreatesAUserAndSignsIn() async throws {
        try HomeDirectory(path: directory.child("home")).ensureExists()
        let result = try await auth.signIn(with: credential(), profile: profile())
        #expect(result.additionalUserInfo.isNewUser)
        #expect(result.user.uid.count == LocalAccountBackend.uidLength)
        #expect(result.user.uid.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(result.user.providerData == [LinkedIdentity(providerID: "oidc.corp", uid: "alice-sub", email: "alice@example.com", displayName: "Alice")])
        #expect(result.user.email == "alice@example.com")
        #expect(result.user.emailVerified)
        #expect(try auth.currentUser() == result.user)
    }

    /// Local accounts have no second factors (Decision 0050): the record's list is empty, and the
    /// keystore writes no member for it, so local files read as before.
    @Test func aLocalAccountHasNoSecondFactorsAndItsFileNoMemberForThem() async throws {
        try HomeDirectory(path: directory.child("home")).ensureExists()
        let result = try await auth.signIn(with: credential(), profile: profile())
        let stored = try auth.currentUser()
        #expect(result.user.enrolledFactors.isEmpty && stored?.enrolledFactors == [])
        let file = try String(contentsOfFile: directory.child("home") + "/" + KeystoreDocument.fileName, encoding: .utf8)
        #expect(file.contains("\"providerData\"") && !file.contains("enrolledFactors"), "\(file)")
    }

    @Test func returningIdentityLandsOnTheSameUser() async throws {
        try HomeDirectory(path: directory.child("home")).ensureExists()
        let first = try await auth.signIn(with: credential(access: "a"), profile: profile())
        try auth.signOut()
        let second = try await auth.signIn(with: credential(access: "b"), profile: profile())
        #expect(!second.additionalUserInfo.isNewUser)
        #expect(second.user.uid == first.user.uid)
        #expect(try auth.token(providerID: nil, idToken: false) == "b")
    }

    /// A token a server refused (git's erase) is marked expired only when it is the stored one;
    /// the refresh token stays, for the refresh that comes next.
    @Test(arguments: [("at-1", "oidc.corp", true), ("at-2", "oidc.corp", false), ("", "oidc.corp", false), ("at-1", "oidc.other", false)])
    func aRefusedAccessTokenIsExpired(refused: String, provider: String, expires: Bool) async throws {
        try HomeDirectory(path: directory.child("home")).ensureExists()
        _ = try await auth.signIn(with: credential(), profile: profile())
        #expect(try auth.expireAccessToken(providerID: provider, refused: refused) == expires)
        let session = try auth.currentSession("oidc.corp").session
        #expect(session.expiresAt == (expires ? now : now.addingTimeInterval(3600)))
        #expect(session.accessToken == "at-1" && session.refreshToken == "rt-1")
        #expect((try? auth.token(providerID: "oidc.corp", idToken: false)) == (expires ? nil : "at-1"))
    }

    @Test func uidsNeverCollideEvenWithARepeatingRandomSource() async throws {
        try HomeDirectory(path: directory.child("home")).ensureExists()
        let sameSeed = AccountService(home: HomeDirectory(path: directory.child("home")), lockTimeout: .seconds(1), clock: .fixed(now), random: SeededRandomSource(seed: 11))
        let alice = try await auth.signIn(with: credential(), profile: profile())
        let bob = try await sameSeed.signIn(with: credential(), profile: profile(subject: "bob-sub", email: nil))
        #expect(alice.user.uid != bob.user.uid)
    }

    @Test func anotherSubjectIsAnotherUser() async throws {
        try HomeDirectory(path: directory.child("home")).ensureExists()
        let alice = try await auth.signIn(with: credential(), profile: profile())
        let bob = try await auth.signIn(with: credential(), profile: profile(subject: "bob-sub", email: "bob@example.com"))
        #expect(alice.user.uid != bob.user.uid)
        #expect(try auth.currentUser()?.uid == bob.user.uid)
    }

    @Test func signOutForgetsTokensButKeepsTheAccount() async throws {
        try HomeDirectory(path: directory.child("home")).ensureExists()
        _ = try await auth.signIn(with: credential(), profile: profile())
        #expect(try auth.signOut().users == 1)
        #expect(try auth.currentUser() == nil)
        #expect(throws: AccountError.notSignedIn) { try auth.token(providerID: nil, idToken: false) }
        #expect(try auth.signOut().users == 0)
        let contents = try String(contentsOfFile: directory.child("home/keystore.json"), encoding: .utf8)
        #expect(!contents.contains("at-1"))
        #expect(!contents.contains("rt-1"))
    }

    @Test func tokenForProviderAndIDToken() async throws {
        try HomeDirectory(path: directory.child("home")).ensureExists()
        _ = try await auth.signIn(with: credential(), profile: profile())
        #expect(try auth.token(providerID: "oidc.corp", idToken: false) == "at-1")
        #expect(try auth.token(providerID: nil, idToken: true) == "id-1")
        #expect(throws: AccountError.noSession(providerID: "oidc.other")) { try auth.token(providerID: "oidc.other", idToken: false) }
    }

    @Test func expiredAccessTokenIsNotHandedOut() async throws {
        try HomeDirectory(path: directory.child("home")).ensureExists()
        _ = try await auth.signIn(with: credential(expiresIn: -1), profile: profile())
        #expect(throws: AccountError.tokenExpired(providerID: "oidc.corp")) { try auth.token(providerID: nil, idToken: false) }
    }

    @Test func notSignedInWithoutAKeystore() throws {
        #expect(try auth.currentUser() == nil)
    }
}

@Suite struct ProviderRegistryTests {
    let directory = TemporaryDirectory()
    var registry: ProviderRegistry { ProviderRegistry(storage: HomeDocumentStorage(home: HomeDirectory(path: directory.path + "/h"), lockTimeout: .seconds(1))) }

    @Test func addShowListRemove() throws {
        try HomeDirectory(path: directory.path + "/h").ensureExists()
        let corp = ProviderConfiguration(id: "oidc.corp", issuer: "https://corp.example", clientID: "c", clientSecret: "s")
        try registry.add(corp)
        try registry.add(ProviderConfiguration(id: "oidc.a", issuer: "http://127.0.0.1:1", clientID: "d"))
        #expect(try registry.all().map(\.id) == ["oidc.a", "oidc.corp"])
        #expect(try registry.provider("oidc.corp") == corp)
        #expect(throws: ProviderError.alreadyConfigured("oidc.corp")) { try registry.add(corp) }
        try registry.remove("oidc.a")
        #expect(throws: ProviderError.unknownProvider("oidc.a", configured: ["oidc.corp"])) { try registry.provider("oidc.a") }
        #expect(throws: ProviderError.unknownProvider("oidc.a", configured: ["oidc.corp"])) { try registry.remove("oidc.a") }
    }

    @Test func refusesInsecureIssuerBeforeStoring() throws {
        try HomeDirectory(path: directory.path + "/h").ensureExists()
        #expect(throws: URLPolicyError.insecureURL(field: "issuer", url: "http://corp.example")) {
            try registry.add(ProviderConfiguration(id: "oidc.corp", issuer: "http://corp.example", clientID: "c"))
        }
        #expect(try registry.all().isEmpty)
    }
}

extension AccountService {
    /// Local accounts in the files of `home`: the tests' shortcut. The product builds the home's
    /// storage in one place, the runtime (`HomeStorageIsBuiltOnceTests`).
    init(home: HomeDirectory, lockTimeout: Duration, clock: Clock, random: any RandomSource) {
        let storage = HomeDocumentStorage(home: home, lockTimeout: lockTimeout)
        self.init(storage: storage, backend: LocalAccountBackend(storage: storage, clock: clock, random: random), clock: clock)
    }
}
