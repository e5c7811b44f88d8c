import AuthApp

/// `authctl providers add ID`: configure a preset (github.com, yahoo.com, google.com,
/// microsoft.com) or an `oidc.<name>` provider.
struct ProvidersAddCommand: Command {
    static let id = Argument.required(
        "id", help: "\(ProviderSettings.presetIDList), or oidc. followed by a name of your choice (a-z, 0-9, - and _).")
    static let issuer = Option.string(
        "issuer", "URL",
        help: "The provider's issuer URL: required for oidc.<name>; a preset's is built in ("
            + ProviderSettings.issuerSummary + ").")
    static let tenant = Option.string(
        "tenant", "TENANT",
        help: "microsoft.com only: common (the default: work, school and personal accounts), organizations, "
            + "consumers, or one tenant's id (GUID) or domain name.")
    static let apiBase = Option.string(
        "api-base", "URL", help: "github.com only: the GitHub Enterprise Server root, such as https://github.example.com.")
    static let redirectURI = Option.string(
        "redirect-uri", "URI",
        help: "A redirect URI registered with the provider that is not a loopback address; you paste "
            + "the address the browser lands on.")
    static let clientID = Option.required("client-id", "ID", help: "The client ID that the provider gave you for authctl.")
    static let secretStdin = Option.flag("client-secret-stdin", help: "Read the client secret from the first line of stdin.")
    static let secretEnv = Option.string("client-secret-env", "NAME", help: "Read the client secret from the environment variable NAME.")
    static let scope = Option.repeated(
        "scope", "SCOPE", help: "Ask for this scope at every sign-in, in addition to openid, email and profile.")
    static let param = Option.repeated("param", "KEY=VALUE", help: "Add this parameter to every authorization request.")
    static let redirectPort = Option.ports(
        "redirect-port",
        help: "Always wait for the redirect on this port, for providers that only accept a registered "
            + "redirect URI such as http://127.0.0.1:8400/; of a list (8400,18400), the first free one.")
    static let noCheck = Option.flag(
        "no-check",
        help: "Store the provider without asking it for its discovery document first (offline set-up).")
    static let hs256 = Option.flag(
        "hs256-id-tokens",
        help: "Also accept ID tokens signed with HS256, keyed with the client secret. Only for "
            + "providers that sign that way; needs a client secret.")

    static let name = "add"
    static let spec = CommandSpec(
        name: name,
        abstract: "Add a built-in provider or any OpenID Connect provider.",
        discussion: [
            "authctl reads the provider's endpoints from its discovery document "
                + "(<issuer>/.well-known/openid-configuration). The issuer must use https; plain http is "
                + "allowed only on 127.0.0.1 or localhost, for testing.",
            "The discovery document is fetched at once, so that a mistyped issuer or a provider that "
                + "is down shows now (status 9) rather than at the first sign-in; --no-check skips this. An "
                + "issuer that differs from the provider's only by a trailing slash takes the provider's "
                + "spelling, which ID tokens must match exactly.",
            "Through common, organizations or consumers, Microsoft's discovery document names the issuer "
                + "https://login.microsoftonline.com/{tenantid}/v2.0: each ID token's iss must be that with "
                + "{tenantid} replaced by the token's tid claim (consumers: only the consumer tenant). A domain "
                + "tenant is stored as the tenant id its discovery document names.",
            "The client secret is optional for most providers: public clients need none, thanks to PKCE. "
                + "google.com requires it: Google issues one with every Desktop app client and its token "
                + "endpoint asks for it, although it is not confidential. It is never "
                + "taken as a plain argument, because other users of the machine can see the arguments "
                + "of running programs; pass it on stdin or in an environment variable.",
        ],
        arguments: [id.spec],
        options: [
            issuer.spec, tenant.spec, apiBase.spec, redirectURI.spec, clientID.spec, secretStdin.spec, secretEnv.spec, scope.spec, param.spec,
            redirectPort.spec, hs256.spec, noCheck.spec,
        ],
        exclusiveOptions: [[secretStdin.long, secretEnv.long]],
        examples: [
            Example(
                "Add a provider for a public client:",
                "authctl providers add oidc.corp --issuer https://login.example.com \\\n  --client-id authctl-cli"),
            Example(
                "Add Google for one Workspace domain, with the Desktop app client's secret:",
                "authctl providers add google.com --client-id ID.apps.googleusercontent.com \\\n  --client-secret-stdin --param hd=example.com < secret.txt"),
            Example(
                "Add Microsoft for work and school accounts only (a public client):",
                "authctl providers add microsoft.com --tenant organizations --client-id GUID"),
        ])

    let addition: ProviderSettings.Addition
    let secretFromStandardInput: Bool
    let secretVariable: String?

    init(_ invocation: ParsedInvocation) throws {
        addition = ProviderSettings.Addition(
            id: try invocation[Self.id], issuer: try invocation[Self.issuer] ?? "", clientID: try invocation[Self.clientID],
            scopes: try invocation[Self.scope], parameters: try invocation[Self.param], redirectPorts: try invocation[Self.redirectPort],
            acceptsHS256IDTokens: try invocation[Self.hs256], apiBase: try invocation[Self.apiBase],
            redirectURI: try invocation[Self.redirectURI], tenant: try invocation[Self.tenant], checksAtProvider: !(try invocation[Self.noCheck])
        )
        secretFromStandardInput = try invocation[Self.secretStdin]
        secretVariable = try invocation[Self.secretEnv]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        var addition = addition
        addition.clientSecret = try secret(in: env)
        let added: ProviderSettings.Added
        do {
            added = try await ProviderSettings(runtime: env.runtime).add(addition)
        } catch is ProviderSettings.IssuerNeeded {
            throw UsageError.missingOption("--" + Self.issuer.long, command: ["providers", "add"])
        }
        let stored = added.entry
        if let issuer = added.correctedIssuer {
            env.notice("Using the issuer as the provider spells it: \(issuer)")
        } else if added.uncheckedIssuerEndsWithSlash {
            env.notice("Note: the issuer ends with '/'; ID tokens are accepted only if their iss is exactly \(stored.issuer).")
        }
        if env.json { env.output(Render.json(stored)) }
        env.notice("Added \(stored.id)" + (stored.issuer.isEmpty ? "." : " (issuer \(stored.issuer))."))
        return .success
    }

    /// The client secret, from stdin or an environment variable (never from argv).
    private func secret(in env: CommandEnvironment) throws -> String? {
        if secretFromStandardInput {
            guard let bytes = env.context.readStandardInput(CommandEnvironment.maximumStandardInputBytes) else {
                throw UsageError.invalidValue(
                    option: "--" + Self.secretStdin.long, value: "", reason: "standard input is too large for a secret", command: ["providers", "add"])
            }
            let secret = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
            if secret.isEmpty { throw ProviderSettings.missingClientSecret(source: "standard input") }
            return secret
        }
        guard let name = secretVariable else { return nil }
        guard let value = env.context.environment[name], !value.isEmpty else {
            throw ProviderSettings.missingClientSecret(source: "the environment variable \(name)")
        }
        return value
    }
}
