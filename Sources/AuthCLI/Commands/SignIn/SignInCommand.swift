import AuthCore
import Foundation

/// `authctl signin`: sign in through the browser (or a paste, a device code, or an ID token
/// from stdin), then the account rules.
struct SignInCommand: Command {
    static let provider = Option.required("provider", "ID", help: "The provider to sign in with: " + BrowserFlowOptions.providerHelp)
    static let idTokenStdin = Option.flag(
        "id-token-stdin",
        help: "Sign in with an ID token read on stdin (for CI) instead of the browser. It is verified "
            + "against the provider: signature, issuer, audience (the client ID), expiry.")
    static let rawNonce = Option.string("raw-nonce", "NONCE", help: "With --id-token-stdin: the token's nonce must be the SHA-256 (hex) of NONCE.")

    static let spec = CommandSpec(
        name: "signin",
        abstract: "Sign in with a provider through your browser.",
        discussion: [
            "authctl opens the provider's sign-in page in your browser and waits for the provider to "
                + "redirect back to a one-time listener on 127.0.0.1 (OAuth authorization code flow with "
                + "PKCE). When the sign-in completes, the session is saved and the user is shown.",
            BrowserFlowOptions.discussion,
            "Nothing is stored unless every check passes: state, iss, the ID token's signature and "
                + "claims, and userinfo. Signing in again with the same identity lands on the same user.",
            "If a user with the same verified email already signs in with another provider, the sign-in "
                + "stops (status 6) and the new credential is kept for 10 minutes: sign in with the provider "
                + "you used before, then run 'authctl link --pending' to add this one.",
        ],
        options: [provider.spec] + BrowserFlowOptions.specs + [idTokenStdin.spec, rawNonce.spec],
        exclusiveOptions: BrowserFlowOptions.exclusions + [
            [idTokenStdin.long, BrowserFlowOptions.browser.long], [idTokenStdin.long, BrowserFlowOptions.noBrowser.long],
        ],
        examples: [
            Example("Sign in with a provider you added:", "authctl signin --provider oidc.corp"),
            Example(
                "Sign in to a provider you added, asking for one more scope and a fresh login:",
                "authctl signin --provider oidc.corp --scope groups --param prompt=login"),
            Example(
                "In CI, sign in with an ID token issued to the job:",
                "echo \"$ID_TOKEN\" | authctl signin --provider oidc.ci --id-token-stdin"),
        ])

    let providerID: String
    let runner: SignInRunner

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        var runner = SignInRunner(purpose: .signIn, flowOptions: try BrowserFlowOptions(invocation))
        runner.idTokenFromStandardInput = try invocation[Self.idTokenStdin]
        runner.rawNonce = try invocation[Self.rawNonce]
        if runner.rawNonce != nil, !runner.idTokenFromStandardInput {
            throw UsageError.invalidUsage("--raw-nonce goes with --id-token-stdin", command: invocation.commandPath)
        }
        self.runner = runner
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        try await runner.run(in: env) { _ in providerID }
    }
}
