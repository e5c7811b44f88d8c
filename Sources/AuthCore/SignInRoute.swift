import AuthPlatform
import AuthProviders

/// How the person at this machine can sign in with one provider of an existing account: what the
/// account-exists hint (exit 6) tells them to do, so that it never names a provider they cannot
/// use here.
package struct SignInRoute: Sendable, Equatable {
    package enum Way: Sendable, Equatable {
        /// Signing in with it works now.
        case signIn
        /// A provider with a known kind that this machine has not configured: adding it needs a
        /// client id, and these.
        case addProvider(needsIssuer: Bool, needsClientSecret: Bool)
        /// Only a Firebase project signs in with it (a password, or a provider without a preset).
        case configureProject
        /// Nothing on this machine signs in with it.
        case unavailable
    }

    package var providerID: String
    package var way: Way

    package init(providerID: String, way: Way) {
        self.providerID = providerID
        self.way = way
    }

    /// The provider id of a password account, as in the Firebase SDK.
    package static let passwordProviderID = "password"

    /// The way for each of `providers`: configured here, or any provider a project runs the flow of
    /// (a password too): sign in; a preset or `oidc.<name>` not configured: add it; anything else:
    /// a project, if none is. The route is ``ProviderRoute/rule(for:configured:hasProject:presets:)``'s.
    package static func routes(
        for providers: [String], configured: Set<String>, presets: ProviderPresets, hasProject: Bool
    ) -> [SignInRoute] {
        providers.map { id in
            let way: Way
            if ProviderRoute.rule(for: id, configured: configured.contains(id), hasProject: hasProject, presets: presets).signsIn {
                way = .signIn
            } else if presets.kind(forID: id) != nil {
                way = .addProvider(needsIssuer: presets.takesIssuer(id), needsClientSecret: presets.preset(id)?.requiresClientSecret != nil)
            } else {
                way = hasProject ? .unavailable : .configureProject
            }
            return SignInRoute(providerID: id, way: way)
        }
    }

    /// What keeps the person from linking here, to say before the remedy: no provider of the
    /// account is set up, or only a project can sign in with them, or nothing here can (nil: one works).
    static func obstacle(_ routes: [SignInRoute]) -> String? {
        if routes.isEmpty || routes.contains(where: { $0.way == .signIn }) { return nil }
        if routes.contains(where: { if case .addProvider = $0.way { true } else { false } }) {
            return "none of them is set up on this machine"
        }
        let needProject = routes.filter { $0.way == .configureProject }.map(\.providerID)
        if !needProject.isEmpty {
            return "\(needProject.joined(separator: ", ")) can only be used through a Firebase project"
        }
        return "none of \(routes.map(\.providerID).joined(separator: ", ")) can sign in on this machine, "
            + "so this provider cannot be linked to that account here"
    }

    /// Link the pending credential after signing in with a provider that works here, else after
    /// adding one, else after configuring a project; never a step that cannot work (nil: none can).
    static func linkPendingRemedy(_ routes: [SignInRoute], minutes: Int) -> Remedy? {
        if routes.isEmpty { return .linkPendingCredential(after: nil, minutes: minutes) }
        if let usable = routes.first(where: { $0.way == .signIn }) {
            return .linkPendingCredential(after: .signIn(providerID: usable.providerID), minutes: minutes)
        }
        for route in routes {
            if case .addProvider(let needsIssuer, let needsClientSecret) = route.way {
                let add = Remedy.addProvider(providerID: route.providerID, needsIssuer: needsIssuer, needsClientSecret: needsClientSecret)
                return .linkPendingCredential(after: add, minutes: minutes)
            }
        }
        if routes.contains(where: { $0.way == .configureProject }) {
            return .linkPendingCredential(after: .configureProject(.project), minutes: minutes)
        }
        return nil
    }
}

/// The one route rule (Decisions/0038): where a sign-in with a provider id runs, for the sign-in
/// itself (``SignIn`` in the application layer) and for what the account-exists hint names
/// (``SignInRoute``) alike.
package enum ProviderRoute: Sendable, Equatable {
    /// On this machine, with the provider added here (added here wins over any project).
    case local
    /// By the project, with the app in its console: a Firebase provider id (a domain such as
    /// `github.com`, or `oidc.`/`saml.` and a name: always a dot, never at either end).
    case projectFlow
    /// By the project, whose provider's answer can never come back here (its preset data says so,
    /// Apple's): the sign-in is refused with why, before the browser opens.
    case projectCannotReturn
    /// By the project, with no provider flow: the password.
    case projectPassword
    /// Nowhere until it is added here (or a project is used): the registry names what to add,
    /// or what a mistyped id (`github`) probably meant.
    case notConfigured

    /// Whether signing in with the provider works now.
    package var signsIn: Bool {
        switch self {
        case .local, .projectFlow, .projectPassword: true
        case .projectCannotReturn, .notConfigured: false
        }
    }

    package static func rule(for providerID: String, configured: Bool, hasProject: Bool, presets: ProviderPresets) -> ProviderRoute {
        if configured { return .local }
        guard hasProject else { return .notConfigured }
        if providerID == SignInRoute.passwordProviderID { return .projectPassword }
        guard isProjectProviderID(providerID) else { return .notConfigured }
        return presets.projectFlow(for: providerID).cannotRunThroughProject ? .projectCannotReturn : .projectFlow
    }

    /// Firebase's provider ids of provider flows are domains (`github.com`, `playgames.google.com`)
    /// or `oidc.`/`saml.` names, all with a dot inside; the rest (`password`, `phone`, a typo such
    /// as `github`) are not run by a project's provider flow.
    package static func isProjectProviderID(_ providerID: String) -> Bool {
        providerID.contains(".") && !providerID.hasPrefix(".") && !providerID.hasSuffix(".")
    }
}
