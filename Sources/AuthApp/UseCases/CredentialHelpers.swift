import AuthCore
import AuthProviders

/// What the credential helpers (`git-credential`, `docker-credential`) ask of the home: which
/// provider a host's token comes from, the name the signed-in user has there, the registries a
/// signed-in provider serves, and a refused access token marked expired so the next get refreshes.
package struct CredentialHelpers: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// The tool asking (each maps hosts to providers in its own way).
    package enum Tool: Sendable, Equatable {
        case git, docker

        var credentialTool: CredentialTool {
            switch self {
            case .git: .git
            case .docker: .docker
            }
        }
    }

    /// The least validity a helper's token is given with, in seconds (as `token`'s default).
    package static var defaultMinimumValidity: Duration { .seconds(Int64(TokenRefresher.defaultMinimumValidity)) }

    /// The id of the provider added here whose token `host` (`host[:port]`) takes, or nil.
    package func providerID(forHost host: String, tool: Tool) throws -> String? {
        try runtime.registry.provider(forCredentialHost: host, tool: tool.credentialTool)?.id
    }

    /// The account name of the current user's `providerID` identity (GitHub login, username, email).
    package func accountName(providerID: String) throws -> String? {
        try runtime.accounts().currentUser()?.identity(for: providerID)?.accountName
    }

    /// `host -> account name` for every provider the current user is signed in with that serves `tool`.
    package func hosts(for tool: Tool) throws -> [String: String] {
        let registry = runtime.registry
        let user = try runtime.accounts().currentUser()
        var hosts: [String: String] = [:]
        for configuration in try registry.all() {
            guard let identity = user?.identity(for: configuration.id), let kind = registry.presets.kind(forID: configuration.id) else { continue }
            for host in kind.credentialHosts(for: configuration, tool: tool.credentialTool) { hosts[host] = identity.accountName }
        }
        return hosts
    }

    /// A host refused `refused`: when it is `providerID`'s stored access token, it is marked
    /// expired (the refresh token stays) and this answers true.
    package func expireAccessToken(providerID: String, refused: String) throws -> Bool {
        try runtime.accounts().expireAccessToken(providerID: providerID, refused: refused)
    }
}
