import AuthApp
import AuthCore
import AuthStorage
import AuthOAuth
import AuthPlatform

/// `authctl status` (as `gh auth status`): every user, each linked provider with its account
/// name, token expiry and whether it can refresh; `--check` answers "can the current user get a
/// token without a person?" with the exit status.
struct StatusCommand: Command {
    static let check = Option.flag(
        "check",
        help: "Print nothing; exit 0 if the current user can get a token without interaction (a valid "
            + "token, or one that can be refreshed), else 3.")

    static let name = "status"
    static let spec = CommandSpec(
        name: name,
        abstract: "Show each user's providers and when their tokens expire.",
        discussion: [
            "Reads the keystore only: nothing is refreshed and the network is not used. The current "
                + "user is marked with '*'. 'whoami --check' asks whether anyone is signed in; "
                + "'status --check' asks whether a token can be had without a browser."
        ],
        options: [check.spec],
        examples: [
            Example("In CI, before calling an API:", "authctl status --check || { echo 'sign in first' >&2; exit 1; }"),
            Example("Expiry and refreshability as JSON:", "authctl status --json"),
        ])

    let checkOnly: Bool

    init(_ invocation: ParsedInvocation) throws {
        checkOnly = try invocation[Self.check]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let keystore = try env.auth.keystore()
        let now = env.context.clock.now()
        let current = keystore.currentAccountIndex.map { keystore.accounts[$0] }
        if checkOnly { return current.map { Self.canGetToken($0, at: now, environment: env.context.environment) } == true ? .success : .notSignedIn }
        let project = try env.firebaseProject?.projectID
        let keyringLocked = KeyringLock(runtime: env.runtime).isLocked(keystore)
        if env.json {
            env.output(Self.json(keystore, project: project, at: now, keyringLocked: keyringLocked))
        } else {
            env.output(TerminalText(untrusted: Self.text(keystore, project: project, at: now, keyringLocked: keyringLocked)))
        }
        return .success
    }

    /// Whether `account` gets a token without a person (``GetToken/isAvailable(_:environment:at:)``);
    /// a CI job's variable is read from this process's environment.
    static func canGetToken(_ account: KeystoreDocument.Account, at now: Date, environment: EnvironmentVariables = [:]) -> Bool {
        GetToken.isAvailable(account, environment: environment, at: now)
    }

    /// What is known of a session's expiry: a time, none (the provider gave none: GitHub's tokens
    /// last until revoked), or unknown (a project handed the provider's tokens back without it).
    enum Expiry: Equatable {
        case at(Date)
        case none
        case unknown

        /// The access token's expiry, else an ID-token-only session's `exp`; through a project a
        /// missing expiry is unknown, not "no expiry".
        init(_ session: OAuthCredential, throughProject: Bool) {
            if let expiresAt = session.expiresAt {
                self = .at(expiresAt)
            } else if session.accessToken == nil, let idToken = session.idToken, let exp = Auth.expiry(ofJWT: idToken) {
                self = .at(exp)
            } else {
                self = throughProject ? .unknown : .none
            }
        }

        /// `expires`, `expired`, `none` or `unknown`, as `status --json` names it.
        func state(at now: Date) -> String {
            switch self {
            case .at(let date): date > now ? "expires" : "expired"
            case .none: "none"
            case .unknown: "unknown"
            }
        }
    }

