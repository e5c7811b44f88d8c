import AuthApp
import AuthPlatform

/// `authctl account apply-code [LINK]`: use a link the project emailed (verify the email, recover
/// it, or reset the password), pasted here, given as an argument, or on stdin.
struct ApplyCodeCommand: Command {
    static let link = Argument.optional("link", help: "The link from the mail (or its oobCode); asked for at a terminal, else read from stdin.")
    static let passwordStdin = Option.flag("password-stdin", help: "For a password-reset link: read the new password from stdin (give LINK as an argument).")

    static let name = "apply-code"
    static let spec = CommandSpec(
        name: name,
        abstract: "Use an emailed verification, recovery or password-reset link.",
        discussion: [
            "A verify-email or recover-email link is applied (accounts:update with its oobCode); a password-reset link "
                + "sets the new password (accounts:resetPassword), asked for without echo or read with --password-stdin. "
                + "Each link works once, for a limited time.",
        ],
        arguments: [link.spec],
        options: [passwordStdin.spec],
        examples: [
            Example("Verify your email with the link from the mail:", "authctl account apply-code \"$LINK\""),
            Example("Reset a password in a script:", "authctl account apply-code \"$LINK\" --password-stdin < new-password.txt"),
        ])

    let givenLink: String?
    let passwordFromStandardInput: Bool

    init(_ invocation: ParsedInvocation) throws {
        givenLink = try invocation[Self.link]
        passwordFromStandardInput = try invocation[Self.passwordStdin]
        if passwordFromStandardInput, givenLink == nil {
            throw UsageError.invalidUsage("with --password-stdin, give the link as an argument (stdin carries the password)", command: invocation.commandPath)
        }
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let path = ["account", Self.name]
        var link = givenLink ?? ""
        if givenLink == nil {
            link = try await SignInCommand.pastedLink(in: env, prompt: "Paste the link from the mail: ", command: path, interrupted: .applyCode)
        }
        let passwordFromStandardInput = passwordFromStandardInput
        let applied = try await SignInMethods(runtime: env.runtime).apply(link) {
            try await SignInCommand.password(fromStandardInput: passwordFromStandardInput, in: env, command: path, interrupted: .applyCode)
        }
        switch applied {
        case .applied(let info):
            if env.json { env.output(JSONValue.object(["operation": .string(info.operation.rawValue), "email": Render.optional(info.email)])) }
            env.notice(info.operation == .recoverEmail
                ? "The email of the account is \(info.email ?? "restored") again."
                : "The email \(info.email ?? "of the account") is verified.")
        case .passwordReset(let email):
            if env.json { env.output(JSONValue.object(["operation": "PASSWORD_RESET", "email": .string(email)])) }
            env.notice("The password of \(email) is reset; sign in with the new one.")
        }
        return .success
    }
}
