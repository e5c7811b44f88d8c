import AuthApp
import AuthCore
import AuthOAuth
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `authctl link`: add a provider to the signed-in user, or link the credential an
/// account-exists sign-in kept pending.
struct LinkCommand: Command {
    static let provider = Option.string("provider", "ID", help: "The provider to link: " + SignInCommand.providerHelp)
    static let pending = Option.flag("pending", help: "Link the credential saved when a sign-in stopped because the account already exists.")

    static let name = "link"
    static let spec = CommandSpec(
        name: name,
        abstract: "Link another provider to the signed-in user.",
        discussion: [
            "Runs the same browser sign-in as 'authctl signin', then adds that provider's identity to "
                + "the current user, so that either provider signs you in afterwards. Nothing changes if "
                + "the identity already belongs to another user or the provider is already linked.",
            BrowserFlowOptions.discussion(offersIDToken: false),
        ],
        options: [provider.spec, pending.spec] + BrowserFlowOptions.specs,
        exclusiveOptions: BrowserFlowOptions.exclusions + [[provider.long, pending.long]],
        examples: [
            Example("Let another provider sign you in too:", "authctl link --provider oidc.lab"),
            Example("Finish an 'account exists' sign-in, after signing in with your usual provider:", "authctl link --pending"),
        ])

    let providerID: String?
    let linksPending: Bool
    let runner: SignInRunner

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        linksPending = try invocation[Self.pending]
        runner = SignInRunner(purpose: .link, flowOptions: try BrowserFlowOptions(invocation))
        if providerID == nil, !linksPending {
            throw UsageError.invalidUsage("give --provider ID, or --pending", command: invocation.commandPath)
        }
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        try env.checkKeyringBeforeSignIn()
        if linksPending {
            _ = try AuthorizationRequest.parseParameters(runner.flowOptions.parameters)
            try SignInRunner.checkHome(env)
            guard try env.auth.currentAccount() != nil else { throw AccountError.notSignedIn }
            SignInRunner.report(try await AccountOperations(runtime: env.runtime).linkPending(), purpose: .link, in: env)
            return .success
        }
        return try await runner.run(in: env) { account in
            guard let user = account?.user else { throw AccountError.notSignedIn }
            guard let providerID else { throw UsageError.missingOption("--provider", command: ["link"]) }
            if user.identity(for: providerID) != nil { throw AccountError.providerAlreadyLinked(providerID: providerID) }
            return providerID
        }
    }
}
