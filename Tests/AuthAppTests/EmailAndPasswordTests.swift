import AuthApp
import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport
import Foundation
import Testing

/// The password accounts, custom tokens and the providers of an email, as both doors run them:
/// each operation reaches the backend's capability once, with what the door gave, after the
/// signed-in user check; on local accounts each is the one ``CapabilityUnavailable``.
@Suite struct EmailAndPasswordTests {
    /// What the fake project was asked, in order.
    enum Call: Sendable, Equatable {
        case signIn(email: String, password: String, create: Bool)
        case reauthenticate(password: String)
        case updateEmail(String)
        case updatePassword(String)
        case sendPasswordReset(String)
        case customToken(String)
        case signInMethods(String)
    }

    /// A project with passwords and custom tokens, its accounts local rules over in-memory
    /// documents: a password sign-in signs in (or creates) the user whose uid is the email's
    /// local part; a custom token's uid is the token.
    struct FakeProject: PasswordAccounts, CustomTokenAccounts, ForwardingToLocalAccounts {
        let accounts: LocalAccountBackend
        let calls: LockedState<[Call]>
        let hidesMethods: Bool

        func signInMethods(forEmail email: String) async throws -> [String] {
            record(.signInMethods(email))
            return hidesMethods ? [] : try await accounts.signInMethods(forEmail: email)
        }
        var mayHideSignInMethods: Bool { hidesMethods }

        func record(_ call: Call) { calls.withLock { $0.append(call) } }

        static func password(_ email: String) -> (ProviderCredential, FederatedProfile) {
            let uid = String(email.prefix { $0 != "@" })  // the subject: one account per email
            return (ProviderCredential(providerID: "password", accessToken: "session-" + uid, idToken: nil),
                    FederatedProfile(providerID: "password", subject: uid, email: email, emailVerified: true))
        }

        func signIn(email: String, password: String, create: Bool) async throws -> SignInResult {
            record(.signIn(email: email, password: password, create: create))
            let (credential, profile) = Self.password(email)
            return try await accounts.signIn(with: credential, profile: profile)
        }
        func reauthenticate(password: String) async throws -> SignInResult {
            record(.reauthenticate(password: password))
            guard let current = try await accounts.lookUpCurrentUser(), let email = current.email else { throw AccountError.notSignedIn }
            let (credential, profile) = Self.password(email)
            return try await accounts.reauthenticate(with: credential, profile: profile)
        }
        func updateEmail(_ email: String) async throws -> AccountRecord {
            record(.updateEmail(email))
            guard var current = try await accounts.lookUpCurrentUser() else { throw AccountError.notSignedIn }
            current.email = email
            return current
        }
        func updatePassword(_ password: String) async throws -> AccountRecord {
            record(.updatePassword(password))
            guard let current = try await accounts.lookUpCurrentUser() else { throw AccountError.notSignedIn }
            return current
        }
        func sendPasswordReset(toEmail email: String) async throws { record(.sendPasswordReset(email)) }
        func signIn(customToken: String) async throws -> SignInResult {
            record(.customToken(customToken))
            let credential = ProviderCredential(providerID: "custom", accessToken: "custom-" + customToken, idToken: nil)
            return try await accounts.signIn(with: credential, profile: FederatedProfile(providerID: "custom", subject: customToken))
        }
    }

    /// The fake project's kind, always configured (chosen by name in these tests).
    struct FakeProjectKind: AccountBackendKind {
        let documents = InMemoryDocumentStorage()
        let calls = LockedState<[Call]>([])
        var hidesMethods = false
        var id: String { "fake-project" }

        func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend? { nil }

        func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend {
            let accounts = LocalAccountBackend(storage: documents, clock: runtime.clock, random: runtime.effects.random)
            return ConfiguredBackend(
                kindID: id, backend: FakeProject(accounts: accounts, calls: calls, hidesMethods: hidesMethods), storage: documents)
        }
    }

    /// A runtime on a fresh home: on the fake project, or (`project` false) on local accounts.
    static func runtime(_ kind: FakeProjectKind, directory: String, project: Bool = true) throws -> AuthRuntime {
        let effects = AppEffects(
            transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .fixed(InMemoryBackendTests.now),
            random: SeededRandomSource(seed: 7))
        return try AuthRuntime(
            environment: ["HOME": directory], effects: effects,
            options: .init(home: directory + "/home", backend: project ? .kind(kind.id, settings: [:]) : .configured),
            backends: BackendRegistry.standard.registering(kind))
    }

    /// One operation of a door, as the door calls it.
    enum Operation: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case signIn, signUp, reauthenticate, updateEmail, updatePassword, sendPasswordReset, customToken
        var testDescription: String { rawValue }

        /// The call the project must see for it.
        var call: Call {
            switch self {
            case .signIn: .signIn(email: "bob@example.com", password: "pw-1", create: false)
            case .signUp: .signIn(email: "bob@example.com", password: "pw-1", create: true)
            case .reauthenticate: .reauthenticate(password: "pw-1")
            case .updateEmail: .updateEmail("bob@new.example")
            case .updatePassword: .updatePassword("pw-2")
            case .sendPasswordReset: .sendPasswordReset("bob@example.com")
            case .customToken: .customToken("service-42")
            }
        }

