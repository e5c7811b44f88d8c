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
        (["google.com"], [], false, [.addProvider(command: "authctl providers add google.com --client-id ID --client-secret-stdin")]),
        // With a project, the project runs the flow of any provider but Apple (Decisions/0018).
        (["microsoft.com"], [], true, [.signIn]),
        (["apple.com"], [], true, [.unavailable]),
        (["oidc.corp"], [], false, [.addProvider(command: "authctl providers add oidc.corp --issuer URL --client-id ID")]),
        (["facebook.com"], [], false, [.configureProject]),
        (["facebook.com"], [], true, [.signIn]),
        (["password"], [], false, [.configureProject]),
        (["password"], [], true, [.signIn]),
        (["facebook.com", "github.com"], ["github.com"], false, [.configureProject, .signIn]),
    ] as [([String], Set<String>, Bool, [SignInRoute.Way])])
    func routes(providers: [String], configured: Set<String>, project: Bool, expected: [SignInRoute.Way]) {
        #expect(Self.ways(providers, configured: configured, project: project) == expected)
    }

    static func message(_ providers: [String], configured: Set<String> = [], project: Bool = false) -> (String, String?) {
        let error = AccountError.accountExistsWithDifferentCredential(email: "a@example.com", providers: providers)
            .withSignInRoutes { SignInRoute.routes(for: $0, configured: configured, presets: presets, hasProject: project) }
        guard case .string(let next)? = error.details["next"] else { return (error.message, nil) }
        return (error.message, next)
    }

    @Test(arguments: [
        // A configured provider comes first even when listed second.
        (["facebook.com", "github.com"], Set(["github.com"]), false,
         "run 'authctl signin --provider github.com' and then 'authctl link --pending'", "authctl signin --provider github.com"),
        // Not configured here and no project: how to add it, never 'signin --provider google.com' alone.
        (["google.com"], [], false,
         "none of them is set up on this machine: add google.com with 'authctl providers add google.com --client-id ID "
            + "--client-secret-stdin', run 'authctl signin --provider google.com', and then 'authctl link --pending'",
         "authctl providers add google.com --client-id ID --client-secret-stdin"),
        (["facebook.com"], [], false,
         "facebook.com can only be used through a Firebase project: configure one with 'authctl firebase use", "authctl firebase use --api-key KEY --project-id ID"),
        (["facebook.com"], [], true, "run 'authctl signin --provider facebook.com' and then", "authctl signin --provider facebook.com"),
        (["apple.com"], [], true, "authctl cannot sign in with apple.com on this machine", nil),
        (["password"], [], true, "run 'authctl signin --provider password' and then", "authctl signin --provider password"),
    ] as [([String], Set<String>, Bool, String, String?)])
    func hint(providers: [String], configured: Set<String>, project: Bool, says: String, next: String?) {
        let (message, command) = Self.message(providers, configured: configured, project: project)
        #expect(message.contains(says), "\(message)")
        #expect(command == next)
        if !configured.contains("facebook.com") && !project {
            #expect(!message.contains("signin --provider facebook.com"), "\(message)")
        }
    }

    /// Without routes (a library caller that does not know this machine) no provider is named in a command.
    @Test func unexplainedErrorNamesNoCommandForAProvider() {
        let error = AccountError.accountExistsWithDifferentCredential(email: "a@example.com", providers: ["facebook.com"])
        #expect(!error.message.contains("--provider"))
        #expect(error.message.contains("'authctl link --pending'"))
        #expect(error.details["next"] == nil)
    }
}
