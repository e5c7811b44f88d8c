import Foundation
import Testing
@testable import AuthCore
@testable import AuthFirebase
import AuthCrypto
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport

/// The provider flow the project runs (createAuthUri, the browser, signInWithIdp), driven by
/// ``BrokeredSignInFlow`` against a scripted project and a scripted browser.
@Suite struct BrokeredFlowTests {
    let storage = InMemoryDocumentStorage()
    let project = FirebaseProject(apiKey: "AIza-test", projectID: "demo-project")
    let answers = LockedValue<[String: HTTPResponse]>([:])
    static let authURI = "https://github.example/login/oauth/authorize?client_id=console-app&state=ST8&redirect_uri=x"

    var transport: FakeTransport {
        FakeTransport { [answers] request in
            let method = request.url.lastPathComponent.replacingOccurrences(of: "accounts:", with: "")
            return answers.withLock { $0[method] } ?? HTTPResponse(status: 404)
        }
    }

    func answer(_ method: String, _ json: JSONValue, status: Int = 200) { answers.withLock { $0[method] = .json(json, status: status) } }

    func flow(_ transport: FakeTransport, _ redirect: FakeRedirect, pasted: String? = nil) throws -> BrokeredSignInFlow {
        let backend = FirebaseAccountBackend(
            project: project, endpoints: try FirebaseEndpoints(emulatorHost: "127.0.0.1:9099"),
            storage: NamespacedDocumentStorage(storage, namespace: project.storageNamespace), transport: transport,
            clock: Clock { Date(timeIntervalSince1970: 1_800_000_000) })
        let context = GrantContext(
            transport: transport, clock: Clock { Date(timeIntervalSince1970: 1_800_000_000) }, random: SystemRandomSource(),
            browser: redirect.browser, notify: { _ in }, log: { _ in }, readPastedLine: { pasted }, sleep: { _ in try await Task.sleep(for: .seconds(3600)) },
            makeListener: redirect.makeListener)
        return BrokeredSignInFlow(broker: backend, context: context)
    }

    func projectRunsGitHub() {
        answer("createAuthUri", ["authUri": .string(Self.authURI), "sessionId": "session-1", "providerId": "github.com"])
        answer("signInWithIdp", [
            "localId": "uid-alice", "idToken": "fid-1", "refreshToken": "frt-1", "expiresIn": "3600", "isNewUser": true,
            "providerId": "github.com", "federatedId": "github.com/583231", "email": "alice@example.com", "emailVerified": true,
            "oauthAccessToken": "gho_from_the_project", "screenName": "octocat", "rawUserInfo": "{\"login\":\"octocat\"}",
        ])
        answer("lookup", ["users": [["localId": "uid-alice", "email": "alice@example.com", "emailVerified": true,
                                     "providerUserInfo": [["providerId": "github.com", "rawId": "583231", "email": "alice@example.com"]]]]])
    }

    func sent(_ transport: FakeTransport, _ method: String) throws -> JSONValue {
        let request = try #require(transport.requests.first { $0.url.lastPathComponent == "accounts:" + method })
        return try JSONValue.parse(request.body ?? [])
    }

    @Test func theLoopbackReturnForwardsTheWholeRedirectAndStoresTheProjectsUser() async throws {
        projectRunsGitHub()
        let transport = transport
        let redirect = FakeRedirect(.code("provider-code", iss: nil))
        let result = try await flow(transport, redirect).run(.init(
            providerID: "github.com", purpose: .signIn, returning: .loopback(ports: [], acceptsPaste: false), scopes: ["repo"],
            customParameters: ["allow_signup": "false"], timeout: .seconds(30)))
        #expect(result.user.uid == "uid-alice" && result.additionalUserInfo.isNewUser)
        #expect(result.credential.accessToken == "gho_from_the_project")
        #expect(redirect.authorizationURLs.map(\.absoluteString) == [Self.authURI])
        #expect(redirect.outcomes == ["signed in as alice@example.com"])
        let start = try sent(transport, "createAuthUri")
        #expect(start["providerId"] == "github.com" && start["continueUri"] == "http://localhost:49152/callback")
        #expect(start["oauthScope"] == "repo" && start["customParameter"] == ["allow_signup": "false"])
        let finish = try sent(transport, "signInWithIdp")
        #expect(finish["requestUri"] == "http://localhost:49152/callback?code=provider-code&state=ST8")
        #expect(finish["sessionId"] == "session-1" && finish["postBody"] == nil && finish["autoCreate"] == nil)
        #expect(finish["returnIdpCredential"] == true && finish["returnSecureToken"] == true)
    }

