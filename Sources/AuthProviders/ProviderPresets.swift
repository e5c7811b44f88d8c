import AuthPlatform

/// What a provider's flow run by a project (Firebase's createAuthUri and signInWithIdp) can do
/// with a terminal program: rules of the provider, kept as data on its preset (Decisions/0038),
/// never as a compare of its id in the code that runs the flow.
package struct ProjectFlowTraits: Sendable, Equatable {
    /// Its app, registered as the Firebase docs say, knows one return address, the project's
    /// handler page (a GitHub OAuth App has exactly one callback URL).
    package var returnsOnlyToHandler: Bool
    /// A project's flow can never bring its answer back here (Sign in with Apple returns only to
    /// verified https domains).
    package var cannotRunThroughProject: Bool
    /// It answers the return address by a form POST (SAML, Apple), so the address the browser ends
    /// on carries nothing to paste.
    package var answersByFormPost: Bool
    /// What the project does with the provider's access token obtained elsewhere
    /// (signInWithIdp's `access_token`).
    package var accessToken: AccessTokenIntoProject

    package init(
        returnsOnlyToHandler: Bool = false, cannotRunThroughProject: Bool = false, answersByFormPost: Bool = false,
        accessToken: AccessTokenIntoProject = .accepted
    ) {
        self.returnsOnlyToHandler = returnsOnlyToHandler
        self.cannotRunThroughProject = cannotRunThroughProject
        self.answersByFormPost = answersByFormPost
        self.accessToken = accessToken
    }
}

/// Whether a project signs in with the provider's access token obtained elsewhere (the Yahoo page:
/// Google, Facebook and Twitter do; Yahoo does not).
package enum AccessTokenIntoProject: Sendable, Equatable {
    /// The project asks the provider whose token it is (Google, Facebook, GitHub).
    case accepted
    /// OAuth 1.0a: the token goes with its secret (Twitter's `oauth_token_secret`).
    case withSecret
    /// The project cannot tell which app the token was issued to: refused before any request.
    case refused(reason: String)
}