        /// Whether it acts on the signed-in user (and so takes a program's user object).
        var actsOnCurrentUser: Bool { [.reauthenticate, .updateEmail, .updatePassword].contains(self) }
        var capability: BackendCapability { self == .customToken ? .customTokens : .passwordAccounts }

        /// Runs it; the uid of the user it answers (nil: no user).
        func run(on runtime: AuthRuntime, expectedUID: String?) async throws -> String? {
            let accounts = EmailAndPassword(runtime: runtime)
            switch self {
            case .signIn: return try await accounts.signIn(email: "bob@example.com", password: "pw-1").user.uid
            case .signUp: return try await accounts.signIn(email: "bob@example.com", password: "pw-1", mode: .signUp).user.uid
            case .reauthenticate: return try await accounts.reauthenticate(password: "pw-1", expectedUID: expectedUID).user.uid
            case .updateEmail: return try await accounts.updateEmail(to: "bob@new.example", expectedUID: expectedUID).uid
            case .updatePassword: return try await accounts.updatePassword(to: "pw-2", expectedUID: expectedUID).uid
            case .sendPasswordReset:
                try await accounts.sendPasswordReset(toEmail: "bob@example.com")
                return nil
            case .customToken: return try await CustomToken(runtime: runtime).signIn("service-42").user.uid
            }
        }
    }

    /// Who the program's user object says is signed in.
    enum Expectation: String, Sendable, CaseIterable {
        /// The command: no user object.
        case none
        /// The library, its user still signed in.
        case same
        /// The library, another user signed in since.
        case other
    }

    @Test(arguments: Operation.allCases, Expectation.allCases)
    func eachOperationReachesTheProjectOnceAfterTheUserCheck(operation: Operation, expectation: Expectation) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kind = FakeProjectKind()
        let runtime = try Self.runtime(kind, directory: directory)
        try runtime.checkHome()
        // Bob is signed in (through the use case, as a door would sign him in).
        let bob = try await EmailAndPassword(runtime: runtime).signIn(email: "bob@example.com", password: "pw-0").user.uid
        kind.calls.withLock { $0 = [] }
        let expectedUID: String? = switch expectation {
        case .none: nil
        case .same: bob
        case .other: "someone-else"
        }

        guard operation.actsOnCurrentUser, expectation == .other else {
            let uid = try await operation.run(on: runtime, expectedUID: operation.actsOnCurrentUser ? expectedUID : nil)
            #expect(kind.calls.withLock { $0 } == [operation.call])
            switch operation {
            case .sendPasswordReset: #expect(uid == nil)
            case .customToken: #expect(uid != nil && uid != bob, "the token's user, not Bob")
            default: #expect(uid == bob)
            }
            return
        }
        // Another user object: a user mismatch, and the password never leaves.
        let error = await #expect(throws: SignedInUserChanged.self) { _ = try await operation.run(on: runtime, expectedUID: expectedUID) }
        #expect(error?.expected == "someone-else" && error?.current == bob && error?.code == .userMismatch)
        #expect(kind.calls.withLock { $0 }.isEmpty)
    }

    @Test(arguments: Operation.allCases)
    func localAccountsLackTheCapabilityAndSendNothing(operation: Operation) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kind = FakeProjectKind()
        let runtime = try Self.runtime(kind, directory: directory, project: false)
        try runtime.checkHome()
        let error = await #expect(throws: CapabilityUnavailable.self) { _ = try await operation.run(on: runtime, expectedUID: nil) }
        #expect(error?.capability == operation.capability && error?.code == .configurationError)
        #expect(kind.calls.withLock { $0 }.isEmpty)
    }

    @Test(arguments: [
        // (the project hides the answer, an account has the email) -> (providers, may be hidden)
        (false, true, ["password"], false),
        (false, false, [String](), false),
        (true, true, [String](), true),
    ])
    func theProvidersOfAnEmailSayWhenEmptyMayBeHidden(hides: Bool, hasAccount: Bool, providers: [String], mayBeHidden: Bool) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var kind = FakeProjectKind()
        kind.hidesMethods = hides
        let runtime = try Self.runtime(kind, directory: directory)
        try runtime.checkHome()
        if hasAccount { _ = try await EmailAndPassword(runtime: runtime).signIn(email: "bob@example.com", password: "pw-0") }
        let answer = try await SignInMethods(runtime: runtime).providers(forEmail: "bob@example.com")
        #expect(answer == SignInMethods.Providers(providerIDs: providers, mayBeHidden: mayBeHidden))
        #expect(kind.calls.withLock { $0 }.last == .signInMethods("bob@example.com"))
    }

    @Test func localAccountsNeverHideTheirAnswer() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try Self.runtime(FakeProjectKind(), directory: directory, project: false)
        try runtime.checkHome()
        let answer = try await SignInMethods(runtime: runtime).providers(forEmail: "nobody@example.com")
        #expect(answer == SignInMethods.Providers(providerIDs: [], mayBeHidden: false))
    }
}
