import AuthApp
import AuthFirebase
import AuthJOSE
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthTestSupport
import Foundation
import Testing

/// What the doors ask of a sign-in before its wait, now that they name no service (issue 35): the
/// provider the signed-in user's rules choose for each purpose, the signed-in check of a link, the
/// `--param` pairs, a token from stdin, the "not signed in" choices, and the ports built from the
/// door's callbacks over the runtime's effects. Local accounts in a fresh home, no network.
@Suite struct SignInDoorTests {
    /// Who is signed in before the call: nobody, or a user who signed in with the first provider
    /// and linked the others, in order.
    enum Signed: Sendable, CustomStringConvertible {
        case nobody
        case with([String])
        var description: String {
            switch self {
            case .nobody: "nobody"
            case .with(let providers): providers.joined(separator: "+")
            }
        }
    }

    /// What the call gives: a provider id, or the error it throws.
    enum Outcome: Sendable, Equatable {
        case provider(String)
        case refused(AccountError)
        case notGiven
    }

    static func runtime(directory: String) throws -> AuthRuntime {
        let effects = AppEffects(
            transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)),
            random: SeededRandomSource(seed: 7))
        return try AuthRuntime(environment: ["HOME": directory], effects: effects, options: .init(home: directory + "/home"))
    }

    /// A runtime whose home has `signed` as its current user.
    static func runtime(_ signed: Signed, directory: String) async throws -> AuthRuntime {
        let runtime = try runtime(directory: directory)
        try runtime.checkHome()
        guard case .with(let providers) = signed, let first = providers.first else { return runtime }
        let accounts = try runtime.accounts()
        func credential(_ id: String) -> (ProviderCredential, FederatedProfile) {
            (ProviderCredential(providerID: id, accessToken: "token-" + id, idToken: nil), FederatedProfile(providerID: id, subject: "sub-" + id))
        }
        let (signInCredential, signInProfile) = credential(first)
        _ = try await accounts.signIn(with: signInCredential, profile: signInProfile)
        for id in providers.dropFirst() {
            let (linkCredential, linkProfile) = credential(id)
            _ = try await accounts.link(with: linkCredential, profile: linkProfile)
        }
        return runtime
    }

    static func outcome(_ body: () throws -> String) -> Outcome {
        do {
            return .provider(try body())
        } catch let error as AccountError {
            return .refused(error)
        } catch is ProviderNotGiven {
            return .notGiven
        } catch {
            Issue.record("unexpected \(error)")
            return .notGiven
        }
    }

    @Test(arguments: [
        // A sign-in takes the provider asked for, whoever is signed in.
        (FederatedPurpose.signIn, Signed.nobody, "github.com", Outcome.provider("github.com")),
        (.signIn, .with(["oidc.corp"]), "github.com", .provider("github.com")),
        (.signIn, .nobody, nil, .notGiven),
        // A link needs a user, and a provider they have not linked yet.
        (.link, .nobody, "github.com", .refused(.notSignedIn)),
        (.link, .with(["oidc.corp"]), "github.com", .provider("github.com")),
        (.link, .with(["oidc.corp"]), "oidc.corp", .refused(.providerAlreadyLinked(providerID: "oidc.corp"))),
        (.link, .with(["oidc.corp"]), nil, .notGiven),
        // A reauthentication needs a user and one of their providers; by default, the last they signed in or linked with.
        (.reauthenticate, .nobody, nil, .refused(.notSignedIn)),
        (.reauthenticate, .nobody, "oidc.corp", .refused(.notSignedIn)),
        (.reauthenticate, .with(["oidc.corp"]), nil, .provider("oidc.corp")),
        (.reauthenticate, .with(["oidc.corp", "github.com"]), nil, .provider("github.com")),
        (.reauthenticate, .with(["oidc.corp", "github.com"]), "oidc.corp", .provider("oidc.corp")),
        (.reauthenticate, .with(["oidc.corp"]), "github.com", .refused(.noSuchProvider(providerID: "github.com", linked: ["oidc.corp"]))),
    ] as [(FederatedPurpose, Signed, String?, Outcome)])
    func theProviderOfEachPurpose(purpose: FederatedPurpose, signed: Signed, asked: String?, expected: Outcome) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let signIn = SignIn(runtime: try await Self.runtime(signed, directory: directory))
        #expect(Self.outcome { try signIn.provider(for: purpose, asked: asked) } == expected, "\(purpose) \(signed) \(asked ?? "-")")
    }

    @Test(arguments: [
        (Signed.nobody, nil, nil), (.nobody, "password", "password"), (.with(["oidc.corp", "github.com"]), nil, "github.com"),
        (.with(["oidc.corp"]), "password", "password"),
    ] as [(Signed, String?, String?)])
    func theDefaultProviderOfAReauthentication(signed: Signed, asked: String?, expected: String?) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let signIn = SignIn(runtime: try await Self.runtime(signed, directory: directory))
        #expect(try signIn.reauthenticationProvider(asked: asked) == expected)
    }

    @Test(arguments: [Signed.nobody, .with(["oidc.corp"])])
    func aLinkNeedsASignedInUser(signed: Signed) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let signIn = SignIn(runtime: try await Self.runtime(signed, directory: directory))
        if case .nobody = signed {
            #expect(throws: AccountError.notSignedIn) { try signIn.checkSignedIn() }
        } else {
            try signIn.checkSignedIn()
        }
    }

    @Test(arguments: [
        (["prompt=login", "login_hint=a@b.c"], ["prompt": "login", "login_hint": "a@b.c"] as [String: String]?),
        (["a=b=c", "empty="], ["a": "b=c", "empty": ""]),
        ([], [:]),
        (["=value"], nil), (["novalue"], nil),
        // What the flow sets itself cannot be overridden.
        (["state=x"], nil), (["code_challenge=x"], nil),
    ] as [([String], [String: String]?)])
    func customParametersAreCheckedBeforeAnythingIsAsked(pairs: [String], expected: [String: String]?) {
        let parsed = try? SignIn.customParameters(pairs)
        #expect(parsed == expected)
    }

    @Test(arguments: [
        (Array("  eyJ.a.b \n".utf8) as [UInt8]?, "eyJ.a.b" as String?),
        (Array("".utf8), ""),
        (nil, nil),
    ] as [([UInt8]?, String?)])
    func aTokenFromStandardInput(bytes: [UInt8]?, expected: String?) throws {
        var asked: Int?
        let read = { (limit: Int) -> [UInt8]? in
            asked = limit
            return bytes
        }
        if let expected {
            #expect(try StandardInputToken.read(read) == expected)
        } else {
            let error = #expect(throws: JOSEError.self) { try StandardInputToken.read(read) }
            #expect(error == .tokenTooLarge(byteCount: StandardInputToken.maximumBytes + 3, limit: StandardInputToken.maximumBytes))
        }
        // One token and its line break, never more.
        #expect(asked == StandardInputToken.maximumBytes + 2)
    }

    @Test func theChoicesOfANotSignedInAreTheProvidersAddedHere() throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try Self.runtime(directory: directory)
        try runtime.checkHome()
        #expect(ProviderRoutes(runtime: runtime).choices() == [])
        try runtime.registry.add(ProviderConfiguration(id: "oidc.corp", issuer: "https://corp.example", clientID: "cli"))
        #expect(ProviderRoutes(runtime: runtime).choices() == ["oidc.corp"])
        // The account-exists hint gets the routes of the providers it names: added here, or to add.
        let routed = ProviderRoutes(runtime: runtime).routed(.accountExistsWithDifferentCredential(email: "a@b.c", providers: ["oidc.corp", "github.com"]))
        guard case .accountExistsWithDifferentCredential(_, _, let routes) = routed else {
            Issue.record("\(routed)")
            return
        }
        #expect(routes.map(\.providerID) == ["oidc.corp", "github.com"])
        #expect(routes.first?.way == .signIn && routes.last?.way != .signIn)
    }

    /// Which flow runs where, said before a browser is chosen: a provider added here runs here; one
    /// that is not runs by the project when there is one; otherwise the registry refuses it.
    @Test(arguments: [
        ("oidc.corp", false, false as Bool?), ("oidc.corp", true, false), ("github.com", true, true), ("github.com", false, nil),
        ("github", true, nil),
    ] as [(String, Bool, Bool?)])
    func theProjectRunsWhatIsNotAddedHere(providerID: String, project: Bool, expected: Bool?) throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try Self.runtime(directory: directory)
        try runtime.checkHome()
        try runtime.registry.add(ProviderConfiguration(id: "oidc.corp", issuer: "https://corp.example", clientID: "cli"))
        if project {
            try runtime.storage.store(FirebaseDocument.fileName, of: FirebaseDocument.self).update {
                $0.project = FirebaseProject(apiKey: "key", projectID: "demo")
            }
            // The project's password sign-in is a choice too.
            #expect(ProviderRoutes(runtime: runtime).choices() == ["oidc.corp", "password"])
        }
        #expect((try? SignIn(runtime: runtime).runsByProject(providerID)) == expected)
    }

    @Test(arguments: [true, false])
    func thePortsAreTheDoorsCallbacksOverTheRuntimesEffects(opens: Bool) throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try Self.runtime(directory: directory).withDeadline(.seconds(42), setting: "--timeout")
        let shown = Shown()
        let ports = SignIn.Ports(
            runtime: runtime, browser: Opener(), opensBrowser: opens, whyNoBrowser: opens ? nil : "no display", paste: .terminal,
            notify: { shown.append("notice: " + $0) }, readPastedLine: { "pasted" },
            presentForAnotherDevice: { url, following, _ in shown.append("device: \(url) \(following)") })
        #expect(ports.opensBrowser == opens && ports.paste == .terminal)
        #expect(ports.grant.whyNoBrowser == (opens ? nil : "no display"))
        #expect((ports.grant.transport as? DeadlineTransport)?.setting == "--timeout")
        ports.grant.notify("hello")
        ports.grant.showForAnotherDevice("https://x.example/device", following: "enter the code")
        #expect(shown.lines == ["notice: hello", "device: https://x.example/device enter the code"])
    }

    struct Opener: BrowserOpener {
        func open(_ url: URL) -> Bool { true }
    }

    final class Shown: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        var lines: [String] { lock.withLock { stored } }
    }
}
