import AuthCore
import AuthOAuth
import AuthProviders

/// The client signs in as itself (RFC 6749 §4.4). Its session is an account like a person's (uid,
/// one identity: `client:<client_id>`), kept in the keystore the backend reads under the local
/// account rules whatever the backend (a machine is no user of a Firebase project), so tokens are
/// handed out unchanged; ``GetToken`` asks again when one expires.
package struct SignInClient: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    package func run(providerID: String, request: ClientCredentialsRequest) async throws -> SignInResult {
        try runtime.checkHome()
        let configuration = try runtime.registry.provider(providerID)
        guard configuration.clientSecret != nil else {
            throw ProviderError.missingClientSecret(source: "the configuration: a client-credentials sign-in needs a confidential client")
        }
        let services = runtime.services
        let provider = try await runtime.registry.resolve(configuration, services: services)
        let client = try provider.authorizationServer(services: services).tokenClient
        var sent = request
        sent.scopes = configuration.scopes + request.scopes
        runtime.options.log("asking \(client.tokenEndpoint.redactedForDisplay) for a client-credentials token")
        let response = try await client.clientCredentials(sent)
        let now = runtime.clock.now()
        let credential = ProviderCredential(
            providerID: providerID, accessToken: response.accessToken, tokenType: response.tokenType,
            expiresAt: response.expiresIn.map { now.addingTimeInterval(TimeInterval($0)) }, obtainedAt: now, scope: response.scope,
            clientCredentials: sent)
        let name = configuration.clientID
        let profile = FederatedProfile(
            providerID: providerID, subject: "client:" + name, displayName: name, username: name,
            rawProfile: ["client_id": .string(name), "grant_type": .string(TokenClient.clientCredentialsGrantType)])
        return try await runtime.keystoreBackend().signIn(with: credential, profile: profile)
    }
}
