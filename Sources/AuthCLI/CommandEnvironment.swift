import AuthCore
import AuthFirebase
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AuthJOSE
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage

/// A command's view of the world: the context plus the resolved global options.
struct CommandEnvironment: Sendable {
    /// `AUTHCTL_LOCK_TIMEOUT`: how long to wait for another authctl process holding the lock
    /// (default ``KeystoreLimits/defaultLockTimeout``), in seconds, fractions allowed.
    static let lockTimeoutVariable = "AUTHCTL_LOCK_TIMEOUT"
    static let lockTimeoutRange: ClosedRange<Double> = 0...3600
    /// `AUTHCTL_TIMEOUT`: the deadline, in seconds, for everything a command sends over the
    /// network (default ``defaultNetworkBudget``); `signin`, `link` and `reauth` use `--timeout`.
    static let networkTimeoutVariable = "AUTHCTL_TIMEOUT"
    static let networkTimeoutRange: ClosedRange<Double> = 1...3600
    static let defaultNetworkBudget: Duration = .seconds(30)
    /// Client secrets and ID tokens read from stdin are small.
    static let maximumStandardInputBytes = 64 * 1024

    let context: CommandContext
    let home: HomeDirectory
    /// Discovery documents and JWK sets (public data): see ``resolveCache(globals:environment:home:)``.
    let cacheDirectory: String
    let json: Bool
    let verbose: Bool
    let color: Bool
    let lockTimeout: Duration
    /// Every request the command sends, bounded by the command's deadline.
    private(set) var transport: DeadlineTransport
    /// Where a sign-in gets a second factor's code (`--totp`, or a prompt on a terminal).
    var secondFactor: SecondFactorSource = .none

    init(context: CommandContext, globals: GlobalOptions, command: [String]) throws {
        self.context = context
        home = HomeDirectory(path: try Self.resolveHome(globals: globals, environment: context.environment))
        cacheDirectory = Self.resolveCache(globals: globals, environment: context.environment, home: home)
        json = globals.json
        verbose = globals.verbose
        color = !globals.noColor && context.standardErrorIsTerminal && context.environment["NO_COLOR"] == nil
        lockTimeout = try context.environment[Self.lockTimeoutVariable].map {
            try Self.seconds($0, variable: Self.lockTimeoutVariable, in: Self.lockTimeoutRange, command: command)
        } ?? KeystoreLimits.defaultLockTimeout
        let budget = try context.environment[Self.networkTimeoutVariable].map {
            try Self.seconds($0, variable: Self.networkTimeoutVariable, in: Self.networkTimeoutRange, command: command)
        }
        transport = DeadlineTransport(
            context.transport, budget: budget ?? Self.defaultNetworkBudget,
            setting: budget == nil ? "the default; set AUTHCTL_TIMEOUT for more" : Self.networkTimeoutVariable, clock: context.clock)
    }

    /// The same environment with a deadline of `budget` from now (`signin --timeout`), set by `setting`.
    func withDeadline(_ budget: Duration, setting: String) -> CommandEnvironment {
        var copy = self
        copy.transport = DeadlineTransport(context.transport, budget: budget, setting: setting, clock: context.clock)
        return copy
    }

