import AuthApp
import AuthPlatform

/// `signin --email-link` and `link --email-link`: the project emails a link, the person pastes it
/// (at a terminal) or a program gives it on stdin, and the link signs in.
extension SignInCommand {
    static func signInWithEmailLink(_ email: String, continueURL: String?, linking: Bool, in env: CommandEnvironment) async throws -> SignInResult {
        let methods = SignInMethods(runtime: env.runtime)
        if linking { try SignIn(runtime: env.runtime).checkSignedIn() }
        try await methods.sendSignInLink(toEmail: email, continueURL: continueURL)
        env.notice("The project sent a sign-in link to \(email).")
        let link = try await pastedLink(
            in: env, prompt: "Paste the link from the mail: ", command: [linking ? "link" : name], interrupted: linking ? .link : .signIn)
        return try await methods.signIn(email: email, link: link, linking: linking)
    }

    /// The longest line taken as a link or a code: Firebase's action links are a few hundred
    /// bytes, a Dynamic Link around one is under two kilobytes.
    static let maximumLinkBytes = 8 * 1024

    /// A link (or a code) pasted at the terminal, or stdin's first line; Ctrl-C ends the wait
    /// as `interrupted` (exit 4).
    static func pastedLink(in env: CommandEnvironment, prompt: String, command: [String], interrupted: Interrupted) async throws -> String {
        if env.context.standardInputIsTerminal { env.prompt(TerminalText(untrusted: prompt)) }
        let context = env.context
        let read = try await env.interruptible(interrupted) {
            let line = await context.readLine()
            try Task.checkCancellation()
            return line
        }
        guard let line = read, !line.trimmingWhitespace().isEmpty else {
            throw UsageError.invalidUsage("no link was given: paste it at the prompt, or give it on stdin", command: command)
        }
        guard line.utf8.count <= maximumLinkBytes else {
            throw UsageError.invalidUsage("the line given is \(line.utf8.count) bytes, too long for a link from the mail (at most \(maximumLinkBytes))", command: command)
        }
        return line.trimmingWhitespace()
    }
}
