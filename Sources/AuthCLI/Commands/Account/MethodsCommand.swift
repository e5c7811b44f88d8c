import AuthApp

/// `authctl methods <email>`: the SDK's fetchSignInMethods, one provider id a line.
struct MethodsCommand: Command {
    static let email = Argument.required("email", help: "The email address.")

    static let name = "methods"
    static let spec = CommandSpec(
        name: name,
        abstract: "List the providers an email's account signs in with.",
        discussion: ["Prints nothing when no account has the email."],
        arguments: [email.spec],
        examples: [Example("How does Alice sign in?", "authctl methods alice@example.com")])

    let address: String

    init(_ invocation: ParsedInvocation) throws {
        address = try invocation[Self.email]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let answer = try await SignInMethods(runtime: env.runtime).providers(forEmail: address)
        let providers = answer.providerIDs
        if answer.mayBeHidden {
            env.notice("The project lists no sign-in methods for \(address): either no account has it, or email-enumeration "
                + "protection is on (the default for new projects), which keeps the answer empty.")
        }
        if env.json {
            env.output(.array(providers.map { .string($0) }))
        } else {
            env.output(TerminalText(untrusted: providers.map { $0 + "\n" }.joined()))
        }
        return .success
    }
}
