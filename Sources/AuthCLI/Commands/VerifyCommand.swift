import AuthCore
import Foundation

/// `authctl verify --provider P`: checks a JWT from stdin against a provider and prints its claims.
struct VerifyCommand: Command {
    static let provider = Option.required("provider", "ID", help: "The provider that issued the token.")
    static let audience = Option.string("audience", "AUDIENCE", help: "The expected audience. Default: the provider's client ID.")
    static let nonce = Option.string("nonce", "NONCE", help: "The expected nonce claim.")

    static let spec = CommandSpec(
        name: "verify",
        abstract: "Verify a JWT read on stdin and print its claims.",
        discussion: [
            "Reads one compact JWT, such as an ID token, on stdin and checks it against the provider: "
                + "the signature with a key from the provider's JWKS, then the issuer (iss), audience (aud), "
                + "expiry (exp) and, with --nonce, the nonce. If every check passes, the claims are printed "
                + "as JSON on stdout; if one fails, nothing is printed and the exit status is 10."
        ],
        options: [provider.spec, audience.spec, nonce.spec],
        examples: [
            Example("Verify a token that another program received:", "authctl verify --provider oidc.corp --audience my-api < token.jwt")
        ])

    let providerID: String
    let expectedAudience: String?
    let expectedNonce: String?

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        expectedAudience = try invocation[Self.audience]
        expectedNonce = try invocation[Self.nonce]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let provider = try env.registry.provider(providerID)
        let token = try env.readToken()
        let validator = try await env.idTokenValidator(for: provider)
        let verified = try await validator.validate(token, expectedNonce: expectedNonce, accessToken: nil, audience: expectedAudience)
        env.output(verified.claims)
        env.log("token verified: signature (\(verified.algorithm.rawValue)), iss, aud, exp, iat, sub")
        return .success
    }
}
