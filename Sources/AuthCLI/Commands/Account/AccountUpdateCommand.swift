import AuthApp
import AuthPlatform

/// `authctl account update --email E | --password | --password-stdin`: change the signed-in
/// user's email or password in the Firebase project (the SDK's `updateEmail`/`updatePassword`).
struct AccountUpdateCommand: Command {
    static let email = Option.string("email", "EMAIL", help: "The new email address.")
    static let password = Option.flag("password", help: "Set a new password, asked for without echo.")
    static let passwordStdin = Option.flag("password-stdin", help: "Set a new password, read from stdin's first line.")

    static let name = "update"
    static let spec = CommandSpec(
        name: name,
        abstract: "Change the signed-in user's email or password (Firebase project).",
        discussion: [
            "A sensitive change: the project wants a recent sign-in (five minutes), so run 'authctl reauth' first "
                + "(a password user proves it with the current password). The project then answers a new session, "
                + "which replaces the stored one; its other sessions end.",
        ],
        options: [email.spec, password.spec, passwordStdin.spec],
        exclusiveOptions: [[email.long, password.long], [email.long, passwordStdin.long], [password.long, passwordStdin.long]],
        examples: [
            Example("Change the password after proving it is you:", "authctl reauth && authctl account update --password"),
            Example("Change the email:", "authctl account update --email alice@new.example"),
        ])

    enum Change: Sendable {
        case email(String)
        case password(fromStandardInput: Bool)
    }

    let change: Change

    init(_ invocation: ParsedInvocation) throws {
        if let email = try invocation[Self.email] {
            change = .email(email)
        } else if try invocation[Self.password] || invocation[Self.passwordStdin] {
            change = .password(fromStandardInput: try invocation[Self.passwordStdin])
        } else {
            throw UsageError.invalidUsage("say what to change: --email EMAIL, --password or --password-stdin", command: invocation.commandPath)
        }
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let accounts = EmailAndPassword(runtime: env.runtime)
        switch change {
        case .email(let email):
            let user = try await accounts.updateEmail(to: email)
            env.notice("The email of \(user.uid) is now \(user.email ?? email).")
            if env.json { env.output(Render.json(user)) }
        case .password(let fromStandardInput):
            let password = try await SignInCommand.password(
                fromStandardInput: fromStandardInput, in: env, command: ["account", Self.name], interrupted: .passwordChange)
            let user = try await accounts.updatePassword(to: password)
            env.notice("The password of \(user.email ?? user.uid) is changed; its other sessions are over.")
            if env.json { env.output(Render.json(user)) }
        }
        return .success
    }
}

/// `authctl account send-password-reset EMAIL`: the project emails a password-reset link.
struct AccountSendPasswordResetCommand: Command {
    static let email = Argument.required("email", help: "The account's email address.")

    static let name = "send-password-reset"
    static let spec = CommandSpec(
        name: name,
        abstract: "Have the Firebase project email a password-reset link.",
        discussion: [
            "accounts:sendOobCode with PASSWORD_RESET. With email-enumeration protection on (the default for new "
                + "projects) the project answers the same whether or not an account has the address.",
        ],
        arguments: [email.spec],
        examples: [Example("Reset Alice's password:", "authctl account send-password-reset alice@example.com")])

    let address: String

    init(_ invocation: ParsedInvocation) throws {
        address = try invocation[Self.email]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        try await EmailAndPassword(runtime: env.runtime).sendPasswordReset(toEmail: address)
        if env.json { env.output(JSONValue.object(["sent": .string(address)])) }
        env.notice("The project sends a password-reset link to \(address), if an account has that address.")
        return .success
    }
}