/// A built-in provider: what authctl knows about it without configuration, short of the client id
/// and secret, which the person registers with the provider. Adding an OpenID provider that
/// everyone uses is one entry in ``ProviderPresets/builtIn``.
package struct ProviderPreset: Sendable, Equatable {
    /// Which kind of provider the preset is, with what that kind needs to know.
    package enum Kind: Sendable, Equatable {
        /// An OpenID provider, discovered at `issuer` unless `providers add --issuer` says otherwise.
        case openID(issuer: String)
        /// GitHub: github.com, or a GitHub Enterprise Server with `providers add --api-base`.
        case gitHub
    }

    /// The provider id, as in the Firebase SDK: `github.com`, `yahoo.com`.
    package var id: String
    package var displayName: String
    package var kind: Kind
    /// Set when the issuer names a tenant (`--tenant`): the kind's issuer then holds
    /// ``Tenancy/placeholder`` where the tenant goes.
    package var tenancy: Tenancy?
    /// Why `providers add` needs a client secret for this provider; nil when it is optional.
    package var requiresClientSecret: String?
    /// Authorization parameters (`--param`) that the ID token must carry back as a claim of the
    /// same name and value (Google's `hd`, which only narrows the account chooser otherwise).
    package var echoedParameters: [String]
    /// Scopes and authorization parameters `providers add` stores unless told otherwise: what the
    /// provider needs before it issues a refresh token (`offline_access`, `access_type=offline`).
    package var addedScopes: [String]
    package var addedParameters: [String: String]
    /// What its flow run by a project can do here.
    package var projectFlow: ProjectFlowTraits

    package init(
        id: String, displayName: String, kind: Kind, tenancy: Tenancy? = nil, requiresClientSecret: String? = nil,
        echoedParameters: [String] = [], addedScopes: [String] = [], addedParameters: [String: String] = [:],
        projectFlow: ProjectFlowTraits = ProjectFlowTraits()
    ) {
        self.projectFlow = projectFlow
        self.id = id
        self.displayName = displayName
        self.kind = kind
        self.tenancy = tenancy
        self.requiresClientSecret = requiresClientSecret
        self.echoedParameters = echoedParameters
        self.addedScopes = addedScopes
        self.addedParameters = addedParameters
    }

    /// The type that implements this preset's kind.
    package var providerKind: any IdentityProviderKind.Type {
        switch kind {
        case .openID: OpenIDProvider.self
        case .gitHub: GitHubProvider.self
        }
    }

    /// The issuer `providers add` stores when none is given; nil for a kind without issuers.
    package var defaultIssuer: String? {
        issuer(forTenant: nil)
    }

    /// The issuer for `tenant` (the default tenant when nil); nil for a kind without issuers.
    package func issuer(forTenant tenant: String?) -> String? {
        switch kind {
        case .openID(let issuer):
            guard let tenancy else { return issuer }
            return issuer.replacing(Tenancy.placeholder, with: tenant ?? tenancy.defaultTenant)
        case .gitHub: return nil
        }
    }

    /// A GitHub OAuth App has one callback URL: the project's handler page, unless told otherwise.
    package static let github = ProviderPreset(
        id: "github.com", displayName: "GitHub", kind: .gitHub, projectFlow: ProjectFlowTraits(returnsOnlyToHandler: true))
    /// The Yahoo page: Firebase cannot check the audience of a Yahoo access token, so a token
    /// obtained for one project could sign in to another; Yahoo signs in with its ID token.
    package static let yahoo = ProviderPreset(
        id: "yahoo.com", displayName: "Yahoo", kind: .openID(issuer: "https://api.login.yahoo.com"),
        projectFlow: ProjectFlowTraits(accessToken: .refused(reason: yahooAccessTokenReason)))
    package static let yahooAccessTokenReason =
        "a Firebase project cannot check which app a Yahoo access token was issued to, so one obtained for another project "
        + "could be replayed into this one; Yahoo signs in with its ID token or the browser flow"
    /// Google's "Desktop app" OAuth clients: any loopback port, and a client secret that Google
    /// issues with them and requires at the token endpoint, although it is not confidential.
    package static let google = ProviderPreset(
        id: "google.com", displayName: "Google", kind: .openID(issuer: "https://accounts.google.com"),
        requiresClientSecret: "Google issues one with every Desktop app client and its token endpoint requires it",
        echoedParameters: ["hd"], addedParameters: ["access_type": "offline"]
    )
    /// The Microsoft identity platform (v2.0): a public client ("Mobile and desktop applications"
    /// platform) needs no secret; the tenant is part of the issuer.
    package static let microsoft = ProviderPreset(
        id: "microsoft.com", displayName: "Microsoft", kind: .openID(issuer: "https://login.microsoftonline.com/{tenant}/v2.0"),
        tenancy: Tenancy(
            defaultTenant: "common",
            sharedTenants: [.init("common"), .init("organizations"), .init("consumers", tenantID: "9188040d-6c67-4c5b-b112-36a304b66dad")]
        ),
        addedScopes: ["offline_access"]
    )
}

