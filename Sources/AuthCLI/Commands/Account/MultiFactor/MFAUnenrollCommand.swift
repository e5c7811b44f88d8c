import AuthApp
import AuthPlatform

/// `authctl account mfa unenroll FACTOR`: withdraw a second factor (`mfaEnrollment:withdraw`).
struct MFAUnenrollCommand: Command {
    static let factor = Argument.required("factor", help: "The factor's enrollment id ('authctl account mfa list').")

    static let name = "unenroll"
    static let spec = CommandSpec(
        name: name,
        abstract: "Withdraw one of the signed-in user's second factors.",
        discussion: ["The project may want a recent sign-in ('authctl reauth' first). Its other sessions end."],
        arguments: [factor.spec],
        examples: [Example("Withdraw a factor:", "authctl account mfa unenroll ENROLLMENT_ID")])

    let enrollmentID: String

    init(_ invocation: ParsedInvocation) throws {
        enrollmentID = try invocation[Self.factor]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let factors = try await SignInMethods(runtime: env.runtime).unenroll(enrollmentID)
        if env.json { env.output(JSONValue.object(["secondFactors": .array(factors.map(Render.json))])) }
        env.notice("Unenrolled \(enrollmentID); second factors: \(Render.factorNames(factors)).")
        return .success
    }
}
