import AuthProviders

/// How the person at this machine can sign in with one provider of an existing account: what the
/// account-exists hint (exit 6) tells them to do, so that it never names a provider they cannot
/// use here.
public struct SignInRoute: Sendable, Equatable {
    public enum Way: Sendable, Equatable {
        /// `authctl signin --provider ID` works now.
        case signIn
        /// A provider authctl knows but this machine has not configured: this command adds it.
        case addProvider(command: String)
        /// Only a Firebase project signs in with it (a password, or a provider without a preset).
        case configureProject
        /// Nothing on this machine signs in with it.
        case unavailable
    }

    public var providerID: String
    public var way: Way

    public init(providerID: String, way: Way) {
        self.providerID = providerID
        self.way = way
    }

    /// The provider id of a password account, as in the Firebase SDK.
    public static let passwordProviderID = "password"
    /// How to configure a project, for the hint.
    public static let configureProjectCommand = "authctl firebase use --api-key KEY --project-id ID"

    /// The way for each of `providers`: configured here, or any provider a project runs the flow of
    /// (a password too): sign in; a preset or `oidc.<name>` not configured: add it; anything else:
    /// a project, if none is.
    public static func routes(
        for providers: [String], configured: Set<String>, presets: ProviderPresets, hasProject: Bool
    ) -> [SignInRoute] {
        providers.map { id in
            let way: Way
            if configured.contains(id) || (hasProject && BrokeredReturnRules.projectCanRun(id)) {
                way = .signIn
            } else if presets.kind(forID: id) != nil {
                way = .addProvider(command: presets.addCommand(id))
            } else {
                way = hasProject ? .unavailable : .configureProject
            }
            return SignInRoute(providerID: id, way: way)
        }
    }

    /// What to do before `then` (linking the pending credential): sign in with a provider that
    /// works here, else add one, else configure a project; never a command that cannot work.
    static func advice(_ routes: [SignInRoute], then: String) -> String {
        if let usable = routes.first(where: { $0.way == .signIn }) {
            return "to add this provider to it, run 'authctl signin --provider \(usable.providerID)' and then \(then)"
        }
        for route in routes {
            if case .addProvider(let command) = route.way {
                return "none of them is set up on this machine: add \(route.providerID) with '\(command)', "
                    + "run 'authctl signin --provider \(route.providerID)', and then \(then)"
            }
        }
        let needProject = routes.filter { $0.way == .configureProject }.map(\.providerID)
        if !needProject.isEmpty {
            return "\(needProject.joined(separator: ", ")) can only be used through a Firebase project: configure one with "
                + "'\(configureProjectCommand)', sign in with one of them, and then \(then)"
        }
        if routes.isEmpty {
            return "to add this provider to it, sign in with one of those and then \(then)"
        }
        return "authctl cannot sign in with \(routes.map(\.providerID).joined(separator: ", ")) on this machine, "
            + "so this provider cannot be linked to that account here"
    }

    /// The command the hint suggests first, for `--json` (nil when there is none).
    static func nextCommand(_ routes: [SignInRoute]) -> String? {
        if let usable = routes.first(where: { $0.way == .signIn }) { return "authctl signin --provider \(usable.providerID)" }
        for route in routes { if case .addProvider(let command) = route.way { return command } }
        return routes.contains { $0.way == .configureProject } ? configureProjectCommand : nil
    }
}
