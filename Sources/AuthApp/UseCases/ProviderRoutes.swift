import AuthCore
import AuthProviders

/// How each provider of an account can sign in here: added here, addable (a preset), or only
/// through a project. What the account-exists hint names, so it never names a way that cannot work.
package struct ProviderRoutes: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    package func routes(for providers: [String]) -> [SignInRoute] {
        let configured = Set(((try? runtime.registry.all()) ?? []).map(\.id))
        return SignInRoute.routes(for: providers, configured: configured, presets: runtime.registry.presets, hasProject: runtime.hasProject)
    }
}
