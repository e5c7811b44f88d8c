import AuthCore
import AuthOAuth
import AuthPlatform
import AuthStorage

/// Signing out: the sessions and tokens go from the home (and their keyring items with them, as
/// the sealed storage removes what no file names any more); with revocation, the tokens are
/// revoked at their providers too (RFC 7009, or GitHub's token deletion), each step reported.
package struct SignOut: Sendable {
    /// One session's revocation steps.
    package struct Revocation: Sendable {
        package var providerID: String
        package var steps: [RevocationStep]
        /// The provider could not even be set up from the configuration (not the provider's fault).
        package var unusableConfiguration: Bool
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// What a sign-out did.
    package struct Outcome: Sendable {
        /// How many users were signed in (with a provider's session or the project's own:
        /// an email-and-password or anonymous user has no provider session).
        package var users: Int
        /// The sessions removed, for revocation at their providers. Under a locked keyring, a
        /// token that stayed in it is nil here (it cannot be read, so not revoked).
        package var sessions: [ProviderCredential]
        /// The keyring items a locked keyring kept (their secrets are no longer named by any
        /// file), and the keyring's name; empty when every item went.
        package var keyringItemsLeft: [KeyringItem]
        package var keyring: String?
    }

    /// A keyring item of the home that could not be removed: what to pass to `secret-tool clear`.
    package struct KeyringItem: Sendable, Equatable {
        package var home: String
        package var document: String
        package var id: String

        package init(home: String, document: String, id: String) {
            self.home = home
            self.document = document
            self.id = id
        }

        /// The `secret-tool` command that removes it (the attributes of authctl's schema, Decisions/0024).
        package var removalCommand: String {
            "secret-tool clear authctl-home \(KeystoreError.shellQuoted(home)) authctl-document \(document) authctl-id \(id)"
        }
    }

    /// Forgets the current user's sessions (every user's with `all`); the account records stay.
    /// A locked keyring does not stop it: the session goes from the files, its secrets' items
    /// stay in the keyring (unreadable, named by nothing), and the outcome lists them.
    package func signOut(all: Bool) throws -> Outcome {
        do {
            let signedOut = try runtime.accounts().signOut(all: all)
            return Outcome(users: signedOut.users, sessions: signedOut.sessions, keyringItemsLeft: [], keyring: nil)
        } catch KeystoreError.keyringLocked {
            return try signOutPastLockedKeyring(all: all)
        }
    }

    /// The sign-out again, through a vault that leaves a locked secret as its reference (the file
    /// keeps what it kept) and notes each item it could not remove.
    private func signOutPastLockedKeyring(all: Bool) throws -> Outcome {
        let home = runtime.home.path
        let base = runtime.effects.secretVault?(home) ?? UnavailableSecretVault(reason: "this program has no system keyring")
        let left = LockedState<[KeyringItem]>([])
        var effects = runtime.effects
        effects.secretVault = { _ in LockedKeyringVault(base: base, home: home, left: left) }
        let past = try AuthRuntime(environment: runtime.environment, effects: effects, options: runtime.options, backends: runtime.backends)
        let signedOut = try past.accounts().signOut(all: all)
        let sessions = signedOut.sessions.map { session in
            var readable = session
            // A secret left in the keyring is its reference here: never sent to be revoked.
            if SecretSealer.isReference(readable.refreshToken) { readable.refreshToken = nil }
            if SecretSealer.isReference(readable.accessToken) { readable.accessToken = nil }
            return readable
        }
        let items = left.withLock { $0 }
        return Outcome(users: signedOut.users, sessions: sessions, keyringItemsLeft: items, keyring: base.name)
    }

    /// What `signout` shows: who was signed out, each revocation step, the keyring items a locked
    /// keyring kept, and the failure to report after all of it (nil when every token was revoked).
    package struct Report: Sendable {
        /// One token's revocation at its provider, as words: the token's kind (`refresh_token`,
        /// `access_token`), the outcome (`revoked`, `already-invalid`, `unsupported`, `failed`)
        /// and the provider's reason, if any.
        package struct Step: Sendable, Equatable {
            package var providerID: String
            package var token: String
            package var outcome: String
            package var reason: String?
        }

        package var users: Int
        /// Nil when revocation was not asked for.
        package var revocation: [Step]?
        package var keyringItemsLeft: [KeyringItem]
        /// The keyring's name, when it kept items.
        package var keyring: String?
        /// Thrown by the door once it has shown the rest: the local sign-out happened anyway.
        package var failure: RevocationFailed?
    }

    /// Signs out (``signOut(all:)``), then, with `revoke`, revokes the sessions it removed
    /// (``revoke(_:)``): the whole of `signout`, as values.
    package func run(all: Bool, revoke: Bool) async throws -> Report {
        let signedOut = try signOut(all: all)
        var report = Report(users: signedOut.users, keyringItemsLeft: signedOut.keyringItemsLeft, keyring: signedOut.keyring)
        if revoke {
            let revocations = await self.revoke(signedOut)
            report.revocation = revocations.flatMap { revocation in
                revocation.steps.map {
                    Report.Step(providerID: revocation.providerID, token: $0.token.rawValue, outcome: $0.outcome.name, reason: $0.outcome.reason)
                }
            }
            report.failure = RevocationFailed(revocations)
        }
        return report
    }

    /// Revokes every session a sign-out removed; never throws (an unreachable provider is a failed step).
    package func revoke(_ signedOut: Outcome) async -> [Revocation] {
        var revocations: [Revocation] = []
        for session in signedOut.sessions {
            let (steps, unusable) = await revokeTokens(of: session)
            revocations.append(Revocation(providerID: session.providerID, steps: steps, unusableConfiguration: unusable))
        }
        return revocations
    }

    func revokeTokens(of session: ProviderCredential) async -> (steps: [RevocationStep], unusableConfiguration: Bool) {
        do {
            let services = runtime.services
            let provider = try await runtime.registry.resolve(session.providerID, services: services)
            let revoker = TokenRevoker(method: await provider.revocation(services: services))
            return (await revoker.revoke(accessToken: session.accessToken, refreshToken: session.refreshToken), false)
        } catch {
            let reason = Self.describe(error)
            let steps = [session.refreshToken.map { _ in RevocableToken.refreshToken }, session.accessToken.map { _ in .accessToken }]
                .compactMap { $0 }.map { RevocationStep(token: $0, outcome: .failed(reason)) }
            return (steps, Self.isConfiguration(error))
        }
    }

    /// A failure before any revocation request: the file's problem without its fix, or the error's message.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? KeystoreError { return error.problem }
        return (error as? any AuthCoreError)?.message ?? "\(error)"
    }

    /// Whether `error`, met before any request, is about configuration rather than the provider.
    package static func isConfiguration(_ error: any Error) -> Bool {
        guard let code = (error as? any AuthCoreError)?.code else { return false }
        return [.keystoreError, .configurationError, .invalidArgument].contains(code)
    }
}

