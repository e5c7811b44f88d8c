import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage

/// One live wiring for both front doors: the home, the cache, the storage policy with its
/// sealer and vault, the transport with its deadline, the clock, randomness, the version, and
/// the account backend the home configures. The command and the library build one each from
/// the same rules, so a session one of them stores is one the other can use.
///
/// Building it reads only the environment: no file, no library, no keyring. The hot path (a
/// cached token) pays for nothing it does not use (Decisions/0017, 0028).
package struct AuthRuntime: Sendable {
    /// authctl's version: the transport's User-Agent and `authctl --version`.
    package static let version = "0.3.0"

    /// `AUTHCTL_LOCK_TIMEOUT`: how long to wait for another process holding the lock
    /// (default ``KeystoreLimits/defaultLockTimeout``), in seconds, fractions allowed.
    package static let lockTimeoutVariable = "AUTHCTL_LOCK_TIMEOUT"
    static let lockTimeoutRange: ClosedRange<Double> = 0...3600
    /// `AUTHCTL_TIMEOUT`: the deadline, in seconds, for everything one operation sends over the
    /// network (default ``defaultNetworkBudget``); a sign-in takes its own (its timeout).
    package static let networkTimeoutVariable = "AUTHCTL_TIMEOUT"
    static let networkTimeoutRange: ClosedRange<Double> = 1...3600
    package static let defaultNetworkBudget: Duration = .seconds(30)
    /// `AUTHCTL_STORAGE`: where long-lived secrets go (auto, keyring, file); overrides the home's setting.
    package static let storageVariable = "AUTHCTL_STORAGE"
    /// `AUTHCTL_HOME`: the home directory, as a chosen one (its cache inside it).
    package static let homeVariable = "AUTHCTL_HOME"

    /// What a front door decides about the runtime it gets.
    package struct Options: Sendable {
        /// The home a front door was given (`--home`, `Auth(home:)`); nil: `AUTHCTL_HOME`, else the
        /// user's default, which the runtime resolves (``resolveHome(chosen:environment:)``).
        package var home: String?
        /// Which account backend: the one the home configures, or one the program names.
        package var backend: BackendChoice
        /// A message for the person (stderr, or the program's presenter).
        package var notice: @Sendable (String) -> Void
        /// Diagnostics (`--verbose`); never given a secret.
        package var log: @Sendable (String) -> Void
        /// Where a sign-in gets a second factor's code.
        package var secondFactor: SecondFactorSource
        /// The test-only pause between a refresh's answer being journaled and being stored.
        package var afterRefreshAnswer: @Sendable () async -> Void
        /// What the program set for the calls to its project (the library's `Auth.tenantID`,
        /// `languageCode`, `customAuthDomain`, `useEmulator`): ``with(_:)``.
        package var projectCalls = ProjectCallSettings()

        package init(
            home: String? = nil, backend: BackendChoice = .configured, notice: @escaping @Sendable (String) -> Void = { _ in },
            log: @escaping @Sendable (String) -> Void = { _ in }, secondFactor: SecondFactorSource = .none,
            afterRefreshAnswer: @escaping @Sendable () async -> Void = {}
        ) {
            self.home = home
            self.backend = backend
            self.notice = notice
            self.log = log
            self.secondFactor = secondFactor
            self.afterRefreshAnswer = afterRefreshAnswer
        }
    }

    package let environment: EnvironmentVariables
    package let effects: AppEffects
    package private(set) var options: Options
    package let home: HomeDirectory
    /// Discovery documents and JWK sets (public data): see ``resolveCache(chosenHome:environment:home:)``.
    package let cacheDirectory: String
    package let lockTimeout: Duration
    /// Every request of one operation, bounded by its deadline.
    package private(set) var transport: DeadlineTransport
    /// The kinds of account backend this runtime can run.
    package let backends: BackendRegistry

    package init(environment: EnvironmentVariables, effects: AppEffects, options: Options, backends: BackendRegistry = .standard) throws {
        self.environment = environment
        self.effects = effects
        self.options = options
        self.backends = backends
        let chosen = Self.chosenHome(options.home, environment: environment)
        home = HomeDirectory(path: try Self.resolveHome(chosen: chosen, environment: environment))
        cacheDirectory = Self.resolveCache(chosenHome: chosen, environment: environment, home: home)
        lockTimeout = try environment[Self.lockTimeoutVariable].map {
            try Self.seconds($0, setting: Self.lockTimeoutVariable, in: Self.lockTimeoutRange)
        } ?? KeystoreLimits.defaultLockTimeout
        let budget = try environment[Self.networkTimeoutVariable].map {
            try Self.seconds($0, setting: Self.networkTimeoutVariable, in: Self.networkTimeoutRange)
        }
        transport = DeadlineTransport(
            effects.transport, budget: budget ?? Self.defaultNetworkBudget,
            setting: budget == nil ? "the default; set \(Self.networkTimeoutVariable) for more" : Self.networkTimeoutVariable,
            clock: effects.clock)
    }

    /// The live runtime of a process: ``AppEffects/live(environment:holdsSignals:)``.
    package static func live(
        environment: EnvironmentVariables, options: Options, holdsSignals: Bool, backends: BackendRegistry = .standard
    ) throws -> AuthRuntime {
        try AuthRuntime(environment: environment, effects: .live(environment: environment, holdsSignals: holdsSignals), options: options, backends: backends)
    }

    /// The same runtime with a deadline of `budget` from now (a sign-in's timeout), set by `setting`.
    package func withDeadline(_ budget: Duration, setting: String) -> AuthRuntime {
        var copy = self
        copy.transport = DeadlineTransport(effects.transport, budget: budget, setting: setting, clock: effects.clock)
        return copy
    }

    package var clock: Clock { effects.clock }

    /// The same runtime with the program's settings for the calls to its project, checked.
    package func with(_ projectCalls: ProjectCallSettings) throws -> AuthRuntime {
        var copy = self
        copy.options.projectCalls = try projectCalls.checked()
        return copy
    }

    // MARK: Home and cache

    /// The home a front door was given, else `AUTHCTL_HOME`: a chosen home (its cache inside it),
    /// or nil for the user's default. The one place the variable is read.
    package static func chosenHome(_ given: String?, environment: EnvironmentVariables) -> String? {
        if let given, !given.isEmpty { return given }
        if let variable = environment[homeVariable], !variable.isEmpty { return variable }
        return nil
    }

    /// The home a front door was given, else `AUTHCTL_HOME`, else `$XDG_CONFIG_HOME/authctl`, else
    /// `~/.config/authctl`: the one home rule of both doors.
    package static func resolveHome(chosen given: String?, environment: EnvironmentVariables) throws(InvalidSetting) -> String {
        if let chosen = chosenHome(given, environment: environment) { return chosen }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/authctl" }
        guard let userHome = environment["HOME"], !userHome.isEmpty else { throw InvalidSetting.homeUnset }
        return userHome + "/.config/authctl"
    }

    /// `<home>/cache` when the home was chosen (tests, several identities side by side), else
    /// `$XDG_CACHE_HOME/authctl`, else `~/.cache/authctl`.
    package static func resolveCache(chosenHome: String?, environment: EnvironmentVariables, home: HomeDirectory) -> String {
        if let chosenHome, !chosenHome.isEmpty { return home.cacheDirectory.path }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/authctl" }
        if let userHome = environment["HOME"], !userHome.isEmpty { return userHome + "/.cache/authctl" }
        return home.cacheDirectory.path
    }

    /// The home exists, is private and can be written, before anything is asked of the person.
    package func checkHome() throws {
        try home.checkWritable()
    }

    /// A number of seconds from the environment, checked against `range` before any arithmetic:
    /// `inf`, `nan`, `1e20`, `-1`, an empty or non-numeric value is refused naming the setting and
    /// the range, never a trap.
    package static func seconds(_ text: String, setting: String, in range: ClosedRange<Double>) throws(InvalidSetting) -> Duration {
        guard let seconds = Double(text.trimmingSpaces()), seconds.isFinite, range.contains(seconds) else {
            throw InvalidSetting(
                setting: setting, value: text, reason: "expected a number of seconds from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    // MARK: Storage

    /// The home's documents, long-lived secrets sealed into the keyring per the storage policy:
    /// the one storage seam every use case and backend reads and writes through (issue 35 item 6).
    package var storage: any DocumentStorage { sealedStorage }

    /// The same documents as the files hold them, a sealed member as its keyring reference: for a
    /// reader that needs no secret (completion values), so that pressing Tab never asks the keyring.
    package var storageWithoutSecrets: any DocumentStorage { sealedStorage.base }

    /// Every secret of the home moved to where the storage policy now keeps them (Decisions/0024).
    package func migrateSecrets(forgetAutoChoice: Bool) throws -> [String] {
        try sealedStorage.migrateSecrets(Self.sealableDocuments, forgetAutoChoice: forgetAutoChoice)
    }

    /// The package's one construction of the home's file storage: the files, with the sealing
    /// layer over them.
    private var sealedStorage: SealedDocumentStorage<HomeDocumentStorage> {
        SealedDocumentStorage(HomeDocumentStorage(home: home, lockTimeout: lockTimeout), sealer: sealer)
    }

    /// The storage the backend in use keeps its signed-in users in (the home's, or a project's
    /// namespace of it), with its change stamp (``DocumentStorage/changeStamp(of:)``): what the
    /// library's listeners poll.
    package func accountStorage() throws -> any DocumentStorage {
        try backends.backend(for: options.backend, in: self).storage
    }

    /// The documents that can hold long-lived secrets, by file name (also under a namespace):
    /// what a change of the storage policy moves.
    package static let sealableDocuments: [String: any VersionedDocument.Type] = [
        KeystoreDocument.fileName: KeystoreDocument.self, ProvidersDocument.fileName: ProvidersDocument.self,
        PendingDocument.fileName: PendingDocument.self, RefreshJournal.fileName: RefreshJournal.self,
    ]

    /// Moves long-lived secrets to the keyring per the storage policy (Decisions/0024). The
    /// policy is read, and the keyring reached, only by a write that holds a secret or a read of
    /// a document that names one: never by `token` with a valid cached token.
    package var sealer: SecretSealer {
        let environment = environment
        let home = home
        let vault = effects.secretVault?(home.path) ?? UnavailableSecretVault(reason: "this program has no system keyring")
        return SecretSealer(
            vault: vault, policy: { try Self.storagePolicy(environment: environment, home: home) }, notice: options.notice)
    }

    /// `AUTHCTL_STORAGE`, else the home's setting, else auto.
    package static func storagePolicy(environment: EnvironmentVariables, home: HomeDirectory) throws -> SecretPlacement {
        if let text = environment[storageVariable] {
            guard let placement = SecretPlacement(rawValue: text) else {
                throw InvalidSetting(setting: storageVariable, value: text, reason: "expected auto, keyring or file")
            }
            return placement
        }
        let configured = try SecureFileStore<AccountPolicy>(home: home, fileName: AccountPolicy.fileName).read().storage
        return configured.flatMap(SecretPlacement.init(rawValue:)) ?? .auto
    }

    /// Under `storage keyring`, the keyring must answer before a sign-in asks anything of the
    /// person: a locked or absent keyring fails at once (exit 11, with its fix), never after the
    /// person signed in (``SecretSealer/preflight(path:)``).
    package func checkSecretStorage() throws {
        try sealer.preflight(path: home.appending(KeystoreDocument.fileName))
    }

    // MARK: Providers

    package var registry: ProviderRegistry { ProviderRegistry(storage: storage) }

    /// The effects a provider needs.
    package var services: ProviderServices {
        ProviderServices(
            transport: transport, clock: effects.clock, cacheDirectory: cacheDirectory, log: options.log,
            interrupts: effects.interrupts, afterRefreshAnswer: options.afterRefreshAnswer, environment: environment)
    }

    // MARK: Accounts

    /// The account service of the backend this runtime runs: the one the options name, else the
    /// first kind the home configures, else local accounts.
    package func accounts() throws -> AccountService {
        let chosen = try backends.backend(for: options.backend, in: self)
        return AccountService(storage: chosen.storage, backend: chosen.backend, clock: effects.clock)
    }

    /// Local accounts in the home, whatever the backend: their rules (`config`) and a client's own sessions.
    package func localAccounts() -> AccountService {
        AccountService(storage: storage, backend: LocalAccountBackend(storage: storage, clock: effects.clock, random: effects.random), clock: effects.clock)
    }

    /// The local account rules on the keystore ``accounts()`` reads (the project's namespace with
    /// a project): for sessions that are no project user's, such as a client's own.
    package func keystoreBackend() throws -> LocalAccountBackend {
        let chosen = try backends.backend(for: options.backend, in: self)
        return LocalAccountBackend(storage: chosen.storage, clock: effects.clock, random: effects.random)
    }

    /// The backend as `Capability` (email and password, custom tokens, a provider-flow broker), or
    /// ``CapabilityUnavailable`` naming what is missing.
    package func backend<Capability>(as capability: Capability.Type, _ name: BackendCapability) throws -> Capability {
        guard let backend = try accounts().backend as? Capability else { throw CapabilityUnavailable(capability: name) }
        return backend
    }

    /// Whether the backend in use has a project that can run providers' flows.
    package var hasProject: Bool {
        ((try? accounts().backend) as? any ProviderFlowBroker) != nil
    }
}

/// A setting read from the environment (or a home the user must name) that cannot be used.
package struct InvalidSetting: AuthCoreError, Equatable {
    package var setting: String
    package var value: String
    package var reason: String

    package init(setting: String, value: String, reason: String) {
        self.setting = setting
        self.value = value
        self.reason = reason
    }

    /// HOME is not set and no home was chosen.
    package static let homeUnset = InvalidSetting(setting: "HOME", value: "", reason: "HOME is not set; choose a home directory")

    package var code: ErrorCode { .invalidArgument }
    package var remedy: Remedy? { setting == "HOME" ? .chooseHome : nil }
    package var message: String {
        value.isEmpty ? "'\(setting)': \(reason)" : "invalid value '\(value)' for '\(setting)': \(reason)"
    }
}
