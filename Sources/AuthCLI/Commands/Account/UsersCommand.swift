import AuthApp

/// `authctl users`: every user in this keystore, the current one marked; one whose session is
/// gone, or can give no token without a browser (the rule of `status --check` and `token`), says so.
struct UsersCommand: Command {
    static let name = "users"
    static let spec = CommandSpec(
        name: name,
        abstract: "List the users in this keystore, marking the current one.",
        examples: [Example("List them as JSON:", "authctl users --json")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let users = try SessionStatus(runtime: env.runtime).users()
        if env.json {
            env.output(.array(users.map { entry in
                var json = Render.json(entry.user)
                if case .object(var members) = json {
                    members["current"] = .bool(entry.isCurrent)
                    members["signedIn"] = .bool(entry.isSignedIn)
                    members["canGetToken"] = .bool(entry.canGetToken)
                    json = .object(members)
                }
                return json
            }))
            return .success
        }
        for entry in users {
            let providers = entry.user.providerData.map(\.providerID).joined(separator: ",")
            env.output("\(entry.isCurrent ? "*" : " ") \(entry.user.uid)  \(entry.user.email ?? "-")  \(providers)\(Self.state(entry))\n")
        }
        return .success
    }

    /// Nothing for a user who can get a token; else why not.
    static func state(_ entry: SessionStatus.Listed) -> String {
        if !entry.isSignedIn { return "  (signed out)" }
        return entry.canGetToken ? "" : "  (token expired: sign in again)"
    }
}