/// `signout --revoke` could not revoke every token; the local sign-out happened anyway, so
/// nothing here can be retried: the message says where the tokens stand, never "try again".
/// A provider that failed is 9; a configuration that could not be used (providers.json
/// unreadable, the provider no longer configured) is 12.
package struct RevocationFailed: AuthCoreError {
    package var failures: [String]
    package var isConfigurationProblem = false

    package init(failures: [String], isConfigurationProblem: Bool = false) {
        self.failures = failures
        self.isConfigurationProblem = isConfigurationProblem
    }

    /// The failed steps of `revocations`, or nil when every token was revoked.
    package init?(_ revocations: [SignOut.Revocation]) {
        var failures: [String] = []
        for revocation in revocations {
            for step in revocation.steps {
                if case .failed(let reason) = step.outcome { failures.append("\(revocation.providerID) \(step.token.rawValue): \(reason)") }
            }
        }
        guard !failures.isEmpty else { return nil }
        self.init(failures: failures, isConfigurationProblem: revocations.contains { $0.unusableConfiguration })
    }

    package var code: ErrorCode { isConfigurationProblem ? .configurationError : .providerError }
    package var message: String {
        let gone = isConfigurationProblem
            ? "signed out locally, but the tokens were not revoked because the provider configuration could not be used: "
            : "signed out locally, but the provider did not confirm revocation: "
        return gone + failures.joined(separator: "; ")
            + ". Those tokens stay valid at the provider until they expire; revoke them in the provider's account settings if needed."
    }
}

/// A vault for signing out while the keyring is locked: a secret it cannot read is given back as
/// its own reference (so the document is rewritten with the reference it held), and an item it
/// cannot remove is noted in `left` rather than stopping the sign-out.
struct LockedKeyringVault: SecretVault {
    let base: any SecretVault
    let home: String
    let left: LockedState<[SignOut.KeyringItem]>

    var name: String { base.name }
    func probe() throws(SecretVaultError) { try base.probe() }
    func store(_ secret: String, as item: SecretItem) throws(SecretVaultError) { try base.store(secret, as: item) }
    func ids(document: String) throws(SecretVaultError) -> [String] { try base.ids(document: document) }

    func secret(id: String, document: String) throws(SecretVaultError) -> String? {
        do {
            return try base.secret(id: id, document: document)
        } catch where error.isLocked {
            return JSONValue.string(SecretSealer.referencePrefix + id).serialized()
        }
    }

    func remove(id: String, document: String) throws(SecretVaultError) {
        do {
            try base.remove(id: id, document: document)
        } catch where error.isLocked {
            let item = SignOut.KeyringItem(home: home, document: document, id: id)
            left.withLock { $0.append(item) }
        }
    }
}
