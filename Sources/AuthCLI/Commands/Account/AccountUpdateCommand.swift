import AuthApp
import AuthPlatform

/// `authctl account update --email E | --password | --password-stdin | --display-name N --photo-url U`:
/// change the signed-in user's email, password or profile in the Firebase project (the SDK's
/// `updateEmail`/`updatePassword`/`createProfileChangeRequest`); an email the project wants verified
/// first is mailed a link instead (ProfileChanges).
struct AccountUpdateCommand: Command {
    static let email = Option.string("email", "EMAIL", help: "The new email address.")
    static let password = Option.flag("password", help: "Set a new password, asked for without echo.")
    static let passwordStdin = Option.flag("password-stdin", help: "Set a new password, read from stdin's first line.")
    static let displayName = Option.string("display-name", "NAME", help: "Set the display name (\"\" removes it).")
    static let photoURL = Option.string("photo-url", "URL", help: "Set the photo URL (\"\" removes it).")

    static let name = "update"
    static let spec = CommandSpec(
        name: name,
        abstract: "Change the user's email, password or profile (Firebase project).",
        discussion: [
            "A sensitive change: the project wants a recent sign-in (five minutes), so run 'authctl reauth' first "
                + "(a password user proves it with the current password). The project then answers a new session, "
                + "which replaces the stored one; its other sessions end.",
            "A project that changes an email only once the new address is verified (always for an account with a "
                + "second factor) mails the new address a link instead: the email changes when the link is followed "
                + "(open it, or give it to 'authctl account apply-code'), and the project then ends the account's "
                + "sessions, so sign in again with the new address.",
            "--display-name and --photo-url change the profile (no recent sign-in needed); \"\" removes one.",
        ],
        options: [email.spec, password.spec, passwordStdin.spec, displayName.spec, photoURL.spec],
        exclusiveOptions: [
            [email.long, password.long], [email.long, passwordStdin.long], [password.long, passwordStdin.long],
            [displayName.long, email.long], [displayName.long, password.long], [displayName.long, passwordStdin.long],
            [photoURL.long, email.long], [photoURL.long, password.long], [photoURL.long, passwordStdin.long],
        ],
        examples: [
            Example("Change the password after proving it is you:", "authctl reauth && authctl account update --password"),
            Example("Change the email:", "authctl account update --email alice@new.example"),
            Example("Set the name others see:", "authctl account update --display-name Alice"),
        ])

    enum Change: Sendable {
        case email(String)
        case password(fromStandardInput: Bool)
        case profile(displayName: String?, photoURL: String?)
    }

    let change: Change

    init(_ invocation: ParsedInvocation) throws {
        if let email = try invocation[Self.email] {
            change = .email(email)
        } else if try invocation[Self.password] || invocation[Self.passwordStdin] {
            change = .password(fromStandardInput: try invocation[Self.passwordStdin])
        } else if let name = try invocation[Self.displayName], let url = try invocation[Self.photoURL] {
            change = .profile(displayName: name, photoURL: url)
        } else if let name = try invocation[Self.displayName] {
            change = .profile(displayName: name, photoURL: nil)
        } else if let url = try invocation[Self.photoURL] {
            change = .profile(displayName: nil, photoURL: url)
        } else {
            throw UsageError.invalidUsage(
                "say what to change: --email EMAIL, --password, --password-stdin, --display-name NAME or --photo-url URL",
                command: invocation.commandPath)
        }
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let user: AccountRecord
        switch change {
        case .email(let email):
            switch try await ProfileChanges(runtime: env.runtime).changeEmail(to: email) {
            case .changed(let changed):
                user = changed
                env.notice("The email of \(user.uid) is now \(user.email ?? email).")
            case .verificationSent(let address):
                if env.json { env.output(JSONValue.object(["sent": .string(address), "operation": "VERIFY_AND_CHANGE_EMAIL"])) }
                env.notice(
                    "The project changes this account's email only once the new address is verified: it sent a link to \(address). "
                        + "Open it (or run 'authctl account apply-code' with it); the email is then \(address), and the project "
                        + "ends this account's sessions: sign in again with the new address.")
                return .success
            }
        case .profile(let displayName, let photoURL):
            user = try await ProfileChanges(runtime: env.runtime).updateProfile(displayName: displayName, photoURL: photoURL)
            env.notice("The profile of \(user.email ?? user.uid) is changed: name \(user.displayName ?? "(none)"), photo \(user.photoURL ?? "(none)").")
        case .password(let fromStandardInput):
            let password = try await SignInCommand.password(
                fromStandardInput: fromStandardInput, in: env, command: ["account", Self.name], interrupted: .passwordChange)
            user = try await EmailAndPassword(runtime: env.runtime).updatePassword(to: password)
            env.notice("The password of \(user.email ?? user.uid) is changed; its other sessions are over.")
        }
        if env.json { env.output(Render.json(user)) }
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
