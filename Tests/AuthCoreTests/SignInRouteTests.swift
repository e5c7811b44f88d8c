import Testing
import AuthPlatform
import AuthProviders
@testable import AuthCore

/// The account-exists hint (exit 6) never names a provider the person cannot sign in with here.
@Suite struct SignInRouteTests {
    static let presets = ProviderPresets.builtIn

    static func ways(_ providers: [String], configured: Set<String> = [], project: Bool = false) -> [SignInRoute.Way] {
        SignInRoute.routes(for: providers, configured: configured, presets: presets, hasProject: project).map(\.way)
    }

    @Test(arguments: [
        (["google.com"], ["google.com"], false, [SignInRoute.Way.signIn]),
        (["google.com"], [], false, [.addProvider(needsIssuer: false, needsClientSecret: true)]),
        // With a project, the project runs the flow of any provider but Apple (Decisions/0018).
        (["microsoft.com"], [], true, [.signIn]),
        (["apple.com"], [], true, [.unavailable]),
        (["oidc.corp"], [], false, [.addProvider(needsIssuer: true, needsClientSecret: false)]),
        (["facebook.com"], [], false, [.configureProject]),
        (["facebook.com"], [], true, [.signIn]),
        (["password"], [], false, [.configureProject]),
        (["password"], [], true, [.signIn]),
        (["facebook.com", "github.com"], ["github.com"], false, [.configureProject, .signIn]),
    ] as [([String], Set<String>, Bool, [SignInRoute.Way])])
    func routes(providers: [String], configured: Set<String>, project: Bool, expected: [SignInRoute.Way]) {
        #expect(Self.ways(providers, configured: configured, project: project) == expected)
    }

    static func error(_ providers: [String], configured: Set<String> = [], project: Bool = false) -> AccountError {
        AccountError.accountExistsWithDifferentCredential(email: "a@example.com", providers: providers)
            .withSignInRoutes { SignInRoute.routes(for: $0, configured: configured, presets: presets, hasProject: project) }
    }

    static let minutes = Int(PendingCredential.lifetime / 60)

    @Test(arguments: [
        // A configured provider comes first even when listed second.
        (["facebook.com", "github.com"], Set(["github.com"]), false, "", Remedy?.some(.signIn(providerID: "github.com"))),
        // Not configured here and no project: add it first, never 'sign in with google.com' alone.
        (["google.com"], [], false, "none of them is set up on this machine",
         .addProvider(providerID: "google.com", needsIssuer: false, needsClientSecret: true)),
        (["facebook.com"], [], false, "facebook.com can only be used through a Firebase project", .configureProject(.project)),
        (["facebook.com"], [], true, "", .signIn(providerID: "facebook.com")),
        (["password"], [], true, "", .signIn(providerID: "password")),
    ] as [([String], Set<String>, Bool, String, Remedy?)])
    func hint(providers: [String], configured: Set<String>, project: Bool, obstacle: String, first: Remedy?) {
        let error = Self.error(providers, configured: configured, project: project)
        #expect(error.message.hasSuffix("which signs in with \(providers.joined(separator: ", "))" + (obstacle.isEmpty ? "" : "; \(obstacle)")))
        #expect(error.remedy == .linkPendingCredential(after: first, minutes: Self.minutes))
    }

    /// Where nothing on this machine signs in with the account's providers, nothing to do is named.
    @Test func nothingWorksHereSaysSoAndNamesNoRemedy() {
        let error = Self.error(["apple.com"], project: true)
        #expect(error.message.contains("none of apple.com can sign in on this machine"))
        #expect(error.remedy == nil)
    }

    /// Without routes (a library caller that does not know this machine) the remedy names no provider.
    @Test func unexplainedErrorNamesNoProviderToSignInWith() {
        let error = AccountError.accountExistsWithDifferentCredential(email: "a@example.com", providers: ["facebook.com"])
        #expect(error.remedy == .linkPendingCredential(after: nil, minutes: Self.minutes))
        #expect(error.details["next"] == nil)
    }
}
