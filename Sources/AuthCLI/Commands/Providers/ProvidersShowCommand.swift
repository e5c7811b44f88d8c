import AuthApp

/// `authctl providers show ID` (never the secret).
struct ProvidersShowCommand: Command {
    static let id = Argument.required("id", help: "The provider ID, such as oidc.corp.")

    static let name = "show"
    static let spec = CommandSpec(
        name: name,
        abstract: "Show a provider's settings.",
        discussion: ["The client secret is never shown; only whether there is one."],
        arguments: [id.spec],
        examples: [Example("Show a provider you added:", "authctl providers show oidc.corp")])

    let providerID: String

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.id]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let provider = try ProviderSettings(runtime: env.runtime).provider(providerID)
        env.json ? env.output(Render.json(provider)) : env.output(Render.text(provider.configuration))
        return .success
    }
}
