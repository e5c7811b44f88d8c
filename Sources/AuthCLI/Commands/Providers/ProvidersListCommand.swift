import AuthApp

/// `authctl providers list`.
struct ProvidersListCommand: Command {
    static let name = "list"
    static let spec = CommandSpec(
        name: name,
        abstract: "List the providers you can sign in with.",
        examples: [Example("List them as JSON:", "authctl providers list --json")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let providers = try ProviderSettings(runtime: env.runtime).list()
        if env.json {
            env.output(.array(providers.map(Render.json)))
            return .success
        }
        if providers.isEmpty {
            env.notice("No providers configured; add one with 'authctl providers add oidc.<name> --issuer URL --client-id ID'.")
            return .success
        }
        let width = providers.map(\.id.count).max() ?? 0
        for provider in providers {
            env.output("\(provider.id)\(String(repeating: " ", count: width + 2 - provider.id.count))\(provider.issuer)\n")
        }
        return .success
    }
}