    /// One identity's session, as a phrase: "expires in 42m, refreshable".
    static func describe(_ session: OAuthCredential?, throughProject: Bool = false, at now: Date) -> String {
        guard let session else { return "signed out" }
        var parts: [String] = []
        if session.accessToken == nil { parts.append("ID token only") }
        switch Expiry(session, throughProject: throughProject) {
        case .at(let expiresAt):
            let seconds = Int(expiresAt.timeIntervalSince(now).rounded(.down))
            parts.append(seconds > 0 ? "expires in \(Render.duration(seconds))" : "expired \(Render.duration(-seconds)) ago")
        case .none:
            parts.append("no expiry")
        case .unknown:
            parts.append("expiry unknown (the project did not say)")
        }
        if let source = session.ciSource {
            parts.append("renewed from \(source.description)")
        } else {
            parts.append(session.refreshToken == nil ? "cannot refresh" : "refreshable")
        }
        return parts.joined(separator: ", ")
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

    static func text(_ keystore: KeystoreDocument, project: String?, at now: Date, keyringLocked: Bool = false) -> String {
        var lines: [String] = []
        if let project { lines.append("Firebase project: \(project)") }
        if keystore.accounts.isEmpty { lines.append("Nobody has signed in (authctl signin --provider <id>).") }
        for account in keystore.accounts {
            let user = account.user
            let marker = user.uid == keystore.currentUID ? "*" : " "
            let name = user.email ?? user.displayName ?? user.uid
            lines.append("\(marker) \(name) (uid \(user.uid))\(account.isSignedIn ? "" : ", signed out")")
            if let place = secretsPlace(account) {
                let locked = keyringLocked && place.contains("keyring")
                lines.append("    secrets: \(place)" + (locked ? " (locked: a refresh needs it unlocked)" : ""))
            }
            if let backend = account.backendSession {
                let left = Int(backend.expiresAt.timeIntervalSince(now).rounded(.down))
                let expiry = left > 0 ? "expires in \(Render.duration(left))" : "expired \(Render.duration(-left)) ago"
                lines.append("    \(backend.issuer): ID token \(expiry), refreshable")
            }
            for identity in user.providerData {
                let session = account.sessions.first { $0.providerID == identity.providerID }
                let phrase = describe(session, throughProject: account.backendSession != nil, at: now)
                lines.append("    \(identity.providerID): \(identity.accountName), \(phrase)")
                if let flag = session?.idTokenFlag { lines.append("      ID token: \(flag.summary)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What was wrong with a session's last ID token (Docs/Decisions/0031).
    static func json(_ flag: IDTokenFlag) -> JSONValue {
        ["verdict": .string(flag.verdict.rawValue), "reason": .string(flag.reason), "receivedAt": .string(Render.timestamp(flag.receivedAt))]
    }

    /// Everything `text` shows, as data (README "status --json").
    static func json(_ keystore: KeystoreDocument, project: String?, at now: Date, keyringLocked: Bool = false) -> JSONValue {
        let users: [JSONValue] = keystore.accounts.map { account in
            let throughProject = account.backendSession != nil
            let providers: [JSONValue] = account.user.providerData.map { identity in
                let session = account.sessions.first { $0.providerID == identity.providerID }
                let expiry = session.map { Expiry($0, throughProject: throughProject) }
                var expiresAt: Date?
                if case .at(let date) = expiry { expiresAt = date }
                return [
                    "providerId": .string(identity.providerID), "accountName": .string(identity.accountName),
                    "signedIn": .bool(session != nil),
                    "expiresAt": expiresAt.map { .string(Render.timestamp($0)) } ?? .null,
                    "expiresInSeconds": expiresAt.map { .number(($0.timeIntervalSince(now)).rounded(.down)) } ?? .null,
                    "expiry": expiry.map { .string($0.state(at: now)) } ?? .null,
                    "idTokenOnly": .bool(session != nil && session?.accessToken == nil),
                    "refreshable": .bool(session?.refreshToken != nil || session?.ciSource != nil),
                    "idTokenFlag": session?.idTokenFlag.map(Self.json) ?? .null,
                    "renewedFrom": session?.ciSource.map { .string($0.description) } ?? .null,
                ]
            }
            return [
                "uid": .string(account.user.uid), "email": Render.optional(account.user.email),
                "displayName": Render.optional(account.user.displayName),
                "current": .bool(account.user.uid == keystore.currentUID), "signedIn": .bool(account.isSignedIn),
                "canGetToken": .bool(canGetToken(account, at: now)), "providers": .array(providers),
                "secretsIn": secretsPlace(account).map { .string($0) } ?? .null,
                "keyringLocked": .bool(keyringLocked && secretsPlace(account)?.contains("keyring") == true),
                "projectSession": account.backendSession.map { backend in
                    [
                        "issuer": .string(backend.issuer), "idTokenExpiresAt": .string(Render.timestamp(backend.expiresAt)),
                        "idTokenExpiresInSeconds": .number(backend.expiresAt.timeIntervalSince(now).rounded(.down)),
                        "refreshable": true,
                    ] as JSONValue
                } ?? .null,
            ]
        }
        return ["firebaseProject": Render.optional(project), "users": .array(users)]
    }
}
