import Foundation
import Testing
@testable import AuthCore
@testable import AuthFirebase
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport

/// The backend's rules against a scripted project: each Identity Toolkit method answers from a
/// table, every request is recorded. The end-to-end suite runs the same rules against a loopback
/// fake of the whole API.
@Suite struct FirebaseBackendTests {
    let storage = InMemoryDocumentStorage()
    let project = FirebaseProject(apiKey: "AIza-test", projectID: "demo-project")
    /// `accounts:<method>` (or `token`) -> the answer.
    let answers = LockedValue<[String: HTTPResponse]>([:])
    let now = LockedValue(Date(timeIntervalSince1970: 1_800_000_000))

    var transport: FakeTransport {
        FakeTransport { [answers] request in
            let method = request.url.lastPathComponent.replacingOccurrences(of: "accounts:", with: "")
            return answers.withLock { $0[method] } ?? HTTPResponse(status: 404)
        }
    }

    func backend(_ transport: FakeTransport) throws -> FirebaseAccountBackend {
        FirebaseAccountBackend(
            project: project, endpoints: try FirebaseEndpoints(emulatorHost: "127.0.0.1:9099"),
            storage: NamespacedDocumentStorage(storage, namespace: project.storageNamespace), transport: transport,
            clock: Clock { [now] in now.withLock { $0 } }
        )
    }

    func answer(_ method: String, _ json: JSONValue, status: Int = 200) { answers.withLock { $0[method] = .json(json, status: status) } }

    static let github = ProviderCredential(providerID: "github.com", accessToken: "gho_alice")
    static let githubProfile = FederatedProfile(providerID: "github.com", subject: "583231", email: "alice@example.com", emailVerified: true)

    func signedIn(_ uid: String = "uid-alice", expiresIn: Int = 3600) {
        answer("signInWithIdp", ["localId": .string(uid), "idToken": "fid-1", "refreshToken": "frt-1", "expiresIn": .string(String(expiresIn)),
                                 "isNewUser": true, "screenName": "octocat", "providerId": "github.com"])
        answer("lookup", ["users": [["localId": .string(uid), "email": "alice@example.com", "emailVerified": true,
                                     "providerUserInfo": [["providerId": "github.com", "rawId": "583231", "email": "alice@example.com"]]]]])
    }

    var keystore: KeystoreDocument {
        get throws { try NamespacedDocumentStorage(storage, namespace: project.storageNamespace).store(KeystoreDocument.fileName, of: KeystoreDocument.self).read() }
    }

    @Test func theProjectsUserIsStoredWithItsSessionAndTheProvidersToken() async throws {
        signedIn()
        let transport = transport
        let result = try await backend(transport).signIn(with: Self.github, profile: Self.githubProfile)
        #expect(result.user.uid == "uid-alice" && result.additionalUserInfo.isNewUser && result.additionalUserInfo.username == "octocat")
        #expect(result.user.providerData.map(\.uid) == ["583231"])
        let account = try keystore.accounts[0]
        #expect(account.backendSession?.idToken == "fid-1" && account.backendSession?.issuer == "firebase:demo-project")
        #expect(account.sessions == [Self.github])
        #expect(try keystore.currentUID == "uid-alice")
        let body = try #require(transport.requests.first?.body).map { String(decoding: $0, as: UTF8.self) }
        let sent = try JSONValue.parse(Array((body ?? "").utf8))
        #expect(sent["postBody"] == "access_token=gho_alice&providerId=github.com")
        #expect(sent["requestUri"] == "http://localhost" && sent["returnSecureToken"] == true && sent["returnIdpCredential"] == true)
        #expect(transport.requests.map(\.url.lastPathComponent) == ["accounts:signInWithIdp", "accounts:lookup"])
    }

