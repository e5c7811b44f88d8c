import AuthApp
import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport
import Foundation
import Testing

/// A third kind of account backend, added the way Docs/Architecture.md says a new one is added: a
/// type conforming to `AccountBackendKind` in a target of its own (here, this test target) and a
/// registry that lists it. It keeps its accounts in memory and is turned on by a settings document
/// in the home (`memory-backend.json`). The use cases then run on it without knowing it exists.
@Suite struct InMemoryBackendTests {
    /// The kind's settings document: its presence in the home turns the kind on.
    struct MemorySettings: VersionedDocument, Equatable {
        static let schemaVersion = 1
        static let fileName = "memory-backend.json"
        var realm: String?
        init() { realm = nil }
    }

    /// Accounts in memory: the local account rules over in-memory documents, plus custom tokens
    /// (a capability the local backend lacks), whose token is the uid.
    struct MemoryBackend: CustomTokenAccounts, ForwardingToLocalAccounts {
        let accounts: LocalAccountBackend
        let clock: AuthPlatform.Clock


        func signIn(customToken: String) async throws -> SignInResult {
            let credential = ProviderCredential(providerID: "custom", accessToken: "memory-" + customToken, idToken: nil)
            return try await accounts.signIn(with: credential, profile: FederatedProfile(providerID: "custom", subject: customToken))
        }
    }

    /// The kind: configured by `memory-backend.json`; its documents live in memory, one store per kind value.
    struct MemoryBackendKind: AccountBackendKind {
        let documents = InMemoryDocumentStorage()
        var id: String { "memory" }

        func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend? {
            let settings = runtime.storage.store(MemorySettings.fileName, of: MemorySettings.self)
            guard FileManager.default.fileExists(atPath: runtime.home.appending(MemorySettings.fileName)) else { return nil }
            _ = try settings.read()
            return try backend(settings: [:], in: runtime)
        }

        func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend {
            let accounts = LocalAccountBackend(storage: documents, clock: runtime.clock, random: runtime.effects.random)
            return ConfiguredBackend(kindID: id, backend: MemoryBackend(accounts: accounts, clock: runtime.clock), storage: documents)
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A runtime on a fresh home with the memory kind registered first.
    static func runtime(_ kind: MemoryBackendKind, directory: String, choice: BackendChoice = .configured) throws -> AuthRuntime {
        let effects = AppEffects(
            transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .fixed(now), random: SeededRandomSource(seed: 7))
        return try AuthRuntime(
            environment: ["HOME": directory], effects: effects, options: .init(home: directory + "/home", backend: choice),
            backends: BackendRegistry.standard.registering(kind))
    }

    static func temporaryDirectory() -> String {
        var template = Array((NSTemporaryDirectory() + "authctl-app-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func theHomesSettingsDocumentTurnsTheThirdKindOn() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kind = MemoryBackendKind()
        let runtime = try Self.runtime(kind, directory: directory)
        try runtime.checkHome()
        #expect(try runtime.accounts().backend is LocalAccountBackend, "without its document, local accounts")
        try runtime.storage.store(MemorySettings.fileName, of: MemorySettings.self).update { $0.realm = "test" }
        #expect(try runtime.accounts().backend is MemoryBackend)
        // The registry names the kind by id too, whatever the home says.
        let named = try Self.runtime(kind, directory: directory, choice: .kind("memory", settings: [:]))
        #expect(try named.accounts().backend is MemoryBackend)
        #expect(throws: InvalidSetting.self) { try Self.runtime(kind, directory: directory, choice: .kind("nowhere", settings: [:])).accounts() }
    }

    @Test func theUseCasesRunOnItAndItsCapabilityIsFoundByName() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kind = MemoryBackendKind()
        let runtime = try Self.runtime(kind, directory: directory)
        try runtime.checkHome()
        // Local accounts lack custom tokens: one typed error names the capability.
        #expect(throws: CapabilityUnavailable(capability: .customTokens)) {
            try runtime.backend(as: (any CustomTokenAccounts).self, .customTokens)
        }
        try runtime.storage.store(MemorySettings.fileName, of: MemorySettings.self).update { $0.realm = "test" }

        let backend = try runtime.backend(as: (any CustomTokenAccounts).self, .customTokens)
        let signedIn = try await backend.signIn(customToken: "service-42")
        #expect(signedIn.user.providerData.map(\.providerID) == ["custom"])

        // GetToken: the one freshness rule over this backend's keystore (a token without expiry lasts).
        let token = try await GetToken(runtime: runtime).run(GetToken.Input(providerID: nil, kind: .access))
        #expect(token == GetToken.Output(value: "memory-service-42", isIDToken: false, expiresAt: nil))

        // The accounts are the kind's, in memory: nothing of them in the home's files.
        #expect(!FileManager.default.fileExists(atPath: runtime.home.appending(KeystoreDocument.fileName)))
        #expect(kind.documents.writes(to: KeystoreDocument.fileName) > 0)

        // SignOut and AccountOperations act on it too.
        let signedOut = try SignOut(runtime: runtime).signOut(all: false)
        #expect(signedOut.users == 1 && signedOut.sessions.map(\.providerID) == ["custom"])
        await #expect(throws: AccountError.self) { try await GetToken(runtime: runtime).run(GetToken.Input(providerID: nil, kind: .access)) }
        await #expect(throws: AccountError.notSignedIn) { try await AccountOperations(runtime: runtime).unlink("custom") }
    }

    /// The library's way in: AuthctlKit builds its runtime with `AuthRuntime.live` (LibraryEnvironment)
    /// and calls the use cases. `Auth.Backend`, its public choice, names no kind but the project
    /// (`.configured`, `.local`, `.firebase`), and `Auth` takes no registry: a kind outside
    /// `BackendRegistry.standard` cannot reach AuthctlKit without a public addition. So the library's
    /// entry point is shown here, with the registry given: `.configured` (what `Auth.Backend.configured`
    /// maps to) finds the kind by its settings document, and the use cases of `signIn(withCustomToken:)`,
    /// `currentUser` and `getIDToken` run on it.
    @Test func theLibrarysEntryPointReachesTheKind() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kind = MemoryBackendKind()
        let environment = EnvironmentVariables(["HOME": directory, AuthRuntime.storageVariable: "file"])
        let runtime = try AuthRuntime.live(
            environment: environment, options: AuthRuntime.Options(home: directory + "/home", backend: .configured), holdsSignals: false,
            backends: BackendRegistry.standard.registering(kind))
        try runtime.checkHome()
        try runtime.storage.store(MemorySettings.fileName, of: MemorySettings.self).update { $0.realm = "library" }

        let signedIn = try await CustomToken(runtime: runtime).signIn("library-7")
        #expect(signedIn.user.providerData.map(\.providerID) == ["custom"])
        #expect(try await CurrentUser(runtime: runtime).run(from: .keystore)?.uid == signedIn.user.uid)
        let token = try await GetToken(runtime: runtime).run(GetToken.Input(providerID: nil, kind: .access))
        #expect(token.value == "memory-library-7")
        #expect(kind.documents.writes(to: KeystoreDocument.fileName) > 0)
        #expect(!FileManager.default.fileExists(atPath: runtime.home.appending(KeystoreDocument.fileName)))
    }
}
