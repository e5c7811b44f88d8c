import AuthApp
import AuthPlatform

/// `authctl account send-verification`: the project emails the signed-in user a verification link.
struct SendVerificationCommand: Command {
    static let name = "send-verification"
    static let spec = CommandSpec(
        name: name,
        abstract: "Email the signed-in user a verification link (Firebase project).",
        discussion: [
            "accounts:sendOobCode with VERIFY_EMAIL. Open the link, or paste it into 'authctl account apply-code'; "
                + "'authctl whoami --refresh' then shows the email verified.",
        ],
        examples: [Example("Verify your email from the terminal:", "authctl account send-verification && authctl account apply-code")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let email = try await SignInMethods(runtime: env.runtime).sendEmailVerification()
        if env.json { env.output(JSONValue.object(["sent": .string(email ?? "")])) }
        env.notice("The project sends a verification link to \(email ?? "the account's email").")
        return .success
    }
}
