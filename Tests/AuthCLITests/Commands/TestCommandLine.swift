import AuthApp
import Foundation
@testable import AuthCLI
import AuthHTTP
import AuthPlatform
import AuthTestSupport

/// Swift Testing has an `ExitStatus` of its own; ours is meant here.
typealias ExitStatus = AuthCLI.ExitStatus

/// Runs authctl in-process against a fake provider (`TestTokenFactory.issuer`) and captures its
/// streams. The fake browser "signs in" by calling the loopback listener back, as a browser would.
final class TestCommandLine: @unchecked Sendable {
    let directory = TemporaryDirectory()
    var home: String { directory.child("home") }
    let stdout = LockedValue("")
    let stderr = LockedValue("")
    /// What the fake provider knows of the last authorization request.
    let lastAuthorization = LockedValue<[String: String]>([:])
    /// How the fake browser answers: extra or replaced redirect parameters, or nothing at all.
    var callback: @Sendable ([String: String]) -> [String: String]? = { request in
        ["code": "code-123", "state": request["state"] ?? "", "iss": TestTokenFactory.issuer]
    }
    /// Claims the fake token endpoint puts in the ID token, over the standard ones.
    var idTokenClaims: [String: JSONValue?] = [:]
    var tokenEndpointResponse: HTTPResponse?
    var stdin: [UInt8] = []
    /// The context's clock: TestTokenFactory's "now" until a test advances it.
    let now = LockedValue(TestTokenFactory.now)
    func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
    /// Whether stdin and stderr are terminals (a person at the keyboard).
    var interactive = true
    /// The terminal's window on stderr (TIOCGWINSZ); nil: it does not say.
    var window: TerminalSize?
    /// What a person pastes, for paste mode, built from the authorization request shown.
    var pastedLineProvider: @Sendable ([String: String]) -> String? = { _ in nil }
    /// A desktop by default (DISPLAY set, xdg-open on PATH), so the fake browser is opened.
    var environment: [String: String] {
        ["HOME": directory.path, "AUTHCTL_HOME": home, "AUTHCTL_LOCK_TIMEOUT": "1", "NO_COLOR": "1", "DISPLAY": ":0"]
            .merging(extraEnvironment) { _, new in new }.filter { !removedEnvironment.contains($0.key) }
    }
    var extraEnvironment: [String: String] = [:]
    var removedEnvironment: Set<String> = []
    /// What the headless rules learn of the machine, and the commands the fake browser was made for.
    var browserHost = BrowserHost(system: .linux, executables: ["xdg-open": "xdg-open"])
    let browserCommands = LockedValue<[[String]?]>([])
    /// Answers for paths the fake provider does not serve (a CI token service, say).
    var extraRoutes: [String: @Sendable (HTTPRequest) -> HTTPResponse] = [:]
    /// The system keyring the context offers (nil: none, as in a container).
    var secretVault: InMemorySecretVault?
    /// The kinds of account backend the commands can run (a test registers its own).
    var backends: BackendRegistry = .standard

    static let discovery: JSONValue = [
        "issuer": .string(TestTokenFactory.issuer),
        "authorization_endpoint": "https://idp.example.com/authorize",
        "token_endpoint": "https://idp.example.com/token",
        "jwks_uri": .string(TestTokenFactory.jwksURI.absoluteString),
        "userinfo_endpoint": "https://idp.example.com/userinfo",
        "code_challenge_methods_supported": ["S256"],
        "authorization_response_iss_parameter_supported": true,
        "revocation_endpoint": "https://idp.example.com/revoke",
    ]
    /// Refresh grants seen, and how the token endpoint answers them.
    let refreshes = LockedValue(0)
    let clientCredentialGrants = LockedValue(0)
    var refreshResponse: HTTPResponse?
    let revocations = LockedValue<[String]>([])
    var revocationStatus = 200
    /// Seconds until the access token from the code exchange expires.
    var expiresIn = 3600
    /// What `exec` tried to run (arguments, environment); `execFailure` is the errno it gets back.
    let execs = LockedValue<[(arguments: [String], environment: [String: String])]>([])
    var execFailure: Int32 = ENOENT

