import AuthCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `authctl reauth`: sign in again as the current user (with `prompt=login`), to prove it is
/// still them; another person's identity is a user mismatch.
struct ReauthCommand: Command {
    static let provider = Option.string(
        "provider", "ID", help: "The provider to sign in with. Default: the one the current user signed in with.")

    static let name = "reauth"
    static let spec = CommandSpec(
        name: name,
        abstract: "Sign in again as the current user, to prove it is you.",
        discussion: [
            "Some changes, such as linking or unlinking a provider, need a recent sign-in. reauth runs "
                + "the browser sign-in again and fails with a user mismatch if a different user comes "
                + "back; the session is kept either way.",
            BrowserFlowOptions.discussion(offersIDToken: false),
        ],
        options: [provider.spec] + BrowserFlowOptions.specs,
        exclusiveOptions: BrowserFlowOptions.exclusions,
        examples: [
            Example("Sign in again with the same provider:", "authctl reauth"),
            Example("Prove it is you through a linked provider:", "authctl reauth --provider oidc.corp"),
        ])

    let providerID: String?
    let runner: SignInRunner

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        runner = SignInRunner(purpose: .reauthenticate, flowOptions: try BrowserFlowOptions(invocation))
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        try await runner.run(in: env) { account in
            guard let account else { throw AccountError.notSignedIn }
            guard let chosen = providerID ?? account.lastProviderID ?? account.user.providerData.first?.providerID else {
                throw AccountError.notSignedIn
            }
            guard account.user.identity(for: chosen) != nil else {
                throw AccountError.noSuchProvider(providerID: chosen, linked: account.user.providerData.map(\.providerID))
            }
            return chosen
        }
    }
}
