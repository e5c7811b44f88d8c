import AuthCore

/// `authctl users`: every user in this keystore, the current one marked.
struct UsersCommand: Command {
    static let name = "users"
    static let spec = CommandSpec(
        name: name,
        abstract: "List the users in this keystore, marking the current one.",
        examples: [Example("List them as JSON:", "authctl users --json")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let users = try env.auth.users()
        if env.json {
            env.output(.array(users.map { entry in
                var json = Render.json(entry.user)
                if case .object(var members) = json {
                    members["current"] = .bool(entry.isCurrent)
                    members["signedIn"] = .bool(entry.isSignedIn)
                    json = .object(members)
                }
                return json
            }))
            return .success
        }
        for entry in users {
            let providers = entry.user.providerData.map(\.providerID).joined(separator: ",")
            env.output("\(entry.isCurrent ? "*" : " ") \(entry.user.uid)  \(entry.user.email ?? "-")  \(providers)\(entry.isSignedIn ? "" : "  (signed out)")\n")
        }
        return .success
    }
}
