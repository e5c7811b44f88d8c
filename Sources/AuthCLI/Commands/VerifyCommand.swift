import AuthCore
import Foundation

/// `verify --provider P`: checks a JWT from stdin against a provider and prints its claims.
enum VerifyCommand {
    static func run(providerID: String, audience: String?, nonce: String?, in env: CommandEnvironment) async throws {
        let provider = try env.registry.provider(providerID)
        guard let bytes = env.context.readStandardInput(CompactJWS.maximumTokenBytes + 2) else {
            throw UsageError.invalidValue(option: "stdin", value: "", reason: "the token on standard input is larger than \(CompactJWS.maximumTokenBytes) bytes", command: ["verify"])
        }
        let token = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let metadata = try await Discovery(transport: env.context.transport, clock: env.context.clock, cacheDirectory: env.home.cacheDirectory.path)
            .metadata(forIssuer: provider.issuer)
        let validator = IDTokenValidator(
            issuer: provider.issuer, clientID: provider.clientID,
            keys: HTTPJWKSetSource(
                jwksURI: try ProviderURLPolicy.check(metadata.jwksURI, field: "jwks_uri"),
                cacheDirectory: env.home.cacheDirectory.path, transport: env.context.transport, clock: env.context.clock
            ),
            clock: env.context.clock, hmacSecret: provider.hs256Secret
        )
        let verified = try await validator.validate(token, expectedNonce: nonce, accessToken: nil, audience: audience)
        env.output(verified.claims)
        env.log("token verified: signature (\(verified.header["alg"]?.stringValue ?? "?")), iss, aud, exp, iat, sub")
    }
}
