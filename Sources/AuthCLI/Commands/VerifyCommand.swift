import AuthApp

/// `authctl verify --provider P`: checks a JWT from stdin against a provider and prints its claims.
/// `--firebase` (a project's own ID token) is the option the backend kind declares
/// (``IDTokenOption``): this command names no backend.
struct VerifyCommand: Command {
    static let audience = Option.string("audience", "AUDIENCE", help: "The expected audience. Default: the provider's client ID.")
    static let nonce = Option.string("nonce", "NONCE", help: "The expected nonce claim.")

    static let name = "verify"
    static let spec: CommandSpec = Self.spec(for: BackendRegistry.standard)

    /// `--provider`, or one of the kinds' options, which stand for it.
    static func spec(for backends: BackendRegistry) -> CommandSpec {
        let kinds = backends.idTokenOptions
        var provider = OptionSpec.value("provider", "ID", help: "The provider that issued the token.", isRequired: true)
        provider.requiredUnless = kinds.map(\.name)
        return CommandSpec(
            name: name,
            abstract: "Verify a JWT read on stdin and print its claims.",
            discussion: [
                "Reads one compact JWT, such as an ID token, on stdin and checks it against the provider: "
                    + "the signature with a key from the provider's JWKS, then the issuer (iss), audience (aud), "
                    + "expiry (exp) and, with --nonce, the nonce. If every check passes, the claims are printed "
                    + "as JSON on stdout; if one fails, nothing is printed and the exit status is 10."
            ],
            options: [provider] + kinds.map { OptionSpec.flag($0.name, help: BackendSettingsCommands.words($0.help)) } + [audience.spec, nonce.spec],
            exclusiveOptions: kinds.isEmpty ? [] : [[provider.long] + kinds.map(\.name)],
            examples: [Example("Verify a token that another program received:", "authctl verify --provider oidc.corp --audience my-api < token.jwt")]
                + kinds.compactMap { $0.example.map { Example($0.explanation, BackendSettingsCommands.words($0.commandLine)) } })
    }

    let providerID: String?
    /// The kind's option given instead of `--provider` (the command's only switches are theirs).
    let backendOption: String?
    let expectedAudience: String?
    let expectedNonce: String?
    let commandPath: [String]

    init(_ invocation: ParsedInvocation) throws {
        providerID = invocation.value("provider")
        backendOption = invocation.flags.sorted().first
        expectedAudience = try invocation[Self.audience]
        expectedNonce = try invocation[Self.nonce]
        commandPath = invocation.commandPath
        if providerID == nil, backendOption == nil {
            throw UsageError.missingOption("--provider", command: invocation.commandPath)
        }
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let issuer: VerifyToken.Issuer
        var option: IDTokenOption?
        if let providerID {
            issuer = .provider(providerID, audience: expectedAudience, nonce: expectedNonce)
        } else {
            guard let name = backendOption, let kind = env.runtime.backends.kind(withIDTokenOption: name), let declared = kind.idTokenOption else {
                throw UsageError.missingOption("--provider", command: commandPath)
            }
            if expectedAudience != nil || expectedNonce != nil {
                throw UsageError.invalidUsage(BackendSettingsCommands.words(declared.fixedAudience), command: commandPath)
            }
            issuer = .backendKind(kind.id)
            option = declared
        }
        let verified = try await VerifyToken(runtime: env.runtime).run(try env.readToken(), issuedBy: issuer)
        env.output(foreign: verified.claims)
        if let setting = verified.unsignedAcceptedBecause {
            env.notice("note: \(option?.unsignedToken ?? "an unsigned token"), accepted because \(setting) is set; "
                + "its claims were checked, and nothing vouches for them")
        } else {
            env.log("\(verified.checks)")
        }
        return .success
    }
}
