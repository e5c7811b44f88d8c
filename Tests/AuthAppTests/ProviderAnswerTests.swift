import AuthApp
import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport
import Foundation
import Testing

/// The project's flow in two steps (Decisions/0051): ``SignIn/credential(_:ports:)`` takes the
/// provider's answer (createAuthUri, the browser, the listener) for no purpose, and a later
/// ``SignIn/run(_:ports:)`` with ``SignIn/Proof/providerAnswer(_:)`` hands it to the project for the
/// purpose's account rules, with no browser. The refusals that need no request still come before
/// any request; `authctl`'s one-step flow is unchanged. A fake project over local accounts.
@Suite struct ProviderAnswerTests {
    /// What the fake project was asked, in order.
    enum Call: Sendable, Equatable {
        case begin(providerID: String, continueURI: String, parameters: [String: String])
        case complete(sessionID: String, requestURI: String, purpose: FederatedPurpose)
    }

    /// A project that runs every provider's flow: createAuthUri answers a session per call, and
    /// signInWithIdp applies the local account rules of the purpose to the provider's user `alice`.
    struct FakeBroker: ProviderFlowBroker, ForwardingToLocalAccounts {
        let accounts: LocalAccountBackend
        let calls: LockedState<[Call]>
        var handlerURI: String { "https://demo.firebaseapp.com/__/auth/handler" }

        func beginProviderFlow(_ request: BrokeredFlowRequest) async throws -> BrokeredAuthorization {
            let sessionID = calls.withLock { calls in
                calls.append(.begin(providerID: request.providerID, continueURI: request.continueURI, parameters: request.customParameters))
                return "session-\(calls.count)"
            }
            let url = URL(string: "https://idp.example/authorize?client_id=console&state=ST-\(sessionID)")!
            return BrokeredAuthorization(providerID: request.providerID, authorizationURL: url, sessionID: sessionID, continueURI: request.continueURI)
        }

        func completeProviderFlow(
            _ authorization: BrokeredAuthorization, answer: ForwardedRedirect, purpose: FederatedPurpose
        ) async throws -> SignInResult {
            calls.withLock { $0.append(.complete(sessionID: authorization.sessionID, requestURI: answer.requestURI, purpose: purpose)) }
            let credential = ProviderCredential(providerID: authorization.providerID, accessToken: "from-the-project", idToken: nil)
            let profile = FederatedProfile(providerID: authorization.providerID, subject: "alice", email: "alice@example.com")
            switch purpose {
            case .signIn: return try await accounts.signIn(with: credential, profile: profile)
            case .link: return try await accounts.link(with: credential, profile: profile)
            case .reauthenticate: return try await accounts.reauthenticate(with: credential, profile: profile)
            }
        }
    }

    struct FakeBrokerKind: AccountBackendKind {
        let documents = InMemoryDocumentStorage()
        let calls = LockedState<[Call]>([])
        var id: String { "fake-broker" }

        func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend? { nil }

        func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend {
            let accounts = LocalAccountBackend(storage: documents, clock: runtime.clock, random: runtime.effects.random)
            return ConfiguredBackend(kindID: id, backend: FakeBroker(accounts: accounts, calls: calls), storage: documents)
        }
    }

    let kind = FakeBrokerKind()
    let notices = LockedState<[SignIn.RouteNotice]>([])

    func withTemporaryDirectory(_ body: (String) async throws -> Void) async throws {
        let directory = TemporaryDirectory()
        try await body(directory.path)
        withExtendedLifetime(directory) {}
    }

    /// A fresh home on the fake project, or (`project` false) on local accounts.
    func runtime(directory: String, project: Bool = true) throws -> AuthRuntime {
        let effects = AppEffects(
            transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .fixed(InMemoryBackendTests.now), random: SeededRandomSource(seed: 7))
        let runtime = try AuthRuntime(
            environment: ["HOME": directory], effects: effects,
            options: .init(home: directory + "/home", backend: project ? .kind(kind.id, settings: [:]) : .configured),
            backends: BackendRegistry.standard.registering(kind))
        try runtime.checkHome()
        return runtime
    }

