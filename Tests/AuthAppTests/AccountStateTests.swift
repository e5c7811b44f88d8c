import AuthApp
import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport
import Foundation
import Testing

/// The account-state use cases (issue 35, 39): one answer to "can a token be had" for `status`,
/// `status --json`, `status --check`, `whoami --check` and `users`; one reload rule (the
/// backend's copy where there is one); and a backend kind's own parts (status lines, verifier,
/// completion values) reached with no door naming it.
@Suite struct AccountStateTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// An unsigned JWT with `exp` (the keystore keeps verified tokens; only `exp` is read here).
    static func jwt(exp: Date) -> String {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
        }
        return part(#"{"alg":"RS256","typ":"JWT"}"#) + "." + part(#"{"exp":\#(Int(exp.timeIntervalSince1970))}"#) + "." + part("sig")
    }

    /// One kind of session, as the keystore holds it after what happened to it.
    enum Session: String, CaseIterable, Sendable {
        case refreshable, refusedRefresh, idTokenOnlyValid, idTokenOnlyExpired, ciVariableFresh, ciVariableGone, ciStoredValid
        case projectSession, nobody

        var account: KeystoreDocument.Account? {
            let now = AccountStateTests.now
            let user = AccountRecord(uid: "u1", email: "dana@example.com", createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now,
                            providerData: [LinkedIdentity(providerID: "oidc.corp", uid: "sub-1")])
            let expired = now.addingTimeInterval(-600)
            let ci = CITokenSource(kind: .env, variable: "JOB_TOKEN")
            let sessions: [ProviderCredential]
            var backend: BackendSession?
            switch self {
            case .nobody: return nil
            case .refreshable:
                sessions = [ProviderCredential(providerID: "oidc.corp", accessToken: "at", refreshToken: "rt", expiresAt: expired, obtainedAt: expired)]
            case .refusedRefresh:
                sessions = []  // the provider refused the refresh token: the session is forgotten, the user stays
            case .idTokenOnlyValid:
                sessions = [ProviderCredential(providerID: "oidc.corp", accessToken: nil, idToken: AccountStateTests.jwt(exp: now.addingTimeInterval(600)))]
            case .idTokenOnlyExpired:
                sessions = [ProviderCredential(providerID: "oidc.corp", accessToken: nil, idToken: AccountStateTests.jwt(exp: expired))]
            case .ciVariableFresh, .ciVariableGone:
                sessions = [ProviderCredential(providerID: "oidc.corp", accessToken: nil, idToken: AccountStateTests.jwt(exp: expired),
                                            expiresAt: expired, ciSource: ci)]
            case .ciStoredValid:
                let valid = now.addingTimeInterval(600)
                sessions = [ProviderCredential(providerID: "oidc.corp", accessToken: nil, idToken: AccountStateTests.jwt(exp: valid),
                                            expiresAt: valid, ciSource: ci)]
            case .projectSession:
                sessions = []
                backend = BackendSession(issuer: "https://securetoken.google.com/p", idToken: "fit", refreshToken: "frt",
                                         expiresAt: expired, obtainedAt: expired.addingTimeInterval(-3600))
            }
            return KeystoreDocument.Account(user: user, sessions: sessions, lastProviderID: "oidc.corp", backendSession: backend)
        }

        /// The job's variable, as this process's environment holds it.
        var environment: [String: String] {
            self == .ciVariableFresh ? ["JOB_TOKEN": AccountStateTests.jwt(exp: AccountStateTests.now.addingTimeInterval(300))] : [:]
        }

        var canGetToken: Bool {
            switch self {
            case .refreshable, .idTokenOnlyValid, .ciVariableFresh, .ciStoredValid, .projectSession: true
            case .refusedRefresh, .idTokenOnlyExpired, .ciVariableGone, .nobody: false
            }
        }
    }

    /// A runtime on a fresh home holding `session`'s keystore.
    static func runtime(_ session: Session, directory: String, backends: BackendRegistry = .standard) throws -> AuthRuntime {
        let effects = AppEffects(
            transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .fixed(now), random: SeededRandomSource(seed: 3))
        let runtime = try AuthRuntime(
            environment: EnvironmentVariables(["HOME": directory].merging(session.environment) { a, _ in a }), effects: effects,
            options: .init(home: directory + "/home"), backends: backends)
        try runtime.checkHome()
        if let account = session.account {
            try runtime.storage.store(KeystoreDocument.fileName, of: KeystoreDocument.self).update { document in
                document.accounts = [account]
                document.currentUID = account.user.uid
            }
        }
        return runtime
    }

    /// Every door's question gets the same answer, the table's.
    @Test(arguments: Session.allCases)
    func everyDoorAgreesWhetherATokenCanBeHad(_ session: Session) throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try Self.runtime(session, directory: directory)
        let status = SessionStatus(runtime: runtime)
        let report = try status.run()
        #expect(try status.check() == session.canGetToken, "status --check")
        #expect(report.canGetToken == session.canGetToken, "status and status --json")
        #expect(report.current?.canGetToken ?? false == session.canGetToken, "status --json's canGetToken")
        #expect(try CurrentUser(runtime: runtime).canGetToken() == session.canGetToken, "whoami --check")
        #expect(try status.users().first?.canGetToken ?? false == session.canGetToken, "users")
        // The pure report from the keystore and the environment says the same.
        if let account = session.account {
            var keystore = KeystoreDocument()
            keystore.accounts = [account]
            keystore.currentUID = account.user.uid
            let pure = SessionStatus.report(keystore, backends: [], environment: EnvironmentVariables(session.environment), at: Self.now)
            #expect(pure.canGetToken == session.canGetToken)
        }
    }

    /// A CI session's state is read with the job's variable everywhere (`--json` once was not).
    @Test func aCISessionsStatusReadsTheJobsVariable() throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = try SessionStatus(runtime: try Self.runtime(.ciVariableFresh, directory: directory)).run()
        let provider = try #require(report.current?.providers.first?.session)
        #expect(provider.renewedFrom == "env:JOB_TOKEN" && provider.refreshable && provider.expiry.state(at: Self.now) == "expired")
        #expect(report.current?.canGetToken == true)
    }

    // MARK: One reload rule

    /// A project that knows more than the keystore: its copy of the user has the email verified
    /// (as after `applyActionCode` on another machine), and looking it up stores it over the keystore's.
    struct ProjectBackend: ForwardingToLocalAccounts {
        let accounts: LocalAccountBackend
        let storage: any DocumentStorage

        func signInMethods(forEmail email: String) async throws -> [String] { [] }

        func lookUpCurrentUser() async throws -> AccountRecord? {
            try storage.store(KeystoreDocument.fileName, of: KeystoreDocument.self).update { document in
                guard let index = document.currentAccountIndex else { return nil }
                document.accounts[index].user.emailVerified = true
                return document.accounts[index].user
            }
        }
    }

    /// The project's kind, with the parts a kind brings: its status line, its verifier and its
    /// completion value. Configured always (it stands for a home that uses it).
    struct ProjectKind: AccountBackendKind {
        let documents = InMemoryDocumentStorage()
        var id: String { "test-project" }

        func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend? { try backend(settings: [:], in: runtime) }

        func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend {
            let accounts = LocalAccountBackend(storage: documents, clock: runtime.clock, random: runtime.effects.random)
            return ConfiguredBackend(kindID: id, backend: ProjectBackend(accounts: accounts, storage: documents), storage: documents)
        }

        func status(in runtime: AuthRuntime) throws -> BackendStatus? {
            BackendStatus(lines: ["Test project: p"], members: ["testProject": "p"])
        }

        func idTokenVerifier(in runtime: AuthRuntime) throws -> (any BackendIDTokenVerifier)? { Verifier() }

        func completionValues(in runtime: AuthRuntime) -> [String] { ["test-password"] }

        struct Refused: Error {}

        struct Verifier: BackendIDTokenVerifier {
            func verify(_ token: String) async throws -> VerifiedIDToken {
                guard token == "good" else { throw Refused() }
                return VerifiedIDToken(claims: ["sub": "u1"], checks: "test token verified", unsignedAcceptedBecause: nil)
            }
        }
    }

    static func signedIn(_ kind: ProjectKind, directory: String) async throws -> AuthRuntime {
        let runtime = try Self.runtime(.nobody, directory: directory, backends: BackendRegistry.standard.registering(kind))
        let credential = ProviderCredential(providerID: "oidc.corp", accessToken: "at", refreshToken: "rt")
        _ = try await runtime.accounts().backend.signIn(
            with: credential, profile: FederatedProfile(providerID: "oidc.corp", subject: "sub-1", email: "dana@example.com"))
        return runtime
    }

    @Test func reloadTakesTheBackendsCopyAndStoresIt() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try await Self.signedIn(ProjectKind(), directory: directory)
        let current = CurrentUser(runtime: runtime)
        let before = try #require(try await current.run(from: .keystore))
        #expect(!before.emailVerified, "the keystore's copy, as signed in")
        let reloaded = try await current.signedIn(from: .backend, expectedUID: before.uid)
        #expect(reloaded.emailVerified, "the project's copy")
        #expect(try await current.run(from: .keystore)?.emailVerified == true, "stored over the keystore's")
        await #expect(throws: SignedInUserChanged.self) { try await current.signedIn(from: .backend, expectedUID: "someone-else") }
    }

    /// Local accounts: the keystore is the whole truth, so both sources agree.
    @Test func withLocalAccountsTheReloadIsTheKeystoresCopy() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try Self.runtime(.refreshable, directory: directory)
        let current = CurrentUser(runtime: runtime)
        #expect(try await current.run(from: .backend) == (try await current.run(from: .keystore)))
        #expect(try await current.run(from: .backend)?.uid == "u1")
        let nobody = try Self.runtime(.nobody, directory: directory + "-nobody")
        defer { try? FileManager.default.removeItem(atPath: directory + "-nobody") }
        await #expect(throws: AccountError.notSignedIn) { try await CurrentUser(runtime: nobody).signedIn(from: .backend) }
    }

    // MARK: A kind brings its parts

    @Test func aKindsStatusVerifierAndCompletionValuesAreReachedWithoutNamingIt() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try await Self.signedIn(ProjectKind(), directory: directory)
        let report = try SessionStatus(runtime: runtime).run()
        #expect(report.backends.contains(BackendStatus(lines: ["Test project: p"], members: ["testProject": "p"])))
        // The standard kinds speak too: Firebase, not configured here, says nothing but its null member.
        #expect(report.backends.contains(BackendStatus(lines: [], members: ["firebaseProject": .null])))
        #expect(report.current?.uid != nil && report.canGetToken)

        let verified = try await VerifyToken(runtime: runtime).run("good", issuedBy: .backend)
        #expect(verified.claims == ["sub": "u1"] && verified.unsignedAcceptedBecause == nil)
        await #expect(throws: ProjectKind.Refused.self) { try await VerifyToken(runtime: runtime).run("bad", issuedBy: .backend) }

        let values = CompletionValues(runtime: runtime).providerIDs()
        #expect(values.last == "test-password" && values.contains("github.com") && !values.contains("password"))
    }

    @Test func withoutAKindThatIssuesTokensVerifyingTheBackendsTokenNamesWhatIsMissing() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try Self.runtime(.refreshable, directory: directory)
        await #expect(throws: CapabilityUnavailable(capability: .idTokenVerification)) {
            try await VerifyToken(runtime: runtime).run("token", issuedBy: .backend)
        }
        #expect(!CompletionValues(runtime: runtime).providerIDs().contains("password"))
    }
}
