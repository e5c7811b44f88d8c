import AuthCore
import AuthOAuth
import AuthPlatform
import AuthStorage

/// Every user of the keystore with each linked provider's session: its expiry, whether it can be
/// renewed, where its secrets are, and whether a token can be had without a person
/// (``TokenAvailability``). One answer for `status`, `status --json` and `status --check`: they
/// read the same report, made from the keystore, the environment (a CI session's source) and the
/// clock. Reads the keystore only: no keyring, no network.
package struct SessionStatus: Sendable {
    /// What the backend kinds say of themselves (``AccountBackendKind/status(in:)``), then each user.
    package struct Report: Sendable, Equatable {
        package var backends: [BackendStatus]
        package var users: [UserStatus]
        package var now: Date

        /// The current user's entry, if anyone is signed in.
        package var current: UserStatus? { users.first(where: \.isCurrent) }
        /// `status --check`: the current user can get a token without a person.
        package var canGetToken: Bool { current?.canGetToken == true }
    }

    package struct UserStatus: Sendable, Equatable {
        package var uid: String
        package var email: String?
        package var displayName: String?
        package var isCurrent: Bool
        /// Some token is kept for the user (a provider's or the backend's).
        package var isSignedIn: Bool
        /// A token can be had without a person (``TokenAvailability``): the one rule.
        package var canGetToken: Bool
        /// `keyring`, `file`, `keyring and file` (in the middle of a move), or nil without long-lived secrets.
        package var secretsIn: String?
        /// The keyring that holds them is locked: a refresh needs it unlocked (Decision 0042).
        package var keyringLocked = false
        package var backendSession: BackendSessionStatus?
        package var providers: [ProviderStatus]
    }

    /// The backend's own session (a project's ID token, which the project renews).
    package struct BackendSessionStatus: Sendable, Equatable {
        package var issuer: String
        package var expiresAt: Date
    }

    /// One linked provider, and its session when one is kept.
    package struct ProviderStatus: Sendable, Equatable {
        package var providerID: String
        package var accountName: String
        /// nil: signed out of this provider.
        package var session: SessionState?
    }

    package struct SessionState: Sendable, Equatable {
        package var idTokenOnly: Bool
        package var expiry: Expiry
        /// A refresh token, or a CI job's source, renews it.
        package var refreshable: Bool
        /// The CI job's source that renews it (`env:JOB_TOKEN`), if any.
        package var renewedFrom: String?
        /// What was wrong with its last ID token (Docs/Decisions/0031).
        package var idTokenNote: IDTokenNote?
    }

    /// A warning kept with a session's ID token.
    package struct IDTokenNote: Sendable, Equatable {
        package var verdict: String
        package var reason: String
        package var summary: String
        package var receivedAt: Date
    }

    /// What is known of a session's expiry: a time, none (the provider gave none: GitHub's tokens
    /// last until revoked), or unknown (a project handed the provider's tokens back without it).
    package enum Expiry: Sendable, Equatable {
        case at(Date)
        case none
        case unknown

        /// The access token's expiry, else an ID-token-only session's `exp`; through a project a
        /// missing expiry is unknown, not "no expiry".
        package init(_ session: ProviderCredential, throughProject: Bool) {
            if let expiresAt = session.expiresAt {
                self = .at(expiresAt)
            } else if session.accessToken == nil, let idToken = session.idToken, let exp = AccountService.expiry(ofJWT: idToken) {
                self = .at(exp)
            } else {
                self = throughProject ? .unknown : .none
            }
        }

        /// `expires`, `expired`, `none` or `unknown`, as `status --json` names it.
        package func state(at now: Date) -> String {
            switch self {
            case .at(let date): date > now ? "expires" : "expired"
            case .none: "none"
            case .unknown: "unknown"
            }
        }

        package var date: Date? {
            if case .at(let date) = self { return date }
            return nil
        }
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// The report of the home now.
    package func run() throws -> Report {
        let backends = try runtime.backends.all.compactMap { try $0.status(in: runtime) }
        let keystore = try runtime.accounts().keystore()
        var report = Self.report(keystore, backends: backends, environment: runtime.environment, at: runtime.clock.now())
        // One read of one item, only when the keystore keeps secrets in the keyring.
        if KeyringLock(runtime: runtime).isLocked(keystore) {
            for index in report.users.indices where report.users[index].secretsIn?.contains("keyring") == true {
                report.users[index].keyringLocked = true
            }
        }
        return report
    }

    /// `status --check` (and `whoami --check`): whether the current user gets a token without a
    /// person. Reads the keystore alone: not the backend kinds' settings.
    package func check() throws -> Bool {
        guard let account = try runtime.accounts().currentAccount() else { return false }
        return TokenAvailability.canGetToken(account, environment: runtime.environment, at: runtime.clock.now())
    }

    /// One user of the keystore, for `users`.
    package struct Listed: Sendable {
        package var user: AccountRecord
        package var isCurrent: Bool
        package var isSignedIn: Bool
        /// ``TokenAvailability``, as `status` and `token` judge it.
        package var canGetToken: Bool
    }

    /// Every user of the keystore, the current one marked, each with the one token rule's answer.
    package func users() throws -> [Listed] {
        let keystore = try runtime.accounts().keystore()
        let now = runtime.clock.now()
        return keystore.accounts.map { account in
            Listed(
                user: account.user, isCurrent: account.user.uid == keystore.currentUID, isSignedIn: account.isSignedIn,
                canGetToken: TokenAvailability.canGetToken(account, environment: runtime.environment, at: now))
        }
    }

    /// The report of `keystore` at `now`, a CI session's source read from `environment`.
    package static func report(_ keystore: KeystoreDocument, backends: [BackendStatus], environment: EnvironmentVariables, at now: Date) -> Report {
        let users = keystore.accounts.map { account in
            let throughProject = account.backendSession != nil
            return UserStatus(
                uid: account.user.uid, email: account.user.email, displayName: account.user.displayName,
                isCurrent: account.user.uid == keystore.currentUID, isSignedIn: account.isSignedIn,
                canGetToken: TokenAvailability.canGetToken(account, environment: environment, at: now),
                secretsIn: secretsPlace(account),
                backendSession: account.backendSession.map { BackendSessionStatus(issuer: $0.issuer, expiresAt: $0.expiresAt) },
                providers: account.user.providerData.map { identity in
                    let session = account.sessions.first { $0.providerID == identity.providerID }
                    return ProviderStatus(
                        providerID: identity.providerID, accountName: identity.accountName,
                        session: session.map { state(of: $0, throughProject: throughProject) })
                })
        }
        return Report(backends: backends, users: users, now: now)
    }

    static func state(of session: ProviderCredential, throughProject: Bool) -> SessionState {
        SessionState(
            idTokenOnly: session.accessToken == nil, expiry: Expiry(session, throughProject: throughProject),
            refreshable: session.refreshToken != nil || session.ciSource != nil, renewedFrom: session.ciSource?.description,
            idTokenNote: session.idTokenFlag.map {
                IDTokenNote(verdict: $0.verdict.rawValue, reason: $0.reason, summary: $0.summary, receivedAt: $0.receivedAt)
            })
    }

    /// Where the account's long-lived secrets (refresh tokens, a token that never expires) are:
    /// `keyring`, `file`, both (in the middle of a move), or nil when it has none. From the
    /// keystore alone: no keyring call.
    static func secretsPlace(_ account: KeystoreDocument.Account) -> String? {
        let longLived = account.sessions.compactMap { $0.refreshToken ?? ($0.expiresAt == nil && $0.ciSource == nil ? $0.accessToken : nil) }
        let secrets = longLived + [account.backendSession?.refreshToken].compactMap { $0 }
        let places = Set(secrets.map { SecretSealer.isReference($0) ? "keyring" : "file" })
        return places.isEmpty ? nil : places.sorted(by: >).joined(separator: " and ")
    }
}

/// "Can a token be had without a person?", one rule for `whoami --check`, `status --check`,
/// `status` (text and `--json`), `users` and the library, as `token` then finds it: a backend
/// session (a project renews it); the last provider's session refreshable, or still valid (its
/// stored expiry, else, for an ID token alone, the token's `exp`: `token --id-token` refuses an
/// expired one); or a CI job's, while its stored token lasts or its source can give a valid one
/// (GitHub Actions asks for a new one; a job's variable holds one token, judged by its `exp`).
package enum TokenAvailability {
    package static func canGetToken(_ account: KeystoreDocument.Account, environment: EnvironmentVariables, at now: Date) -> Bool {
        if account.backendSession != nil { return true }
        guard let provider = account.lastProviderID, let session = account.sessions.first(where: { $0.providerID == provider }) else {
            return false
        }
        if session.refreshToken != nil { return true }
        let expiresAt = session.expiresAt ?? (session.accessToken == nil ? session.idToken.flatMap(AccountService.expiry(ofJWT:)) : nil)
        let unexpired = FreshnessPolicy.fetchedFromSource.isFresh(expiresAt: expiresAt, obtainedAt: nil, minimumValidity: 0, at: now)
        guard let source = session.ciSource, !unexpired else { return unexpired }
        switch source.kind {
        case .githubActions: return true
        case .gitlab, .env:
            guard let token = environment[source.variable ?? CITokenSource.gitLabDefaultVariable], let expiresAt = AccountService.expiry(ofJWT: token) else {
                return false
            }
            return expiresAt > now
        }
    }
}
