import AuthApp
import AuthPlatform

/// `authctl account mfa list`: the signed-in user's second factors, as the project knows them.
struct MFAListCommand: Command {
    static let name = "list"
    static let spec = CommandSpec(
        name: name,
        abstract: "List the signed-in user's second factors (Firebase project).",
        examples: [Example("The factors' ids, to unenrol one:", "authctl account mfa list")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let factors = try await SignInMethods(runtime: env.runtime).enrolledFactors()
        if env.json {
            env.output(JSONValue.object(["secondFactors": .array(factors.map(Render.json))]))
        } else {
            env.output(TerminalText(untrusted: factors.map { "\($0.enrollmentID)\t\($0.factorID)\t\($0.displayName ?? "")\n" }.joined()))
        }
        if factors.isEmpty { env.notice("No second factor is enrolled.") }
        return .success
    }
}