    /// The split of the library's `getCredentialWith` (Decisions/0051): the answer is taken with
    /// createAuthUri and the browser only, the browser is told to go back to the program, and the
    /// exchange later is signInWithIdp with the answer's requestUri and sessionId, for any purpose.
    @Test func theAnswerIsTakenFirstAndExchangedLaterWithItsRequestURIAndSession() async throws {
        projectRunsGitHub()
        let transport = transport
        let redirect = FakeRedirect(.code("provider-code", iss: nil))
        let flow = try flow(transport, redirect)
        let answer = try await flow.answer(.init(
            providerID: "github.com", purpose: .signIn, returning: .loopback(ports: [], acceptsPaste: false), timeout: .seconds(30)))
        #expect(transport.requests.map(\.url.lastPathComponent) == ["accounts:createAuthUri"])
        #expect(redirect.authorizationURLs.map(\.absoluteString) == [Self.authURI])
        #expect(redirect.outcomes == ["answered by github.com"])
        #expect(answer.providerID == "github.com" && answer.sessionID == "session-1" && answer.postBody == nil)
        #expect(answer.requestURI == "http://localhost:49152/callback?code=provider-code&state=ST8")
        #expect(try storage.documentNames().isEmpty, "nothing is stored before the answer is used")

        let result = try await flow.exchange(answer, for: .signIn)
        #expect(result.user.uid == "uid-alice" && result.credential.accessToken == "gho_from_the_project")
        #expect(transport.requests.map(\.url.lastPathComponent).filter { $0 != "accounts:lookup" } == ["accounts:createAuthUri", "accounts:signInWithIdp"])
        let finish = try sent(transport, "signInWithIdp")
        #expect(finish["requestUri"] == .string(answer.requestURI) && finish["sessionId"] == "session-1" && finish["autoCreate"] == nil)
        #expect(redirect.outcomes == ["answered by github.com"], "the browser was answered once, when the answer was taken")
    }

    /// An answer used a second time, or too late: the project refuses it (its session is gone or
    /// expired), named as FirebaseAuth names it: invalidCredential, sessionExpired.
    @Test("a reused or expired answer is the project's refusal", arguments: [
        ("INVALID_IDP_RESPONSE", ErrorCode.invalidCredential),
        ("SESSION_EXPIRED", .sessionExpired),
    ])
    func reusedOrExpired(serverCode: String, expected: ErrorCode) async throws {
        projectRunsGitHub()
        let transport = transport
        let flow = try flow(transport, FakeRedirect(.code("provider-code", iss: nil)))
        let taken = try await flow.answer(.init(
            providerID: "github.com", purpose: .signIn, returning: .loopback(ports: [], acceptsPaste: false), timeout: .seconds(30)))
        answer("signInWithIdp", ["error": ["code": 400, "message": .string(serverCode)]], status: 400)
        let refusal = await #expect(throws: FirebaseError.self) { try await flow.exchange(taken, for: .signIn) }
        #expect(refusal?.code == expected)
        #expect(try storage.documentNames().isEmpty)
    }

    @Test func theHandlerReturnTakesThePastedAddressAndStartsNoListener() async throws {
        projectRunsGitHub()
        let transport = transport
        let redirect = FakeRedirect(.never)
        let pasted = "https://demo-project.firebaseapp.com/__/auth/handler?code=c1&state=ST8"
        _ = try await flow(transport, redirect, pasted: pasted).run(.init(
            providerID: "github.com", purpose: .signIn, returning: .handler, timeout: .seconds(30)))
        #expect(redirect.requestedPorts.isEmpty)
        #expect(try sent(transport, "createAuthUri")["continueUri"] == "https://demo-project.firebaseapp.com/__/auth/handler")
        #expect(try sent(transport, "signInWithIdp")["requestUri"] == .string(pasted))
    }