/// The built-in providers, and the rule for every other provider id (`oidc.<name>`): the one
/// registry that provider ids, help text and error messages read.
package struct ProviderPresets: Sendable {
    /// Provider ids of configured OpenID providers: `oidc.` and a name.
    package static let oidcPrefix = "oidc."
    /// The name after ``oidcPrefix``: 1 to 64 of these characters.
    package static let maximumNameLength = 64
    static let allowedNameCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")

    package let presets: [ProviderPreset]
    /// The project-flow rules of providers only a project knows (no preset here: nothing on this
    /// machine runs their flow), by id.
    package let projectOnly: [String: ProjectFlowTraits]
    /// The project-flow rules of every provider id with one of these prefixes (`saml.`).
    package let projectPrefixes: [String: ProjectFlowTraits]

    package init(_ presets: [ProviderPreset], projectOnly: [String: ProjectFlowTraits] = [:], projectPrefixes: [String: ProjectFlowTraits] = [:]) {
        self.presets = presets
        self.projectOnly = projectOnly
        self.projectPrefixes = projectPrefixes
    }

    /// What authctl ships with: four presets; Sign in with Apple, which returns only to verified
    /// https domains by a form POST; SAML providers, which post their answer.
    package static let builtIn = ProviderPresets(
        [.github, .yahoo, .google, .microsoft],
        projectOnly: [
            "apple.com": ProjectFlowTraits(cannotRunThroughProject: true, answersByFormPost: true),
            "twitter.com": ProjectFlowTraits(accessToken: .withSecret),
        ],
        projectPrefixes: ["saml.": ProjectFlowTraits(answersByFormPost: true)])

    /// What `id`'s flow run by a project can do here: its preset's rules, else a project-only
    /// provider's, else its prefix's, else none (an app that takes any return, answering by redirect).
    package func projectFlow(for id: String) -> ProjectFlowTraits {
        if let preset = preset(id) { return preset.projectFlow }
        if let traits = projectOnly[id] { return traits }
        return projectPrefixes.first { id.hasPrefix($0.key) }?.value ?? ProjectFlowTraits()
    }

    /// The preset with `id`, if there is one.
    package func preset(_ id: String) -> ProviderPreset? {
        presets.first { $0.id == id }
    }

    /// The kind of provider `id` names: a preset's, or OpenID for `oidc.<name>`; nil when `id` is
    /// no provider id at all.
    package func kind(forID id: String) -> (any IdentityProviderKind.Type)? {
        if let preset = preset(id) { return preset.providerKind }
        guard id.hasPrefix(Self.oidcPrefix) else { return nil }
        let name = id.dropFirst(Self.oidcPrefix.count)
        guard !name.isEmpty, name.count <= Self.maximumNameLength, name.allSatisfy(Self.allowedNameCharacters.contains) else {
            return nil
        }
        return OpenIDProvider.self
    }

    /// The kind of provider `id` names, or ``ProviderError/invalidProviderID(_:presets:)``.
    package func requireKind(forID id: String) throws(ProviderError) -> any IdentityProviderKind.Type {
        guard let kind = kind(forID: id) else { throw .invalidProviderID(id, presets: presets.map(\.id), suggestion: suggestion(for: id)) }
        return kind
    }

    /// A valid id that an invalid `id` probably meant: its lowercase form (`oidc.Corp`), the
    /// preset named by its first label (`github`, `Yahoo`), or `oidc.` before a bare name (`corp`).
    package func suggestion(for id: String) -> String? {
        let lowered = id.lowercased()
        if lowered != id, kind(forID: lowered) != nil { return lowered }
        if let preset = presets.first(where: { $0.id.split(separator: ".").first.map(String.init) == lowered }) { return preset.id }
        if !lowered.hasPrefix(Self.oidcPrefix), kind(forID: Self.oidcPrefix + lowered) != nil { return Self.oidcPrefix + lowered }
        return nil
    }

    /// Whether adding `id` needs `--issuer` (an OpenID kind without a preset issuer).
    package func takesIssuer(_ id: String) -> Bool {
        (kind(forID: id)?.usesIssuer ?? true) && preset(id)?.defaultIssuer == nil
    }

    /// Adding `id` as this registry knows it: an issuer for an OpenID provider without a preset
    /// issuer, a client secret where the preset requires one.
    package func addRemedy(_ id: String) -> Remedy {
        .addProvider(providerID: id, needsIssuer: takesIssuer(id), needsClientSecret: preset(id)?.requiresClientSecret != nil)
    }

    /// `github.com, yahoo.com, google.com, microsoft.com`: the presets' ids, for help text.
    package var presetIDList: String {
        presets.map(\.id).joined(separator: ", ")
    }

    /// `yahoo.com: https://api.login.yahoo.com; ...`: each OpenID preset's issuer, for help text.
    package var issuerSummary: String {
        presets.compactMap { preset in
            preset.issuer(forTenant: preset.tenancy == nil ? nil : "TENANT").map { "\(preset.id): \($0)" }
        }.joined(separator: "; ")
    }

    /// `github.com, yahoo.com, or an oidc.<name>`: the ids a person may use, for help text.
    package var idSummary: String {
        (presets.map(\.id) + ["or an \(Self.oidcPrefix)<name>"]).joined(separator: ", ")
    }
}
