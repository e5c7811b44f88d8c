import AuthApp
import AuthCore
import AuthPlatform

/// `authctl account mfa enroll totp`: enrol an authenticator app as the signed-in user's second
/// factor: the project's shared secret shown as a QR code and as text, then the app's code.
struct MFAEnrollCommand: Command {
    static let kind = Argument.required("kind", help: "The kind of second factor: totp (an authenticator app).", choices: ["totp"])
    static let displayName = Option.string("display-name", "NAME", help: "The factor's name, shown when a sign-in asks for it.")
    static let issuer = Option.string("issuer", "NAME", help: "The name the authenticator app shows (default: the project id).")

    static let name = "enroll"
    static let spec = CommandSpec(
        name: name,
        abstract: "Enrol an authenticator app (TOTP) as a second factor.",
        discussion: [
            "v2 accounts/mfaEnrollment:start makes a shared secret; it is drawn as a QR code on a terminal and printed as "
                + "text and as an otpauth:// URI. The app's current code (asked for at a terminal, else read from stdin's first "
                + "line) finalizes the enrolment; later sign-ins then ask for a code ('authctl signin --totp CODE'). "
                + "The project needs TOTP turned on (Identity Platform) and the email verified.",
        ],
        arguments: [kind.spec],
        options: [displayName.spec, issuer.spec],
        examples: [Example("Enrol your phone's authenticator app:", "authctl account mfa enroll totp --display-name Phone")])

    let name: String?
    let issuerName: String?

    init(_ invocation: ParsedInvocation) throws {
        let kind = try invocation[Self.kind]
        guard kind == "totp" else { throw UsageError.invalidValue(option: "kind", value: kind, reason: "only totp can be enrolled from a terminal") }
        name = try invocation[Self.displayName]
        issuerName = try invocation[Self.issuer]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let methods = SignInMethods(runtime: env.runtime)
        guard let user = try env.auth.currentUser() else { throw AccountError.notSignedIn }
        let secret = try await methods.startTOTPEnrollment()
        let issuer = try issuerName ?? env.firebaseProject?.projectID ?? "authctl"
        let uri = secret.otpauthURI(accountName: user.email ?? user.uid, issuer: issuer)
        if env.context.standardErrorIsTerminal {
            env.notice("Scan this with your authenticator app:")
            CommandEnvironment.drawQRCode(uri, columns: max(QRCodeText.maximumColumns, env.context.terminalColumns() ?? 0), write: env.context.writeStandardError)
        }
        env.notice("Secret: \(secret.sharedSecretKey) (\(secret.hashingAlgorithm), \(secret.codeLength) digits, every \(secret.periodSeconds) s)")
        env.notice("URI: \(uri)")
        let code = try await SignInCommand.pastedLink(in: env, prompt: "Code from your authenticator app: ", command: ["account", "mfa", Self.name])
        let factors = try await methods.finalizeTOTPEnrollment(secret, code: code, displayName: name)
        if env.json { env.output(JSONValue.object(["secondFactors": .array(factors.map(Render.json))])) }
        env.notice("Enrolled \(name ?? "an authenticator app"); second factors: \(Render.factorNames(factors)).")
        return .success
    }
}