    @Test func aDeniedConsentIsACancellationAndTheProjectIsNotAskedToFinish() async throws {
        projectRunsGitHub()
        let transport = transport
        let redirect = FakeRedirect(.error("access_denied", iss: nil))
        await #expect(throws: OAuthError.accessDenied(description: nil)) {
            try await flow(transport, redirect).run(.init(
                providerID: "github.com", purpose: .signIn, returning: .loopback(ports: [], acceptsPaste: false), timeout: .seconds(30)))
        }
        #expect(transport.requests.map(\.url.lastPathComponent) == ["accounts:createAuthUri"])
    }

    @Test func reauthenticationNeverCreatesAndAnotherUserIsAMismatch() async throws {
        projectRunsGitHub()
        let transport = transport
        _ = try await flow(transport, FakeRedirect(.code("c", iss: nil))).run(.init(
            providerID: "github.com", purpose: .signIn, returning: .loopback(ports: [], acceptsPaste: false), timeout: .seconds(30)))
        answer("signInWithIdp", ["localId": "uid-bob", "idToken": "fid-2", "refreshToken": "frt-2", "expiresIn": "3600", "providerId": "github.com"])
        let again = self.transport
        await #expect(throws: AccountError.userMismatch(providerID: "github.com")) {
            try await flow(again, FakeRedirect(.code("c", iss: nil))).run(.init(
                providerID: "github.com", purpose: .reauthenticate, returning: .loopback(ports: [], acceptsPaste: false), timeout: .seconds(30)))
        }
        #expect(try sent(again, "signInWithIdp")["autoCreate"] == false)
    }

    /// A first answer pending the second factor names no user: the stop carries the user to expect
    /// (a user mismatch only once the factor's answer names another), not a mismatch at once.
    @Test func aReauthenticationPendingItsSecondFactorStopsForItsCodeCarryingTheUser() async throws {
        projectRunsGitHub()
        _ = try await flow(transport, FakeRedirect(.code("c", iss: nil))).run(.init(
            providerID: "github.com", purpose: .signIn, returning: .loopback(ports: [], acceptsPaste: false), timeout: .seconds(30)))
        answer("signInWithIdp", [
            "providerId": "github.com", "federatedId": "github.com/583231", "mfaPendingCredential": "pending-1",
            "mfaInfo": [["mfaEnrollmentId": "totp-1", "totpInfo": [:]]],
        ])
        let stop = await #expect(throws: SecondFactorRequired.self) {
            try await flow(transport, FakeRedirect(.code("c", iss: nil))).run(.init(
                providerID: "github.com", purpose: .reauthenticate, returning: .loopback(ports: [], acceptsPaste: false), timeout: .seconds(30)))
        }
        let pending = try #require(stop).pending
        #expect(pending.expectedUID == "uid-alice" && pending.credential?.providerID == "github.com" && pending.authenticated)
    }

    @Test("providers whose answer cannot come back are refused before the project is asked", arguments: [
        ("apple.com", BrokeredSignInFlow.Return.loopback(ports: [], acceptsPaste: false)),
        ("apple.com", .handler),
        ("saml.acme", .handler),
    ])
    func unreachable(providerID: String, returning: BrokeredSignInFlow.Return) async throws {
        let transport = transport
        await #expect(throws: BrokeredFlowError.self) {
            try await flow(transport, FakeRedirect(.never)).run(.init(providerID: providerID, purpose: .signIn, returning: returning, timeout: .seconds(30)))
        }
        #expect(transport.requests.isEmpty)
    }

    @Test("the project's refusals of a flow are named with their fix", arguments: [
        ("UNAUTHORIZED_DOMAIN", 400, ErrorCode.unauthorizedDomain),
        ("OPERATION_NOT_ALLOWED", 400, .operationNotAllowed),
        ("INVALID_PROVIDER_ID", 400, .invalidProviderID),
        ("NOT_IMPLEMENTED", 501, .configurationError),
    ])
    func refusals(code: String, status: Int, expected: ErrorCode) async throws {
        answer("createAuthUri", ["error": ["code": .number(Double(status)), "message": .string(code)]], status: status)
        let transport = transport
        do {
            _ = try await flow(transport, FakeRedirect(.never)).run(.init(
                providerID: "github.com", purpose: .signIn, returning: .handler, timeout: .seconds(30)))
            Issue.record("no refusal")
        } catch let error as FirebaseError {
            #expect(error.code == expected)
            #expect(error.message.contains("github.com") || expected == .unauthorizedDomain)
            // The refused return address is named: the handler's host, here.
            #expect(expected != .unauthorizedDomain || error.message.contains("return to demo-project.firebaseapp.com"), "\(error.message)")
        }
    }
}