    @Test func needConfirmationKeepsThePendingTokenAndStoresNoUser() async throws {
        answer("signInWithIdp", ["needConfirmation": true, "email": "alice@example.com", "verifiedProvider": ["password"],
                                 "pendingToken": "pending-1", "providerId": "github.com"])
        await #expect(throws: AccountError.accountExistsWithDifferentCredential(email: "alice@example.com", providers: ["password"])) {
            try await backend(transport).signIn(with: Self.github, profile: Self.githubProfile)
        }
        #expect(try keystore.accounts.isEmpty)
        let pending = try NamespacedDocumentStorage(storage, namespace: project.storageNamespace)
            .store(PendingDocument.fileName, of: PendingDocument.self).read().pending
        #expect(pending?.pendingToken == "pending-1" && pending?.credential == Self.github && pending?.accountUID == nil)
    }

    @Test func anIdentityOnAnotherAccountIsCredentialAlreadyInUse() async throws {
        signedIn()
        let backend = try backend(transport)
        _ = try await backend.signIn(with: Self.github, profile: Self.githubProfile)
        let before = try keystore
        answer("signInWithIdp", ["errorMessage": "FEDERATED_USER_ID_ALREADY_LINKED", "providerId": "oidc.corp", "email": "bob@example.com"])
        await #expect(throws: AccountError.credentialAlreadyInUse(providerID: "oidc.corp", holder: "bob@example.com")) {
            try await backend.link(
                with: ProviderCredential(providerID: "oidc.corp", accessToken: "at", idToken: "t"),
                profile: FederatedProfile(providerID: "oidc.corp", subject: "b")
            )
        }
        #expect(try keystore == before)
    }

    @Test(arguments: [
        (["localId": "uid-bob", "idToken": "x", "refreshToken": "y", "expiresIn": "3600"] as JSONValue, 200),
        (["error": ["code": 400, "message": "USER_NOT_FOUND"]] as JSONValue, 400),
    ])
    func reauthenticatingAsSomeoneElseIsAUserMismatch(answer reauth: JSONValue, status: Int) async throws {
        signedIn()
        let backend = try backend(transport)
        _ = try await backend.signIn(with: Self.github, profile: Self.githubProfile)
        let before = try keystore
        answer("signInWithIdp", reauth, status: status)
        await #expect(throws: AccountError.userMismatch(providerID: "github.com")) {
            try await backend.reauthenticate(with: Self.github, profile: Self.githubProfile)
        }
        #expect(try keystore == before)
    }

    @Test func theLastSignInMethodIsNeverUnlinkedAndTheProjectIsNotAsked() async throws {
        signedIn()
        let transport = transport
        let backend = try backend(transport)
        _ = try await backend.signIn(with: Self.github, profile: Self.githubProfile)
        let before = try keystore
        await #expect(throws: AccountError.lastProvider(providerID: "github.com")) { try await backend.unlink(providerID: "github.com") }
        #expect(try keystore == before)
        #expect(!transport.requests.contains { $0.url.lastPathComponent == "accounts:update" })
    }

    @Test func aDeadTokenOnACurrentUserCallSignsOutOfTheProject() async throws {
        signedIn()
        let backend = try backend(transport)
        _ = try await backend.signIn(with: Self.github, profile: Self.githubProfile)
        answer("lookup", ["error": ["code": 400, "message": "USER_NOT_FOUND"]], status: 400)
        await #expect(throws: FirebaseError.sessionEnded(code: "USER_NOT_FOUND")) { _ = try await backend.lookUpCurrentUser() }
        let account = try keystore.accounts[0]
        #expect(account.backendSession == nil && account.sessions.isEmpty)
        #expect(try keystore.currentUID == nil)
    }

    @Test func aStaleLoginCannotUnlink() async throws {
        signedIn()
        answer("lookup", ["users": [["localId": "uid-alice", "email": "alice@example.com", "emailVerified": true, "providerUserInfo": [
            ["providerId": "github.com", "rawId": "583231", "email": "alice@example.com"],
            ["providerId": "password", "rawId": "alice@example.com", "email": "alice@example.com"],
        ]]]])
        let backend = try backend(transport)
        _ = try await backend.signIn(with: Self.github, profile: Self.githubProfile)
        let before = try keystore
        answer("update", ["error": ["code": 400, "message": "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"]], status: 400)
        await #expect(throws: AccountError.requiresRecentLogin(operation: "unlink", providerID: "github.com", maximumAge: 300)) {
            try await backend.unlink(providerID: "github.com")
        }
        #expect(try keystore == before)
    }

    @Test func theSessionIsRefreshedOnceAndARefusedRefreshSignsOut() async throws {
        signedIn(expiresIn: 3600)
        let backend = try backend(transport)
        _ = try await backend.signIn(with: Self.github, profile: Self.githubProfile)
        #expect(try await backend.userToken(minimumValidity: 300) == "fid-1")
        now.withLock { $0 += 3500 }
        answer("token", ["id_token": "fid-2", "refresh_token": "frt-2", "expires_in": "3600", "user_id": "uid-alice"])
        let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 { group.addTask { try await backend.userToken(minimumValidity: 300) } }
            return try await group.reduce(into: Set<String?>()) { $0.insert($1) }
        }
        #expect(tokens == ["fid-2"])
        #expect(try keystore.accounts[0].backendSession?.refreshToken == "frt-2")
        now.withLock { $0 += 3500 }
        answer("token", ["error": ["code": 400, "message": "TOKEN_EXPIRED"]], status: 400)
        await #expect(throws: FirebaseError.sessionEnded(code: "TOKEN_EXPIRED")) { try await backend.userToken(minimumValidity: 300) }
        #expect(try keystore.currentUID == nil && keystore.accounts[0].backendSession == nil)
    }
}
