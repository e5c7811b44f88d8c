import AuthApp
import AuthPlatform

/// The whole command line as a function: arguments and a context in, an exit status out.
/// It never calls `exit()`, so every command runs in-process in tests.
package enum AuthCommandLine {
    /// The application layer's (``AuthRuntime/version``): one number for the command and the library.
    package static let version = AuthRuntime.version

    package static func run(arguments: [String], context: CommandContext) async -> ExitStatus {
        // Usage errors are reported before we know whether --json was asked for; look for it.
        let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
        let color = !arguments.contains("--no-color") && context.standardErrorIsTerminal && context.environment["NO_COLOR"] == nil
        do {
            switch try parse(arguments) {
            case .help(let path):
                context.writeStandardOutput(HelpGenerator.help(for: path) ?? HelpGenerator.help(for: [])!)
                return .success
            case .version:
                context.writeStandardOutput(
                    wantsJSON ? JSONSchema.stamped(["version": .string(version)]).serialized(pretty: true) + "\n" : "authctl \(version)\n")
                return .success
            case .run(let invocation):
                let environment = try CommandEnvironment(context: context, globals: invocation.globals, command: invocation.commandPath)
                do {
                    return try await dispatch(invocation, in: environment)
                } catch let error as AccountError {
                    let routes = ProviderRoutes(runtime: environment.runtime)
                    let routed = routes.routed(error)
                    guard routed.remedy == .signIn(providerID: nil) else { throw routed }
                    throw WithRemedy(routed, remedy: .signInWithOneOf(providerIDs: routes.choices()))
                }
            }
        } catch {
            let error = withProviderChoices(error, arguments: arguments, context: context)
            let report = ErrorFunnel.report(for: error, json: wantsJSON, color: color)
            context.writeStandardError(report.standardError)
            return report.status
        }
    }

    /// A bare `authctl signin` (no `--provider`, no other way to sign in) names the providers
    /// configured in the home it would use, not a placeholder; any other error is left as it is.
    static func withProviderChoices(_ error: any Error, arguments: [String], context: CommandContext) -> any Error {
        guard case .missingOption(let option, let command) = error as? UsageError, option == "--provider", command == ["signin"] else {
            return error
        }
        var home: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--home", index + 1 < arguments.count { home = arguments[index + 1] }
            if argument.hasPrefix("--home=") { home = String(argument.dropFirst("--home=".count)) }
        }
        guard let environment = try? CommandEnvironment(context: context, globals: GlobalOptions(home: home), command: command) else { return error }
        let choices = ProviderRoutes(runtime: environment.runtime).choices()
        let next = choices.isEmpty
            ? "no provider is configured yet: add one with 'authctl providers add <id> --client-id ID' first"
            : "the providers configured here: " + choices.joined(separator: ", ")
        return UsageError.invalidUsage("missing required option '--provider'; \(next)", command: command)
    }

    /// `arguments` parsed on the tree cut down to the command they name; if that fails, on the
    /// whole tree, whose error (an unknown command's suggestion, say) is the one to report.
    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
        if let tree = CommandList.tree(for: arguments), let parsed = try? CommandLineParser.parse(arguments, root: tree) {
            return parsed
        }
        return try CommandLineParser.parse(arguments)
    }

    /// The arguments as authctl reads them when the executable is `program` (argv[0]): run as
    /// `docker-credential-authctl`, the name docker looks for, it is `authctl docker-credential`.
    package static func arguments(invokedAs program: String, _ arguments: [String]) -> [String] {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        return name == DockerCredentialCommand.executableName ? [DockerCredentialCommand.name] + arguments : arguments
    }

    /// Runs the command `invocation` names: a lookup in ``CommandList``.
    static func dispatch(_ invocation: ParsedInvocation, in env: CommandEnvironment) async throws -> ExitStatus {
        guard let command = CommandList.command(at: invocation.commandPath) else {
            // The parser only accepts paths of the tree built from the list; this is a bug.
            throw UsageError.invalidUsage("'\(invocation.commandPath.joined(separator: " "))' has no implementation", command: invocation.commandPath)
        }
        return try await command.init(invocation).run(in: env)
    }
}
