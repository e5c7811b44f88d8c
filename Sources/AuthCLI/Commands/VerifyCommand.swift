import AuthCore
import Foundation

/// `verify --provider P`: checks a JWT from stdin against a provider and prints its claims.
enum VerifyCommand {
    static func run(providerID: String, audience: String?, nonce: String?, in env: CommandEnvironment) async throws {
        let provider = try env.registry.provider(providerID)
        let token = try env.readToken()
        let validator = try await env.idTokenValidator(for: provider)
        let verified = try await validator.validate(token, expectedNonce: nonce, accessToken: nil, audience: audience)
        env.output(verified.claims)
        env.log("token verified: signature (\(verified.algorithm.rawValue)), iss, aud, exp, iat, sub")
    }
}
