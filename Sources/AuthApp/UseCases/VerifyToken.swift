import AuthCore
import AuthPlatform
import AuthProviders

/// Checks a JWT: against a configured provider (its discovery document and JWK set: signature,
/// iss, aud, exp, iat, sub, and the nonce when given), or as an ID token of the account backend
/// in use, with the verifier its kind supplies (``AccountBackendKind/idTokenVerifier(in:)``).
/// No door names a backend: `verify --firebase` is the option the project's kind declares (``IDTokenOption``).
package struct VerifyToken: Sendable {
    package enum Issuer: Sendable, Equatable {
        /// A configured provider's token; `audience` defaults to its client ID.
        case provider(String, audience: String?, nonce: String?)
        /// An ID token of the account backend in use (a project's).
        case backend
        /// An ID token of the backend of this kind (the kind whose `verify` option was given).
        case backendKind(String)
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    package func run(_ token: String, issuedBy issuer: Issuer) async throws -> VerifiedIDToken {
        switch issuer {
        case .provider(let providerID, let audience, let nonce):
            let services = runtime.services
            let provider = try runtime.registry.provider(providerID)
            let validator = try await runtime.registry.resolve(provider, services: services).idTokenValidator(services: services)
            let verified = try await validator.validate(token, expectedNonce: nonce, accessToken: nil, audience: audience)
            return VerifiedIDToken(
                claims: verified.claims, checks: "token verified: signature (\(verified.algorithm.rawValue)), iss, aud, exp, iat, sub",
                unsignedAcceptedBecause: nil)
        case .backend:
            for kind in runtime.backends.all {
                if let verifier = try kind.idTokenVerifier(in: runtime) { return try await verifier.verify(token) }
            }
            throw CapabilityUnavailable(capability: .idTokenVerification)
        case .backendKind(let id):
            guard let kind = runtime.backends.all.first(where: { $0.id == id }), let verifier = try kind.idTokenVerifier(in: runtime) else {
                throw CapabilityUnavailable(capability: .idTokenVerification)
            }
            return try await verifier.verify(token)
        }
    }
}
