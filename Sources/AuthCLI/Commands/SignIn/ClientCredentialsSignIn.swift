import AuthCore
import AuthOAuth
import AuthProviders
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `signin --client-credentials`: the client signs in as itself (RFC 6749 §4.4). Its session
/// is an account like a person's (uid, one identity: `client:<client_id>`), kept in this keystore
/// whatever the account backend (a machine is no user of a Firebase project), so `token`,
/// `exec` and the credential helpers use it unchanged; the refresher asks again when it expires.
enum ClientCredentialsSignIn {
    static func run(providerID: String, request: ClientCredentialsRequest, in env: CommandEnvironment) async throws -> AuthDataResult {
        let configuration = try env.registry.provider(providerID)
        guard configuration.clientSecret != nil else {
            throw ProviderError.missingClientSecret(source: "the configuration: --client-credentials needs a confidential client")
        }
        let provider = try await env.registry.resolve(configuration, services: env.services)
        let client = try provider.authorizationServer(services: env.services).tokenClient
        let scopes = configuration.scopes + request.scopes
        var sent = request
        sent.scopes = scopes
        env.log("asking \(client.tokenEndpoint.redactedForDisplay) for a client-credentials token")
        let response = try await client.clientCredentials(sent)
        let now = env.context.clock.now()
        let credential = OAuthCredential(
            providerID: providerID, accessToken: response.accessToken, tokenType: response.tokenType,
            expiresAt: response.expiresIn.map { now.addingTimeInterval(TimeInterval($0)) }, obtainedAt: now, scope: response.scope,
            clientCredentials: sent)
        let name = configuration.clientID
        let profile = FederatedProfile(
            providerID: providerID, subject: "client:" + name, displayName: name, username: name,
            rawProfile: ["client_id": .string(name), "grant_type": .string(TokenClient.clientCredentialsGrantType)])
        return try await env.keystoreBackend.signIn(with: credential, profile: profile)
    }
}
