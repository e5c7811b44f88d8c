import AuthCore
import AuthPlatform
import Foundation

/// `authctl token`: only the token on stdout, for `$(...)`; an access token about to expire is
/// refreshed first, once however many processes ask.
struct TokenCommand: Command {
    static let provider = Option.string("provider", "ID", help: "Whose token to print. Default: the provider the user signed in with.")
    static let idToken = Option.flag("id-token", help: "Print the OpenID Connect ID token instead of the access token.")
    static let minValid = Option.seconds(
        "min-valid", help: "Refresh the access token first unless it stays valid this long.",
        default: .seconds(Int64(TokenRefresher.defaultMinimumValidity)), range: 0...86_400)

    static let spec = CommandSpec(
        name: "token",
        abstract: "Print an access token for scripts.",
        discussion: [
            "Prints the token alone on stdout, so that it can be used in a pipeline. A token that "
                + "expires within --min-valid seconds is refreshed first, once even when many authctl "
                + "processes ask at the same time. A token with nearly all of the provider's lifetime "
                + "left is never refreshed, since a refresh could not make it last longer. If nobody is "
                + "signed in, or the provider refuses the refresh, the exit status is 3 and you need to "
                + "sign in again."
        ],
        options: [provider.spec, idToken.spec, minValid.spec],
        examples: [
            Example(
                "Call an API as the signed-in user:",
                "curl -H \"Authorization: Bearer $(authctl token --provider oidc.corp)\" \\\n"
                    + "  https://api.corp.example/me"),
            Example("Check the ID token against its provider:", "authctl token --id-token | authctl verify --provider oidc.corp"),
        ])

    let providerID: String?
    let wantsIDToken: Bool
    let minimumValidity: Duration

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        wantsIDToken = try invocation[Self.idToken]
        minimumValidity = try invocation[Self.minValid]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let token: String
        if wantsIDToken {
            token = try env.auth.token(providerID: providerID, idToken: true)
        } else {
            token = try await env.auth.freshAccessToken(
                providerID: providerID, minimumValidity: minimumValidity.timeInterval, providers: env.registry, services: env.services
            )
        }
        if env.json {
            env.output(JSONValue.object([wantsIDToken ? "idToken" : "accessToken": .string(token)]))
        } else {
            env.output(token + "\n")
        }
        return .success
    }
}
