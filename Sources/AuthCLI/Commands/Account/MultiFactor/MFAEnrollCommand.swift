import AuthApp
import AuthPlatform

/// `authctl account mfa enroll totp`: enrol an authenticator app as the signed-in user's second
/// factor: the project's shared secret shown as a QR code and as text, then the app's code.
struct MFAEnrollCommand: Command {
    static let kind = Argument.required("kind", help: "The kind of second factor: totp (an authenticator app).", choices: ["totp"])
    static let displayName = Option.string("display-name", "NAME", help: "The factor's name, shown when a sign-in asks for it.")
    static let issuer = Option.string("issuer", "NAME", help: "The name the authenticator app shows (default: the project id).")
    static let qrFlag = Option.flag("qr", help: "Draw the QR code even when stderr is not a terminal, with --json, or taller than the window.")
    static let noQR = Option.flag("no-qr", help: "Do not draw the QR code (the secret and the URI are printed).")

    static let name = "enroll"
    static let spec = CommandSpec(
        name: name,
        abstract: "Enrol an authenticator app (TOTP) as a second factor.",
        discussion: [
            "v2 accounts/mfaEnrollment:start makes a shared secret; it is drawn as a QR code on a terminal (when the code "
                + "fits the window with the text under it) and printed as text and as an otpauth:// URI. The app's current code (asked for at a terminal, else read from stdin's first "
                + "line) finalizes the enrolment; later sign-ins then ask for a code ('authctl signin --totp CODE'). "
                + "The project needs TOTP turned on (Identity Platform) and the email verified.",
        ],
        arguments: [kind.spec],
        options: [displayName.spec, issuer.spec, qrFlag.spec, noQR.spec],
        exclusiveOptions: [[qrFlag.long, noQR.long]],
        examples: [Example("Enrol your phone's authenticator app:", "authctl account mfa enroll totp --display-name Phone")])

    let name: String?
    let issuerName: String?
    /// --qr (true), --no-qr (false), or neither (on a terminal, without --json).
    let qr: Bool?

    init(_ invocation: ParsedInvocation) throws {
        let kind = try invocation[Self.kind]
        guard kind == "totp" else { throw UsageError.invalidValue(option: "kind", value: kind, reason: "only totp can be enrolled from a terminal") }
        name = try invocation[Self.displayName]
        issuerName = try invocation[Self.issuer]
        qr = try invocation[Self.qrFlag] ? true : invocation[Self.noQR] ? false : nil
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let methods = SignInMethods(runtime: env.runtime)
        let started = try await methods.startTOTPEnrollment(issuer: issuerName)
        let secret = started.secret, uri = started.uri
        let prompt = "Code from your authenticator app: "
        // The code where it fits the window with the secret, the URI and the prompt, as a sign-in's URL for another device.
        env.showForAnotherDevice(
            uri,
            following: "Scan the code with your authenticator app, or type in the secret.\n"
                + "Secret: \(secret.sharedSecretKey) (\(secret.hashingAlgorithm), \(secret.codeLength) digits, every \(secret.periodSeconds) s)\n"
                + "URI: \(uri)",
            then: prompt, qr: qr)
        let code = try await SignInCommand.pastedLink(in: env, prompt: prompt, command: ["account", "mfa", Self.name], interrupted: .enrolment)
        let factors = try await methods.finalizeTOTPEnrollment(secret, code: code, displayName: name)
        if env.json { env.output(JSONValue.object(["secondFactors": .array(factors.map(Render.json))])) }
        env.notice("Enrolled \(name ?? "an authenticator app"); second factors: \(Render.factorNames(factors)).")
        return .success
    }
}
