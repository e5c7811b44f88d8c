import AuthApp
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
                + "user is marked with '*'. 'status --check', 'whoami --check', 'users' and the JSON's "
                + "canGetToken give one answer to whether a token can be had without a browser."
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
        let status = SessionStatus(runtime: env.runtime)
        if checkOnly { return try status.check() ? .success : .notSignedIn }
        let report = try status.run()
        if env.json {
            env.output(Self.json(report))
        } else {
            env.output(TerminalText(untrusted: Self.text(report)))
        }
        return .success
    }

    /// One identity's session, as a phrase: "expires in 42m, refreshable".
    static func describe(_ session: SessionStatus.SessionState?, at now: Date) -> String {
        guard let session else { return "signed out" }
        var parts: [String] = []
        if session.idTokenOnly { parts.append("ID token only") }
        switch session.expiry {
        case .at(let expiresAt):
            let seconds = Int(expiresAt.timeIntervalSince(now).rounded(.down))
            parts.append(seconds > 0 ? "expires in \(Render.duration(seconds))" : "expired \(Render.duration(-seconds)) ago")
        case .none:
            parts.append("no expiry")
        case .unknown:
            parts.append("expiry unknown (the project did not say)")
        }
        if let source = session.renewedFrom {
            parts.append("renewed from \(source)")
        } else {
            parts.append(session.refreshable ? "refreshable" : "cannot refresh")
        }
        return parts.joined(separator: ", ")
    }

    static func text(_ report: SessionStatus.Report) -> String {
        let now = report.now
        var lines: [String] = report.backends.flatMap(\.lines)
        if report.users.isEmpty { lines.append("Nobody has signed in (authctl signin --provider <id>).") }
        for user in report.users {
            let name = user.email ?? user.displayName ?? user.uid
            lines.append("\(user.isCurrent ? "*" : " ") \(name) (uid \(user.uid))\(user.isSignedIn ? "" : ", signed out")")
            if let place = user.secretsIn {
                lines.append("    secrets: \(place)" + (user.keyringLocked ? " (locked: a refresh needs it unlocked)" : ""))
            }
            if let backend = user.backendSession {
                let left = Int(backend.expiresAt.timeIntervalSince(now).rounded(.down))
                let expiry = left > 0 ? "expires in \(Render.duration(left))" : "expired \(Render.duration(-left)) ago"
                lines.append("    \(backend.issuer): ID token \(expiry), refreshable")
            }
            for provider in user.providers {
                lines.append("    \(provider.providerID): \(provider.accountName), \(describe(provider.session, at: now))")
                if let note = provider.session?.idTokenNote { lines.append("      ID token: \(note.summary)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What was wrong with a session's last ID token (Docs/Decisions/0031).
    static func json(_ note: SessionStatus.IDTokenNote) -> JSONValue {
        ["verdict": .string(note.verdict), "reason": .string(note.reason), "receivedAt": .string(Render.timestamp(note.receivedAt))]
    }

    /// Everything `text` shows, as data (README "status --json"); `canGetToken` is `--check`'s answer.
    static func json(_ report: SessionStatus.Report) -> JSONValue {
        let now = report.now
        let users: [JSONValue] = report.users.map { user in
            let providers: [JSONValue] = user.providers.map { provider in
                let session = provider.session
                let expiresAt = session?.expiry.date
                return [
                    "providerId": .string(provider.providerID), "accountName": .string(provider.accountName),
                    "signedIn": .bool(session != nil),
                    "expiresAt": expiresAt.map { .string(Render.timestamp($0)) } ?? .null,
                    "expiresInSeconds": expiresAt.map { .number(($0.timeIntervalSince(now)).rounded(.down)) } ?? .null,
                    "expiry": session.map { .string($0.expiry.state(at: now)) } ?? .null,
                    "idTokenOnly": .bool(session?.idTokenOnly == true),
                    "refreshable": .bool(session?.refreshable == true),
                    "idTokenFlag": session?.idTokenNote.map(Self.json) ?? .null,
                    "renewedFrom": session?.renewedFrom.map { .string($0) } ?? .null,
                ]
            }
            return [
                "uid": .string(user.uid), "email": Render.optional(user.email), "displayName": Render.optional(user.displayName),
                "current": .bool(user.isCurrent), "signedIn": .bool(user.isSignedIn),
                "canGetToken": .bool(user.canGetToken), "providers": .array(providers),
                "secretsIn": user.secretsIn.map { .string($0) } ?? .null,
                "keyringLocked": .bool(user.keyringLocked),
                "projectSession": user.backendSession.map { backend in
                    [
                        "issuer": .string(backend.issuer), "idTokenExpiresAt": .string(Render.timestamp(backend.expiresAt)),
                        "idTokenExpiresInSeconds": .number(backend.expiresAt.timeIntervalSince(now).rounded(.down)),
                        "refreshable": true,
                    ] as JSONValue
                } ?? .null,
            ]
        }
        var members: [String: JSONValue] = [:]
        for backend in report.backends { members.merge(backend.members) { first, _ in first } }
        members["users"] = .array(users)
        return .object(members)
    }
}
