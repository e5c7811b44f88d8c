import AuthApp
import AuthPlatform

/// Ctrl-C at a prompt (a pasted link, a code, a password) or during a sign-in's wait: exit 4,
/// with what was not done; nothing is stored.
struct Interrupted: AuthCoreError, Equatable {
    /// What was not done, for the person: "… cancelled (interrupted); …".
    var message: String
    var code: ErrorCode { .cancelled }

    static let signIn = Interrupted(message: "sign-in cancelled (interrupted); nothing was stored")
    static let link = Interrupted(message: "linking cancelled (interrupted); nothing was linked or stored")
    static let reauthentication = Interrupted(message: "reauthentication cancelled (interrupted); nothing was stored")
    static let enrolment = Interrupted(message: "enrolment cancelled (interrupted); no factor was enrolled")
    static let passwordChange = Interrupted(message: "password change cancelled (interrupted); the password was not changed")
    static let applyCode = Interrupted(message: "cancelled (interrupted); the link was not applied")

    /// The message of a sign-in, link or reauthentication ended by Ctrl-C.
    static func of(_ purpose: FederatedPurpose) -> Interrupted {
        switch purpose {
        case .signIn: .signIn
        case .link: .link
        case .reauthenticate: .reauthentication
        }
    }
}

extension CommandEnvironment {
    /// Runs `body` in a task that Ctrl-C (and SIGTERM) cancels; a body that then ends by throwing
    /// ends as `interrupted` (exit 4), whatever it threw. A body that finishes anyway (the line
    /// came with the Ctrl-C, the sign-in was already stored) keeps its result. The body's waits
    /// must end when cancelled: ``LineReader`` and the live `readSecret` do, returning nil.
    /// Outside every `interruptible`, Ctrl-C has its default action (the live handlers hand it on).
    func interruptible<Value: Sendable>(
        _ interrupted: Interrupted, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let task = Task { try await body() }
        let removeHandler = context.onInterrupt { task.cancel() }
        defer { removeHandler() }
        do {
            return try await task.value
        } catch where task.isCancelled {
            throw interrupted
        }
    }
}
