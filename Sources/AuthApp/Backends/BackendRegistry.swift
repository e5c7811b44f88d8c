import AuthCore
import AuthPlatform
import AuthStorage

/// A kind of account backend: an id, the settings document by which a home turns it on, and a
/// factory. The registry asks each kind in turn; local accounts are the fallback. A new backend
/// is a type conforming to this in its own target and one line in ``BackendRegistry/standard``.
package protocol AccountBackendKind: Sendable {
    /// `local`, `firebase`: how a program names the kind (``BackendChoice/kind(_:settings:)``).
    var id: String { get }
    /// The backend the home's settings document configures, or nil when the home does not use this kind.
    func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend?
    /// The backend for settings a program gives (the library's `Auth.Backend`), whatever the home says.
    func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend
    /// What `status` says of this kind in the home (its lines and its `--json` members), or nil
    /// for a kind that says nothing. Asked of every kind, configured or not, so the members stay
    /// in the JSON (null) when the home does not use it.
    func status(in runtime: AuthRuntime) throws -> BackendStatus?
    /// The verifier of the ID tokens this kind issues (`verify` without a provider), or nil when
    /// the home does not use this kind or it issues none.
    func idTokenVerifier(in runtime: AuthRuntime) throws -> (any BackendIDTokenVerifier)?
    /// The provider ids completion offers for this kind (`password` for a project), none when the
    /// home does not use it. Reads settings only: never the keyring, never the network.
    func completionValues(in runtime: AuthRuntime) -> [String]
    /// The option by which `verify` asks for this kind's own ID token (a project's), or nil.
    var idTokenOption: IDTokenOption? { get }
    /// The files this kind keeps in the home (its settings document, its users' keystore), for
    /// the door's table of the home's files.
    var homeFiles: [ReferenceRow] { get }
    /// The environment variables this kind reads, for the door's table of them.
    var variables: [ReferenceRow] { get }
    /// The settings command this kind brings (`use`, `show`, `off` under its name), which a
    /// front door turns into commands without naming the kind; nil for none (local accounts).
    var settingsCommand: BackendSettingsCommand? { get }
    /// Runs the action of ``settingsCommand`` named `action` with the fields given; throws
    /// ``SettingsRefusal`` for fields given in a combination it refuses.
    func runSettings(_ action: String, _ values: SettingsValues, in runtime: AuthRuntime) async throws -> SettingsReport
}

extension AccountBackendKind {
    package func status(in runtime: AuthRuntime) throws -> BackendStatus? { nil }
    package func idTokenVerifier(in runtime: AuthRuntime) throws -> (any BackendIDTokenVerifier)? { nil }
    package func completionValues(in runtime: AuthRuntime) -> [String] { [] }
    package var settingsCommand: BackendSettingsCommand? { nil }
    package var idTokenOption: IDTokenOption? { nil }
    package var homeFiles: [ReferenceRow] { [] }
    package var variables: [ReferenceRow] { [] }
    package func runSettings(_ action: String, _ values: SettingsValues, in runtime: AuthRuntime) async throws -> SettingsReport {
        throw SettingsRefusal("\(action) is not a setting of this backend")
    }
}

/// What a backend kind says in `status`: lines of text (untrusted settings among them: the door
/// shows them as it shows any file's text) and the members it adds to `status --json`.
package struct BackendStatus: Sendable, Equatable {
    package var lines: [String]
    package var members: [String: JSONValue]

    package init(lines: [String], members: [String: JSONValue]) {
        self.lines = lines
        self.members = members
    }
}

/// Checks an ID token a backend issued (a project's), as its kind knows how.
package protocol BackendIDTokenVerifier: Sendable {
    func verify(_ token: String) async throws -> VerifiedIDToken
}

/// A verified token: its claims, what was checked, and whether nothing vouches for it.
package struct VerifiedIDToken: Sendable, Equatable {
    package var claims: JSONValue
    /// What was checked, for `--verbose`: "Firebase ID token verified: RS256 signature, iss, aud, ...".
    package var checks: String
    /// Set when the token carries no signature and was accepted only because this setting (an
    /// emulator's) is set: its claims were checked, and nothing vouches for them.
    package var unsignedAcceptedBecause: String?

    package init(claims: JSONValue, checks: String, unsignedAcceptedBecause: String?) {
        self.claims = claims
        self.checks = checks
        self.unsignedAcceptedBecause = unsignedAcceptedBecause
    }
}

