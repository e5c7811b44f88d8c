import AuthApp

/// `authctl verify --provider P`: checks a JWT from stdin against a provider and prints its claims.
struct VerifyCommand: Command {
    static let provider = Option.required("provider", "ID", help: "The provider that issued the token.", unless: ["firebase"])
    static let firebase = Option.flag(
        "firebase", help: "The token is a Firebase ID token of the configured project (RS256, Google's securetoken keys).")
    static let audience = Option.string("audience", "AUDIENCE", help: "The expected audience. Default: the provider's client ID.")
    static let nonce = Option.string("nonce", "NONCE", help: "The expected nonce claim.")

    static let name = "verify"
    static let spec = CommandSpec(
        name: name,
        abstract: "Verify a JWT read on stdin and print its claims.",
        discussion: [
            "Reads one compact JWT, such as an ID token, on stdin and checks it against the provider: "
                + "the signature with a key from the provider's JWKS, then the issuer (iss), audience (aud), "
                + "expiry (exp) and, with --nonce, the nonce. If every check passes, the claims are printed "
                + "as JSON on stdout; if one fails, nothing is printed and the exit status is 10."
        ],
        options: [provider.spec, firebase.spec, audience.spec, nonce.spec],
        exclusiveOptions: [[provider.long, firebase.long]],
        examples: [
            Example("Verify a token that another program received:", "authctl verify --provider oidc.corp --audience my-api < token.jwt"),
            Example("Check the Firebase ID token authctl hands out:", "authctl token | authctl verify --firebase"),
        ])

    let providerID: String?
    let isFirebaseToken: Bool
    let expectedAudience: String?
    let expectedNonce: String?

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        isFirebaseToken = try invocation[Self.firebase]
        expectedAudience = try invocation[Self.audience]
        expectedNonce = try invocation[Self.nonce]
        if providerID == nil, !isFirebaseToken {
            throw UsageError.missingOption("--" + Self.provider.long, command: invocation.commandPath)
        }
        if isFirebaseToken, expectedAudience != nil || expectedNonce != nil {
            throw UsageError.invalidUsage("--audience and --nonce go with --provider; a Firebase ID token's audience is the project", command: invocation.commandPath)
        }
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let issuer: VerifyToken.Issuer = providerID.map { .provider($0, audience: expectedAudience, nonce: expectedNonce) } ?? .backend
        let verified = try await VerifyToken(runtime: env.runtime).run(try env.readToken(), issuedBy: issuer)
        env.output(foreign: verified.claims)
        if let setting = verified.unsignedAcceptedBecause {
            env.notice("note: an unsigned Firebase emulator token, accepted because \(setting) is set; "
                + "its claims were checked, and nothing vouches for them")
        } else {
            env.log("\(verified.checks)")
        }
        return .success
    }
}
