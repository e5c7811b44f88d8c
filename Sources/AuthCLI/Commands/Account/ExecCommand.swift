import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `authctl exec -- CMD ARGS...`: a fresh token in CMD's environment, then CMD in authctl's
/// place (execve), so its exit status, signals and stdio are its own.
struct ExecCommand: Command {
    static let provider = Option.string("provider", "ID", help: "Whose token to pass. Default: the provider the user signed in with.")
    static let variable = Option.string("env", "NAME", help: "The environment variable that holds the token. Default: AUTHCTL_TOKEN.")
    static let idToken = Option.flag("id-token", help: "Pass the OpenID Connect ID token instead of the access token.")
    static let minValid = TokenCommand.minValid
    static let command = Argument<[String]>.repeated("command", help: "The program and its arguments, after '--'.")

    static let defaultVariable = "AUTHCTL_TOKEN"

    static let name = "exec"
    static let spec = CommandSpec(
        name: name,
        abstract: "Run a command with a fresh token in its environment.",
        discussion: [
            "Refreshes the token if it expires within --min-valid seconds (as 'authctl token' does), "
                + "sets it in the environment variable --env (AUTHCTL_TOKEN by default), and replaces "
                + "authctl with the command, found on PATH: the exit status is the command's. The token "
                + "never appears on a command line, where other users could read it in the process list."
        ],
        arguments: [command.spec],
        options: [provider.spec, variable.spec, idToken.spec, minValid.spec],
        examples: [
            Example("Call an API (in single quotes, so the shell that exec starts expands it):", "authctl exec -- sh -c 'curl -H \"Authorization: Bearer $AUTHCTL_TOKEN\" $URL'"),
            Example("A tool that reads its own variable:", "authctl exec --provider github.com --env GH_TOKEN -- gh repo list"),
        ])

    let providerID: String?
    let variableName: String
    let wantsIDToken: Bool
    let minimumValidity: Duration
    let arguments: [String]

    init(_ invocation: ParsedInvocation) throws {
        providerID = try invocation[Self.provider]
        wantsIDToken = try invocation[Self.idToken]
        minimumValidity = try invocation[Self.minValid]
        arguments = try invocation[Self.command]
        let name = try invocation[Self.variable] ?? Self.defaultVariable
        guard Self.isVariableName(name) else {
            throw UsageError.invalidValue(
                option: "--env", value: name, reason: "expected an environment variable name (letters, digits, '_', not starting with a digit)",
                command: invocation.commandPath)
        }
        variableName = name
    }

    /// POSIX.1 §8.1 portable names: `[A-Za-z_][A-Za-z0-9_]*`.
    static func isVariableName(_ name: String) -> Bool {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        let lower = UInt8(ascii: "a")...UInt8(ascii: "z"), upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
        guard let first = name.utf8.first, !digits.contains(first) else { return false }
        return name.utf8.allSatisfy { digits.contains($0) || lower.contains($0) || upper.contains($0) || $0 == UInt8(ascii: "_") }
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let token = try await TokenCommand.token(
            providerID: providerID, wantsIDToken: wantsIDToken, minimumValidity: minimumValidity, in: env)
        var environment = env.context.environment.all
        environment[variableName] = token.value
        // Returns only when the command could not be started.
        let errno = env.context.replaceProcess(arguments, environment)
        throw ExecFailed(program: arguments[0], errno: errno)
    }
}

/// The command given to `exec` could not be started: 127 when it was not found, 126 otherwise.
struct ExecFailed: AuthCoreError {
    var program: String
    var errno: Int32

    var code: ErrorCode { errno == ENOENT ? .commandNotFound : .commandNotExecutable }
    var message: String {
        let reason = errno == ENOENT && !program.contains("/") ? "not found on PATH" : SystemCallError(call: "execve", errno: errno).reason
        return "could not run '\(program)': \(reason)"
    }
}