/// An account backend ready to use, with the document storage its signed-in users are kept in.
package struct ConfiguredBackend: Sendable {
    package var kindID: String
    package var backend: any AccountBackend
    /// The keystore's storage: the home's, or a namespace of it (a project's).
    package var storage: any DocumentStorage

    package init(kindID: String, backend: any AccountBackend, storage: any DocumentStorage) {
        self.kindID = kindID
        self.backend = backend
        self.storage = storage
    }
}

/// Which backend a runtime runs.
package enum BackendChoice: Sendable, Equatable {
    /// The first kind the home configures (`authctl firebase use`), else local accounts.
    case configured
    /// The kind with this id and these settings, whatever the home configures.
    case kind(String, settings: [String: String])
}

/// The kinds of account backend, asked in order; ``LocalBackendKind`` when none is configured.
package struct BackendRegistry: Sendable {
    package var kinds: [any AccountBackendKind]
    package var fallback: any AccountBackendKind

    package init(kinds: [any AccountBackendKind], fallback: any AccountBackendKind = LocalBackendKind()) {
        self.kinds = kinds
        self.fallback = fallback
    }

    /// Every kind, asked in order (not the fallback).
    package var all: [any AccountBackendKind] { kinds }

    /// The settings commands the kinds bring, in the registry's order.
    package var settingsCommands: [BackendSettingsCommand] { ([fallback] + kinds).compactMap(\.settingsCommand) }

    /// The `verify` options the kinds bring, in the registry's order.
    package var idTokenOptions: [IDTokenOption] { ([fallback] + kinds).compactMap(\.idTokenOption) }

    /// The kind whose `verify` option is named `name`.
    package func kind(withIDTokenOption name: String) -> (any AccountBackendKind)? {
        ([fallback] + kinds).first { $0.idTokenOption?.name == name }
    }

    /// The kind whose settings command is named `name`.
    package func kind(withSettingsCommand name: String) -> (any AccountBackendKind)? {
        ([fallback] + kinds).first { $0.settingsCommand?.name == name }
    }

    /// The kinds authctl ships. A new backend adds its kind here.
    package static let standard = BackendRegistry(kinds: [FirebaseBackendKind()])

    /// The same registry with `kind` asked first (tests register a third kind so).
    package func registering(_ kind: any AccountBackendKind) -> BackendRegistry {
        BackendRegistry(kinds: [kind] + kinds, fallback: fallback)
    }

    /// The backend `choice` names.
    package func backend(for choice: BackendChoice, in runtime: AuthRuntime) throws -> ConfiguredBackend {
        switch choice {
        case .configured:
            for kind in kinds {
                if let configured = try kind.configured(in: runtime) { return configured }
            }
            return try fallback.backend(settings: [:], in: runtime)
        case .kind(let id, let settings):
            guard let kind = ([fallback] + kinds).first(where: { $0.id == id }) else {
                throw InvalidSetting(setting: "backend", value: id, reason: "expected one of " + ([fallback] + kinds).map(\.id).joined(separator: ", "))
            }
            return try kind.backend(settings: settings, in: runtime)
        }
    }
}

/// Local accounts in the home's keystore: a random uid per person, the account rules applied here.
package struct LocalBackendKind: AccountBackendKind {
    package init() {}
    package var id: String { "local" }

    package func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend? {
        try backend(settings: [:], in: runtime)
    }

    package func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend {
        let storage = runtime.storage
        let backend = LocalAccountBackend(storage: storage, clock: runtime.effects.clock, random: runtime.effects.random)
        return ConfiguredBackend(kindID: id, backend: backend, storage: storage)
    }
}

/// What only some backends can do, by the name a person knows it by.
package enum BackendCapability: String, Sendable, Equatable {
    case passwordAccounts = "email and password accounts"
    case customTokens = "custom tokens"
    case providerFlows = "provider sign-in run by a project"
    case multiFactor = "second factors"
    case anonymousAccounts = "anonymous users"
    case emailLinks = "email link sign-in"
    case actionCodes = "emailed action codes"
    case multiFactorEnrollment = "second-factor enrolment"
    case profileChanges = "profile and verified email changes"
    case idTokenVerification = "a project's own ID tokens"
}

/// The backend in use cannot do what was asked: only a project's can (exit 12).
package struct CapabilityUnavailable: AuthCoreError, Equatable {
    package var capability: BackendCapability

    package init(capability: BackendCapability) { self.capability = capability }

    package var code: ErrorCode { .configurationError }
    package var message: String { "\(capability.rawValue) need a Firebase project, and none is configured for these accounts" }
    package var remedy: Remedy? { .configureProject(.project) }
}
