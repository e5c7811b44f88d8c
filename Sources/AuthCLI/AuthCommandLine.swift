import AuthCore
import Foundation

/// The whole command line as a function: arguments and a context in, an exit status out.
/// It never calls `exit()`, so every command runs in-process in tests.
public enum AuthCommandLine {
    public static let version = "0.1.0"

    public static func run(arguments: [String], context: CommandContext) async -> ExitStatus {
        // Usage errors are reported before we know whether --json was asked for; look for it.
        let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
        let color = !arguments.contains("--no-color") && context.standardErrorIsTerminal && context.environment["NO_COLOR"] == nil
        do {
            switch try CommandLineParser.parse(arguments) {
            case .help(let path):
                context.writeStandardOutput(HelpGenerator.help(for: path) ?? HelpGenerator.help(for: [])!)
                return .success
            case .version:
                context.writeStandardOutput("authctl \(version)\n")
                return .success
            case .run(let invocation):
                let environment = try CommandEnvironment(context: context, globals: invocation.globals, command: invocation.commandPath)
                return try await dispatch(invocation, in: environment)
            }
        } catch {
            let report = ErrorFunnel.report(for: error, json: wantsJSON, color: color)
            context.writeStandardError(report.standardError)
            return report.status
        }
    }

    /// Runs the command `invocation` names.
    static func dispatch(_ invocation: ParsedInvocation, in env: CommandEnvironment) async throws -> ExitStatus {
        switch invocation.commandPath {
        case ["whoami"] where invocation.flag("check"):
            // A silent probe for scripts: only the exit status speaks.
            return try env.auth.currentUser() == nil ? .notSignedIn : .success
        case ["signin"]:
            try await SignInCommand.run(try SignInCommand.Arguments(invocation, purpose: .signIn), in: env)
        case ["link"]:
            try await SignInCommand.run(try SignInCommand.Arguments(invocation, purpose: .link), in: env)
        case ["reauth"]:
            try await SignInCommand.run(try SignInCommand.Arguments(invocation, purpose: .reauthenticate), in: env)
        case ["whoami"]:
            try AccountCommands.whoami(in: env)
        case ["token"]:
            try await AccountCommands.token(
                provider: invocation.value("provider"), idToken: invocation.flag("id-token"),
                minimumValidity: TimeInterval(try invocation.seconds("min-valid", in: 0...86_400) ?? Int(TokenRefresher.defaultMinimumValidity)), in: env
            )
        case ["signout"]:
            try await AccountCommands.signout(all: invocation.flag("all"), revoke: invocation.flag("revoke"), in: env)
        case ["users"]:
            try AccountCommands.users(in: env)
        case ["switch"]:
            try AccountCommands.switchUser(to: invocation.argument("user")!, in: env)
        case ["methods"]:
            try await AccountCommands.methods(email: invocation.argument("email")!, in: env)
        case ["unlink"]:
            try await AccountCommands.unlink(providerID: invocation.value("provider")!, in: env)
        case ["account", "delete"]:
            try await AccountCommands.deleteAccount(in: env)
        case ["config", "set"]:
            try AccountCommands.configSet(key: invocation.argument("key")!, value: invocation.argument("value")!, in: env)
        case ["config", "get"]:
            try AccountCommands.configGet(key: invocation.argument("key")!, in: env)
        case ["config", "list"]:
            try AccountCommands.configList(in: env)
        case ["verify"]:
            try await VerifyCommand.run(
                providerID: invocation.value("provider")!, audience: invocation.value("audience"), nonce: invocation.value("nonce"), in: env
            )
        case ["providers", "add"]:
            try ProvidersCommands.add(try ProvidersCommands.AddArguments(invocation), in: env)
        case ["providers", "list"]:
            try ProvidersCommands.list(in: env)
        case ["providers", "show"]:
            try ProvidersCommands.show(invocation.argument("id")!, in: env)
        case ["providers", "remove"]:
            try ProvidersCommands.remove(invocation.argument("id")!, in: env)
        default:
            throw UsageError.invalidUsage("'\(invocation.commandPath.joined(separator: " "))' has no implementation", command: invocation.commandPath)
        }
        return .success
    }
}

extension SignInCommand.Arguments {
    init(_ invocation: ParsedInvocation, purpose: SignInCommand.Purpose) throws {
        self.purpose = purpose
        providerID = invocation.value("provider")
        scopes = invocation.values("scope")
        parameters = invocation.values("param")
        timeout = .seconds(try invocation.seconds("timeout", in: 1...86_400) ?? 300)
        browserCommand = invocation.value("browser")
        opensBrowser = !invocation.flag("no-browser")
        redirectPort = try invocation.int("redirect-port", in: 1...65_535).map { UInt16($0) }
        idTokenFromStandardInput = purpose == .signIn && invocation.flag("id-token-stdin")
        rawNonce = purpose == .signIn ? invocation.value("raw-nonce") : nil
        linkPending = purpose == .link && invocation.flag("pending")
        paste = invocation.flag("paste")
        device = invocation.flag("device")
        if rawNonce != nil, !idTokenFromStandardInput {
            throw UsageError.invalidUsage("--raw-nonce goes with --id-token-stdin", command: invocation.commandPath)
        }
        if purpose == .link, providerID == nil, !linkPending {
            throw UsageError.invalidUsage("give --provider ID, or --pending", command: invocation.commandPath)
        }
    }
}

extension ProvidersCommands.AddArguments {
    init(_ invocation: ParsedInvocation) throws {
        id = invocation.argument("id")!
        issuer = invocation.value("issuer")
        clientID = invocation.value("client-id")!
        secretFromStandardInput = invocation.flag("client-secret-stdin")
        secretEnvironmentVariable = invocation.value("client-secret-env")
        scopes = invocation.values("scope")
        parameters = invocation.values("param")
        redirectPort = try invocation.int("redirect-port", in: 1...65_535).map { UInt16($0) }
        acceptsHS256IDTokens = invocation.flag("hs256-id-tokens")
        apiBase = invocation.value("api-base")
        redirectURI = invocation.value("redirect-uri")
        acceptsHS256IDTokens = invocation.flag("hs256-id-tokens")
    }
}
