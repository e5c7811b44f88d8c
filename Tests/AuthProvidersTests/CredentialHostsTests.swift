import Foundation
import Testing
import AuthPlatform
import AuthTestSupport
@testable import AuthProviders

/// Which hosts take a provider's tokens, for the git and docker credential helpers.
@Suite struct CredentialHostsTests {
    @Test(arguments: [
        (nil, CredentialTool.git, ["github.com"]),
        (nil, .docker, ["ghcr.io", "docker.pkg.github.com"]),
        ("https://api.github.com", .git, ["github.com"]),
        ("https://ghe.example/api/v3", .git, ["ghe.example"]),
        ("https://GHE.example:8443", .git, ["ghe.example:8443"]),
        ("https://ghe.example", .docker, ["containers.ghe.example"]),
        ("http://127.0.0.1:8080", .git, ["127.0.0.1:8080"]),
        ("not a url at all", .git, []),
    ] as [(String?, CredentialTool, [String])])
    func gitHubTokensGoToItsHosts(apiBase: String?, tool: CredentialTool, hosts: [String]) {
        let configuration = ProviderConfiguration(id: "github.com", issuer: "", clientID: "c", clientSecret: "s", apiBase: apiBase)
        #expect(GitHubProvider.credentialHosts(for: configuration, tool: tool) == hosts)
    }

    @Test(arguments: CredentialTool.allCases)
    func openIDProvidersNameNoHosts(tool: CredentialTool) {
        let configuration = ProviderConfiguration(id: "oidc.corp", issuer: "https://id.corp.example", clientID: "c")
        #expect(OpenIDProvider.credentialHosts(for: configuration, tool: tool).isEmpty)
    }

    @Test func theRegistryFindsTheConfiguredProviderForAHost() throws {
        let registry = ProviderRegistry(storage: InMemoryDocumentStorage())
        try registry.add(ProviderConfiguration(id: "github.com", issuer: "", clientID: "c", clientSecret: "s", apiBase: "https://GHE.example"))
        try registry.add(ProviderConfiguration(id: "oidc.corp", issuer: "https://id.corp.example", clientID: "c"))
        #expect(try registry.provider(forCredentialHost: "ghe.EXAMPLE", tool: .git)?.id == "github.com")
        #expect(try registry.provider(forCredentialHost: "containers.ghe.example", tool: .docker)?.id == "github.com")
        #expect(try registry.provider(forCredentialHost: "github.com", tool: .git) == nil)  // configured for the Enterprise Server only
        #expect(try registry.provider(forCredentialHost: "id.corp.example", tool: .git) == nil)
    }
}