    /// A library presenter's ports (no paste) with `redirect` as the browser and the listener.
    func ports(_ redirect: FakeRedirect, runtime: AuthRuntime) -> SignIn.Ports {
        let grant = GrantContext(
            transport: runtime.transport, clock: runtime.clock, random: runtime.effects.random, browser: redirect.browser, notify: { _ in },
            log: { _ in }, readPastedLine: { nil }, sleep: { _ in try await Task.sleep(for: .seconds(3600)) }, makeListener: redirect.makeListener)
        return SignIn.Ports(grant: grant, opensBrowser: true, paste: .none, routeChosen: { [notices] notice in notices.withLock { $0.append(notice) } })
    }

    static func input(_ providerID: String = "github.com", _ purpose: FederatedPurpose = .signIn, _ proof: SignIn.Proof = .browser) -> SignIn.Input {
        SignIn.Input(providerID: providerID, purpose: purpose, proof: proof, timeoutSetting: "test")
    }

    /// Step 1 alone: the provider's answer, taken for later.
    func obtain(_ runtime: AuthRuntime, _ redirect: FakeRedirect) async throws -> ProviderAnswer {
        guard case .providerAnswer(let answer) = try await SignIn(runtime: runtime).credential(Self.input(), ports: ports(redirect, runtime: runtime)) else {
            Issue.record("the project's flow gave no provider answer")
            throw CancellationError()
        }
        return answer
    }

    @Test func theFirstStepAsksForTheAnswerOnlyAndStoresNothing() async throws {
        try await withTemporaryDirectory { directory in
            let runtime = try runtime(directory: directory)
            let redirect = FakeRedirect(.code("provider-code", iss: nil))
            let answer = try await obtain(runtime, redirect)
            #expect(kind.calls.withLock { $0 } == [.begin(providerID: "github.com", continueURI: "http://localhost:49152/callback", parameters: [:])])
            #expect(answer.providerID == "github.com" && answer.sessionID == "session-1")
            #expect(answer.requestURI == "http://localhost:49152/callback?code=provider-code&state=ST-session-1")
            #expect(redirect.authorizationURLs.count == 1 && redirect.outcomes == ["answered by github.com"])
            #expect(notices.withLock { $0.map(\.reason) } == [.loopback], "the route notice, once, before the browser")
            #expect(try runtime.accounts().currentUser() == nil, "no account rule has run")
        }
    }