    /// A number of seconds from the environment, checked against `range` before any arithmetic:
    /// `inf`, `nan`, `1e20`, `-1`, an empty or non-numeric value is a usage error naming the
    /// variable and the range, never a trap.
    static func seconds(_ text: String, variable: String, in range: ClosedRange<Double>, command: [String]) throws(UsageError) -> Duration {
        guard let seconds = Double(text.trimmingSpaces()), seconds.isFinite, range.contains(seconds) else {
            throw .invalidValue(
                option: variable, value: text,
                reason: "expected a number of seconds from \(Int(range.lowerBound)) to \(Int(range.upperBound))", command: command)
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// `--home`, else `AUTHCTL_HOME`, else `$XDG_CONFIG_HOME/authctl`, else `~/.config/authctl`.
    static func resolveHome(globals: GlobalOptions, environment: EnvironmentVariables) throws -> String {
        if let home = globals.home(environment: environment), !home.isEmpty { return home }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/authctl" }
        guard let userHome = environment["HOME"], !userHome.isEmpty else {
            throw UsageError.invalidValue(option: "--home", value: "", reason: "HOME is not set; give --home DIR or AUTHCTL_HOME")
        }
        return userHome + "/.config/authctl"
    }

    /// `<home>/cache` when the home was chosen (`--home`, `AUTHCTL_HOME`: tests, several
    /// identities side by side), else `$XDG_CACHE_HOME/authctl`, else `~/.cache/authctl`.
    static func resolveCache(globals: GlobalOptions, environment: EnvironmentVariables, home: HomeDirectory) -> String {
        if let chosen = globals.home(environment: environment), !chosen.isEmpty { return home.cacheDirectory.path }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/authctl" }
        if let userHome = environment["HOME"], !userHome.isEmpty { return userHome + "/.cache/authctl" }
        return home.cacheDirectory.path
    }

    var storage: HomeDocumentStorage { HomeDocumentStorage(home: home, lockTimeout: lockTimeout, sealer: sealer) }

    /// `AUTHCTL_STORAGE`: where long-lived secrets go (auto, keyring, file); overrides `config set storage`.
    static let storageVariable = "AUTHCTL_STORAGE"

    /// Moves long-lived secrets to the keyring per the storage policy (Decisions/0024). The
    /// policy is read, and the keyring reached, only by a write that holds a secret or a read of
    /// a document that names one: never by `token` with a valid cached token.
    var sealer: SecretSealer {
        let context = context
        let home = home
        let vault = context.secretVault?(home.path) ?? UnavailableSecretVault(reason: "this authctl has no system keyring")
        return SecretSealer(
            vault: vault, policy: { try Self.storagePolicy(environment: context.environment, home: home) },
            notice: { context.writeStandardError($0 + "\n") })
    }

    /// `AUTHCTL_STORAGE`, else `config set storage`, else auto.
    static func storagePolicy(environment: EnvironmentVariables, home: HomeDirectory) throws -> SecretPlacement {
        if let text = environment[storageVariable] {
            guard let placement = SecretPlacement(rawValue: text) else {
                throw UsageError.invalidValue(option: storageVariable, value: text, reason: "expected auto, keyring or file")
            }
            return placement
        }
        let configured = try SecureFileStore<AccountPolicy>(home: home, fileName: AccountPolicy.fileName).read().storage
        return configured.flatMap(SecretPlacement.init(rawValue:)) ?? .auto
    }

    /// The Firebase project accounts live in (`authctl firebase use`), or nil for local accounts.
    var firebaseProject: FirebaseProject? {
        get throws { try storage.store(FirebaseDocument.fileName, of: FirebaseDocument.self).read().project }
    }

    /// The account service: a configured Firebase project's, else local accounts in the keystore.
    var auth: Auth {
        get throws {
            guard let project = try firebaseProject else { return localAuth }
            let backend = try firebaseBackend(project)
            return Auth(storage: backend.storage, backend: backend.backend, clock: context.clock)
        }
    }

    /// The local account rules on the keystore ``auth`` reads (the project's namespace with a
    /// Firebase project): for sessions that are no project user's, such as a client's own.
    var keystoreBackend: LocalAccountBackend {
        get throws {
            let keystore: any DocumentStorage = try firebaseProject.map { try firebaseBackend($0).storage } ?? storage
            return LocalAccountBackend(storage: keystore, clock: context.clock, random: context.random)
        }
    }

    /// Local accounts, whatever the backend: `config` edits their rules.
    var localAuth: Auth {
        Auth(storage: storage, backend: LocalAccountBackend(storage: storage, clock: context.clock, random: context.random), clock: context.clock)
    }

    /// How each of `providers` can sign in here: configured, addable, or only through a project.
    func signInRoutes(_ providers: [String]) -> [SignInRoute] {
        let configured = Set(((try? registry.all()) ?? []).map(\.id))
        let hasProject = ((try? firebaseProject) ?? nil) != nil
        return SignInRoute.routes(for: providers, configured: configured, presets: registry.presets, hasProject: hasProject)
    }

    /// The project's backend, with its own keystore namespace; endpoints per `FIREBASE_AUTH_EMULATOR_HOST`.
    func firebaseBackend(_ project: FirebaseProject) throws -> (backend: FirebaseAccountBackend, storage: NamespacedDocumentStorage) {
        let storage = NamespacedDocumentStorage(storage, namespace: project.storageNamespace)
        let backend = FirebaseAccountBackend(
            project: project, endpoints: try firebaseEndpoints, storage: storage, transport: transport, clock: context.clock,
            secondFactor: secondFactor
        )
        return (backend, storage)
    }

    /// The account backend as `Capability` (email and password, custom tokens): what only some
    /// backends can do; without one that can, the error says to configure a Firebase project.
    func backend<Capability>(as capability: Capability.Type) throws -> Capability {
        guard let backend = try auth.backend as? Capability else { throw FirebaseError.notConfigured }
        return backend
    }

    /// The same environment, whose sign-ins take a second factor's code from `totp`, else from
    /// the person at a terminal (no echo), else from nowhere.
    func withSecondFactor(totp: String?) -> CommandEnvironment {
        var copy = self
        let context = context
        copy.secondFactor = SecondFactorSource { factor in
            if let totp { return totp }
            guard context.standardInputIsTerminal else { return nil }
            return await context.readSecret("Code from your authenticator app (\(factor.displayName ?? "TOTP")): ")
        }
        return copy
    }

    var firebaseEndpoints: FirebaseEndpoints {
        get throws { try FirebaseEndpoints(emulatorHost: context.environment[FirebaseEndpoints.emulatorHostVariable]) }
    }

    var registry: ProviderRegistry { ProviderRegistry(storage: storage) }

    /// The effects a provider needs, with `--verbose` lines on stderr.
    var services: ProviderServices {
        let context = context
        let verbose = verbose
        return ProviderServices(
            transport: transport, clock: context.clock, cacheDirectory: cacheDirectory,
            log: { if verbose { context.writeStandardError("authctl: " + $0 + "\n") } },
            interrupts: context.interrupts, afterRefreshAnswer: testHoldAfterRefreshAnswer, environment: context.environment
        )
    }

    /// The test-only pause between a refresh's answer being journaled and being stored, so the
    /// end-to-end suite can kill the process there: `AUTHCTL_TEST_HOLD_REFRESH=SECONDS` (1-600).
    /// Says so on stderr; unset (always, in use), it does nothing.
    var testHoldAfterRefreshAnswer: @Sendable () async -> Void {
        guard let text = context.environment[Self.testHoldVariable],
            let seconds = Int(text), (1...600).contains(seconds)
        else { return {} }
        let context = context
        return {
            context.writeStandardError("authctl: \(Self.testHoldVariable): holding the refresh answer for \(seconds) s\n")
            try? await Task.sleep(for: .seconds(seconds))
        }
    }

    static let testHoldVariable = "AUTHCTL_TEST_HOLD_REFRESH"

    /// The waiting line only for a person at a terminal: not with --json (stderr is then read by
    /// a program) nor --verbose (its lines would interleave).
    var showsProgress: Bool { context.standardErrorIsTerminal && !json && !verbose }

    /// The effects a grant needs, with messages and `--verbose` lines on stderr; `qr` is
    /// `--qr`/`--no-qr` (nil: QR codes on a terminal, without --json).
    func grantContext(browser: any BrowserOpener, qr: Bool? = nil) -> GrantContext {
        let context = context
        let drawsQRCodes = qr ?? (context.standardErrorIsTerminal && !json)
        let drawQRCode: @Sendable (String) -> Void = { url in
            guard drawsQRCodes else { return }
            Self.drawQRCode(url, columns: max(QRCodeText.maximumColumns, context.terminalColumns() ?? 0), write: context.writeStandardError)
        }
        return GrantContext(
            transport: transport, clock: context.clock, random: context.random, browser: browser,
            notify: { context.writeStandardError($0 + "\n") }, log: services.log, readPastedLine: context.readLine,
            progress: showsProgress ? TerminalProgress(write: context.writeStandardError, clock: context.clock) : NoProgress(),
            drawQRCode: drawQRCode
        )
    }

    /// `url` as a QR code in half blocks as wide as `columns` allows (80, or the terminal's width
    /// when it is wider), or a line saying it is too long for them.
    static func drawQRCode(_ url: String, columns: Int = QRCodeText.maximumColumns, write: @Sendable (String) -> Void) {
        guard let lines = QRCodeText.lines(for: url, columns: columns) else {
            let limit = QRCodeSpec.byteCapacity(version: QRCodeText.maximumVersion(columns: columns))
            write("(No QR code: the URL is \(url.utf8.count) bytes, and one that fits \(columns) columns holds \(limit).)\n")
            return
        }
        write(lines.joined(separator: "\n") + "\n\n")
    }

    /// The validator for `provider`'s ID tokens (discovery, JWK set), for `verify`.
    func idTokenValidator(for provider: ProviderConfiguration) async throws -> IDTokenValidator {
        try await registry.resolve(provider, services: services).idTokenValidator(services: services)
    }

    /// A JWT from stdin, trimmed; at most one token's worth of bytes.
    func readToken() throws -> String {
        guard let bytes = context.readStandardInput(CompactJWS.maximumTokenBytes + 2) else {
            throw JOSEError.tokenTooLarge(byteCount: CompactJWS.maximumTokenBytes + 3, limit: CompactJWS.maximumTokenBytes)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }

    /// Data, on stdout.
    func output(_ text: String) { context.writeStandardOutput(text) }
    /// One of authctl's own JSON documents, on stdout; a top-level object carries
    /// ``JSONSchema/version`` as `"schema"` (README, "JSON output").
    func output(_ value: JSONValue) { output(foreign: JSONSchema.stamped(value)) }
    /// A document whose shape belongs to someone else (kubectl's ExecCredential, docker's
    /// credential, a token's own claims), printed as it is.
    func output(foreign value: JSONValue) { context.writeStandardOutput(value.serialized(pretty: true) + "\n") }
    /// A message for the person, on stderr.
    func notice(_ text: String) { context.writeStandardError(text + "\n") }
    /// `--verbose` only; callers never pass secrets.
    func log(_ text: String) { if verbose { context.writeStandardError("authctl: " + text + "\n") } }
}