    func transport() -> FakeTransport {
        FakeTransport { [self] request in
            switch request.url.path {
            case "/.well-known/openid-configuration": return .json(Self.discovery)
            case TestTokenFactory.jwksURI.path: return .json(TestTokenFactory.standardJWKS)
            case "/revoke":
                revocations.withLock { $0.append(String(decoding: request.body ?? [], as: UTF8.self)) }
                return HTTPResponse(status: revocationStatus)
            case "/token" where String(decoding: request.body ?? [], as: UTF8.self).contains("grant_type=refresh_token"):
                let count = refreshes.withLock { value -> Int in
                    value += 1
                    return value
                }
                return refreshResponse ?? .json([
                    "access_token": .string("refreshed-\(count)"), "token_type": "Bearer", "expires_in": 3600,
                    "refresh_token": .string("rt-\(count + 1)"),
                ])
            case "/token" where String(decoding: request.body ?? [], as: UTF8.self).contains("grant_type=client_credentials"):
                let count = clientCredentialGrants.withLock { value -> Int in
                    value += 1
                    return value
                }
                return .json(["access_token": .string("machine-\(count)"), "token_type": "Bearer", "expires_in": .number(Double(expiresIn))])
            case "/token":
                if let response = tokenEndpointResponse { return response }
                var claims: [String: JSONValue?] = ["nonce": lastAuthorization.withLock { $0["nonce"] }.map { .string($0) }]
                claims.merge(idTokenClaims) { _, new in new }
                let idToken = TestTokenFactory.idToken(claims: claims)
                return .json(["access_token": .string(TestTokenFactory.accessToken), "token_type": "Bearer",
                              "expires_in": .number(Double(expiresIn)), "id_token": .string(idToken), "refresh_token": "rt-1"])
            case "/userinfo":
                let subject = idTokenClaims["sub"].flatMap { $0 } ?? .string(TestTokenFactory.subject)
                return .json(["sub": subject, "email": "alice@example.com", "email_verified": true, "name": "Alice"])
            default: return extraRoutes[request.url.path]?(request) ?? HTTPResponse(status: 404)
            }
        }
    }

    func context() -> CommandContext {
        let stdinBytes = stdin
        let out = stdout, err = stderr
        var context = CommandContext(
            environment: EnvironmentVariables(environment),
            readStandardInput: { limit in stdinBytes.count > limit ? nil : stdinBytes },
            writeStandardOutput: { text in out.withLock { $0 += text } },
            writeStandardError: { text in err.withLock { $0 += text } },
            standardErrorIsTerminal: interactive, standardInputIsTerminal: interactive, readLine: { [self] in
                // A person pastes after reading the URL on stderr.
                for _ in 0..<500 where shownAuthorizationRequest == nil { try? await Task.sleep(for: .milliseconds(10)) }
                let request = shownAuthorizationRequest ?? [:]
                lastAuthorization.withLock { $0 = request }  // what the provider saw, for the ID token's nonce
                return pastedLineProvider(request)
            },
            effects: AppEffects(transport: transport(), clock: Clock { [now] in now.withLock { $0 } }, random: SeededRandomSource(seed: 42)),
            makeBrowser: { [self] command in
                browserCommands.withLock { $0.append(command) }
                return CallbackBrowser(owner: self)
            },
            browserHost: { [browserHost] _ in browserHost },
            onInterrupt: { _ in {} },
            replaceProcess: { [execs, execFailure] arguments, environment in
                execs.withLock { $0.append((arguments, environment)) }
                return execFailure
            }
        )
        if let vault = secretVault { context.secretVault = { _ in vault } }
        context.backends = backends
        let window = window
        context.terminalSize = { window }
        return context
    }

    /// Runs `authctl <arguments>`; returns the exit status.
    @discardableResult
    func run(_ arguments: [String]) async -> ExitStatus {
        stdout.withLock { $0 = "" }
        stderr.withLock { $0 = "" }
        return await AuthCommandLine.run(arguments: arguments, context: context())
    }

    func addProvider(_ extra: [String] = []) async -> ExitStatus {
        await run(["providers", "add", "oidc.test", "--issuer", TestTokenFactory.issuer, "--client-id", TestTokenFactory.clientID] + extra)
    }

    /// The query of the authorization URL printed on stderr, once it is there.
    var shownAuthorizationRequest: [String: String]? {
        let text = stderr.withLock { $0 }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("  http") }),
            let items = URLComponents(string: line.trimmingCharacters(in: .whitespaces))?.queryItems
        else { return nil }
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    /// The `--json` error object: the last line of stderr (human notices, such as the sign-in
    /// URL, come before it).
    var jsonError: JSONValue? {
        let lines = stderr.withLock { $0 }.split(separator: "\n")
        return lines.last.flatMap { try? JSONValue.parse(String($0)) }?["error"]
    }

    /// The keystore's bytes, or nil if there is none: to prove a failure stored nothing.
    var keystoreBytes: Data? { FileManager.default.contents(atPath: home + "/keystore.json") }
}

/// A browser that follows the authorization URL straight back to the loopback listener.
struct CallbackBrowser: BrowserOpener {
    let owner: TestCommandLine

    func open(_ url: URL) -> Bool {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let request = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        owner.lastAuthorization.withLock { $0 = request }
        guard let parameters = owner.callback(request), var components = URLComponents(string: request["redirect_uri"] ?? "") else {
            return true
        }
        components.queryItems = parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        let target = components.url!
        Task { _ = try? await CurlTransport(settings: NetworkSettings(userAgent: "browser")).send(HTTPRequest(url: target)) }
        return true
    }
}
