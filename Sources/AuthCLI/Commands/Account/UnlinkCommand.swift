import AuthApp

/// `authctl unlink --provider P`: remove a linked provider (needs a recent sign-in).
struct UnlinkCommand: Command {
    static let provider = Option.required("provider", "ID", help: "The provider to remove from the user.")

    static let name = "unlink"
    static let spec = CommandSpec(
        name: name,
        abstract: "Remove a linked provider from the signed-in user.",
        discussion: [
            "The provider can no longer sign you in as this user; the other linked providers still can. "
                + "It needs a sign-in within the last 5 minutes (see 'authctl config'); the last provider "
                + "cannot be unlinked (use 'authctl account delete').",
        ],
        options: [provider.spec],
        examples: [Example("Stop signing in with a provider:", "authctl unlink --provider oidc.lab")])

    let providerID: String

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let user = try await AccountOperations(runtime: env.runtime).unlink(providerID)
        if env.json { env.output(Render.json(user)) }
        env.notice("Unlinked \(providerID); providers: \(user.providerData.map(\.providerID).joined(separator: ", ")).")
        return .success
    }
}
