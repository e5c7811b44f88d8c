import AuthPlatform

/// `authctl kube-credential`: a kubectl exec credential plugin. It prints an `ExecCredential`
/// with the provider's token and its expiry (Kubernetes "client-go credential plugins").
struct KubeCredentialCommand: Command {
    static let provider = Option.string("provider", "ID", help: "Whose token to give kubectl. Default: the provider the user signed in with.")
    static let idToken = Option.flag("id-token", help: "Give the OpenID Connect ID token (what the API server's OIDC authenticator checks).")
    static let minValid = TokenCommand.minValid

    /// The API group of `ExecCredential`; kubectl names the version it wants in `KUBERNETES_EXEC_INFO`.
    static let apiGroup = "client.authentication.k8s.io"
    static let supportedVersions = ["v1", "v1beta1"]
    static let execInfoVariable = "KUBERNETES_EXEC_INFO"

    static let name = "kube-credential"
    static let spec = CommandSpec(
        name: name,
        abstract: "Give kubectl a token (an exec credential plugin).",
        discussion: [
            "Prints an ExecCredential (client.authentication.k8s.io/v1, or the version kubectl names in "
                + "KUBERNETES_EXEC_INFO) with the token, refreshed first if needed, and its expirationTimestamp, "
                + "so kubectl asks again when it expires. It never opens a browser: without a usable session "
                + "it exits 3 and says how to sign in. See the README for the kubeconfig stanza."
        ],
        options: [provider.spec, idToken.spec, minValid.spec],
        examples: [
            Example("Try what kubectl will get:", "authctl kube-credential --provider oidc.corp --id-token"),
        ])

    let providerID: String?
    let wantsIDToken: Bool
    let minimumValidity: Duration

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        wantsIDToken = try invocation[Self.idToken]
        minimumValidity = try invocation[Self.minValid]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let apiVersion = try Self.apiVersion(execInfo: env.context.environment[Self.execInfoVariable])
        let token = try await TokenCommand.token(
            providerID: providerID, wantsIDToken: wantsIDToken, minimumValidity: minimumValidity, withExpiry: true, in: env)
        env.output(foreign: Self.execCredential(apiVersion: apiVersion, token: token.value, expiresAt: token.expiresAt))
        return .success
    }

    /// The `apiVersion` kubectl asks for, from `KUBERNETES_EXEC_INFO`; v1 when it names none.
    static func apiVersion(execInfo: String?) throws -> String {
        let fallback = "\(apiGroup)/\(supportedVersions[0])"
        guard let execInfo, !execInfo.isEmpty else { return fallback }
        guard let info = try? JSONValue.parse(Array(execInfo.utf8)), info.objectValue != nil else {
            throw CredentialHelperError.unreadableExecInfo(reason: "it is not a JSON object")
        }
        guard let version = info["apiVersion"]?.stringValue else { return fallback }
        guard supportedVersions.map({ "\(apiGroup)/\($0)" }).contains(version) else {
            throw CredentialHelperError.unsupportedExecCredentialVersion(version, supported: supportedVersions.map { "\(apiGroup)/\($0)" })
        }
        return version
    }

    static func execCredential(apiVersion: String, token: String, expiresAt: Date?) -> JSONValue {
        var status: [String: JSONValue] = ["token": .string(token)]
        if let expiresAt {
            // RFC 3339 in UTC without fractions: what metav1.Time parses.
            status["expirationTimestamp"] = .string(expiresAt.formatted(.iso8601))
        }
        return ["apiVersion": .string(apiVersion), "kind": "ExecCredential", "status": .object(status)]
    }
}

/// A tool asked a credential helper for something it cannot answer.
enum CredentialHelperError: AuthCoreError {
    case unreadableExecInfo(reason: String)
    case unsupportedExecCredentialVersion(String, supported: [String])

    var code: ErrorCode { .configurationError }
    var message: String {
        switch self {
        case .unreadableExecInfo(let reason):
            "KUBERNETES_EXEC_INFO cannot be read: \(reason)"
        case .unsupportedExecCredentialVersion(let version, let supported):
            "kubectl asks for \(version); authctl speaks \(supported.joined(separator: " and ")) (set apiVersion in the kubeconfig's exec stanza)"
        }
    }
}