    @Test(arguments: ["signin", "link", "reauth"])
    func theSecondStepHandsTheAnswerToTheProjectForThePurposeWithNoBrowser(purposeName: String) async throws {
        let purpose = try #require(FederatedPurpose(rawValue: purposeName))
        try await withTemporaryDirectory { directory in
            let runtime = try runtime(directory: directory)
            let accounts = try runtime.accounts()
            switch purpose {
            case .signIn: break
            case .link:
                let other = ProviderCredential(providerID: "oidc.corp", accessToken: "corp", idToken: nil)
                _ = try await accounts.signIn(with: other, profile: FederatedProfile(providerID: "oidc.corp", subject: "alice-corp"))
            case .reauthenticate:
                _ = try await SignIn(runtime: runtime).run(Self.input(), ports: ports(FakeRedirect(.code("first", iss: nil)), runtime: runtime))
            }
            let redirect = FakeRedirect(.code("provider-code", iss: nil))
            let answer = try await obtain(runtime, redirect)
            let before = kind.calls.withLock { $0 }
            let noticesBefore = notices.withLock { $0.count }
            let result = try await SignIn(runtime: runtime).run(
                Self.input("github.com", purpose, .providerAnswer(answer)), ports: ports(FakeRedirect(.never), runtime: runtime))
            #expect(kind.calls.withLock { Array($0.dropFirst(before.count)) } == [
                .complete(sessionID: answer.sessionID, requestURI: answer.requestURI, purpose: purpose)
            ])
            #expect(redirect.authorizationURLs.count == 1 && notices.withLock { $0.count } == noticesBefore, "no browser, no route at use")
            #expect(result.user.providerData.map(\.providerID).contains("github.com"))
            #expect(try runtime.accounts().currentUser()?.uid == result.user.uid)
        }
    }

    @Test func aLinkOfTheAnswerWithNobodySignedInIsRefusedByTheAccountRules() async throws {
        try await withTemporaryDirectory { directory in
            let runtime = try runtime(directory: directory)
            let answer = try await obtain(runtime, FakeRedirect(.code("provider-code", iss: nil)))
            await #expect(throws: AccountError.notSignedIn) {
                try await SignIn(runtime: runtime).run(Self.input("github.com", .link, .providerAnswer(answer)), ports: ports(FakeRedirect(.never), runtime: runtime))
            }
        }
    }

    /// The refusals of a return that cannot work come before createAuthUri, the route notice and
    /// the browser, in the first step as in `authctl`'s one-step flow.
    @Test(arguments: [("apple.com", false), ("saml.acme", true)])
    func refusalsComeBeforeAnyRequest(providerID: String, asksToPaste: Bool) async throws {
        try await withTemporaryDirectory { directory in
            let runtime = try runtime(directory: directory)
            let redirect = FakeRedirect(.code("provider-code", iss: nil))
            var input = Self.input(providerID)
            input.asksToPaste = asksToPaste
            await #expect(throws: BrokeredFlowError.self) { _ = try await SignIn(runtime: runtime).credential(input, ports: ports(redirect, runtime: runtime)) }
            await #expect(throws: BrokeredFlowError.self) { _ = try await SignIn(runtime: runtime).run(input, ports: ports(redirect, runtime: runtime)) }
            #expect(kind.calls.withLock { $0 }.isEmpty && notices.withLock { $0 }.isEmpty && redirect.authorizationURLs.isEmpty)
        }
    }

    /// A reauthentication in one step asks the provider for its login again (`prompt=login`); the
    /// first step of a credential knows no purpose and adds none (the SDK's getCredentialWith).
    @Test func onlyTheOneStepReauthenticationAddsPromptLogin() async throws {
        try await withTemporaryDirectory { directory in
            let runtime = try runtime(directory: directory)
            _ = try await SignIn(runtime: runtime).run(Self.input(), ports: ports(FakeRedirect(.code("c1", iss: nil)), runtime: runtime))
            _ = try await SignIn(runtime: runtime).run(Self.input("github.com", .reauthenticate), ports: ports(FakeRedirect(.code("c2", iss: nil)), runtime: runtime))
            _ = try await obtain(runtime, FakeRedirect(.code("c3", iss: nil)))
            let begun = kind.calls.withLock { $0 }.compactMap { call -> [String: String]? in
                if case .begin(_, _, let parameters) = call { return parameters }
                return nil
            }
            #expect(begun == [[:], ["prompt": "login"], [:]])
        }
    }

    @Test func anAnswerUsedWhereNoProjectIsTheBackendIsRefusedWithoutARequest() async throws {
        try await withTemporaryDirectory { directory in
            let answer = try await obtain(try runtime(directory: directory), FakeRedirect(.code("provider-code", iss: nil)))
            let local = try runtime(directory: directory + "/elsewhere", project: false)
            let sent = kind.calls.withLock { $0.count }
            await #expect(throws: ProviderAnswerNeedsItsProject(providerID: "github.com")) {
                try await SignIn(runtime: local).run(Self.input("github.com", .signIn, .providerAnswer(answer)), ports: ports(FakeRedirect(.never), runtime: local))
            }
            #expect(kind.calls.withLock { $0.count } == sent)
        }
    }
}
