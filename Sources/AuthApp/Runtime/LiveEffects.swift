import AuthCrypto
import AuthHTTP
import AuthKeyring
import AuthOAuth
import AuthPlatform
import AuthStorage
import CSignals
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The effects the application layer runs on: the network, time, randomness, the system
/// keyring and the signal hold. Tests build their own; ``live(environment:)`` is the only place
/// in the package that builds the real ones (a unit test keeps it so).
package struct AppEffects: Sendable {
    package var transport: any HTTPTransport
    package var clock: Clock
    package var random: any RandomSource
    /// The system keyring for a home (Decisions/0024), built when a secret is first stored or
    /// read there, never by the hot path. Nil: none (`storage auto` keeps secrets in the files).
    package var secretVault: (@Sendable (_ home: String) -> any SecretVault)?
    /// Holds Ctrl-C and SIGTERM while a token refresh is in flight (Decisions/0014).
    package var interrupts: any InterruptShield

    package init(
        transport: any HTTPTransport, clock: Clock, random: any RandomSource,
        secretVault: (@Sendable (String) -> any SecretVault)? = nil, interrupts: any InterruptShield = NoInterruptShield()
    ) {
        self.transport = transport
        self.clock = clock
        self.random = random
        self.secretVault = secretVault
        self.interrupts = interrupts
    }

    /// libcurl (Linux) or URLSession (macOS), neither loaded before the first request; the system
    /// clock and generator; the Secret Service or the Keychain; the signal hold. `holdsSignals`
    /// is for a process of its own (the command), never a library inside someone else's program.
    package static func live(environment: EnvironmentVariables, holdsSignals: Bool) -> AppEffects {
        let settings = NetworkSettings(environment: environment, version: AuthRuntime.version)
        #if canImport(Darwin)
        let transport: any HTTPTransport = URLSessionTransport(settings: settings)
        #else
        let transport: any HTTPTransport = CurlTransport(settings: settings)
        #endif
        return AppEffects(
            transport: transport, clock: .system, random: SystemRandomSource(),
            secretVault: { home in liveSecretVault(home: home, environment: environment) },
            interrupts: holdsSignals ? SignalInterruptShield() : NoInterruptShield())
    }

    /// The Keychain on macOS; elsewhere the Secret Service through libsecret, loaded at its first call.
    static func liveSecretVault(home: String, environment: EnvironmentVariables) -> any SecretVault {
        #if canImport(Security)
        KeychainVault(home: home)
        #else
        SecretServiceVault(
            home: home, sessionBus: environment["DBUS_SESSION_BUS_ADDRESS"], runtimeDirectory: environment["XDG_RUNTIME_DIR"])
        #endif
    }
}

/// The live ``InterruptShield``: while held, SIGINT and SIGTERM are caught (CSignals' handler)
/// instead of ending the process. The release restores their actions and sends the process the
/// signal that came meanwhile, so it still ends as interrupted (status 130 or 143 in a shell), only
/// after the work it held for: a refresh's answer stored (Decisions/0014). The handler records the
/// signal as it arrives, so a release right after it still sees it.
package struct SignalInterruptShield: InterruptShield {
    /// What the first caught signal prints on stderr: why the process does not stop at once.
    package static let notice = "authctl: interrupted; finishing the token refresh in flight first "
        + "(at most \(Int(TokenClient.refreshHardCap)) s), so the session is not lost\n"

    package init() {}

    package func hold() -> InterruptHold {
        guard csignals_hold(Self.notice) == 0 else { return InterruptHold(release: {}) }
        return InterruptHold {
            let number = csignals_release()
            if number != 0 { kill(getpid(), number) }
        }
    }
}
