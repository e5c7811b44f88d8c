import AuthApp
import AuthPlatform

/// `authctl signout`: the local sessions always go; with `--revoke`, their tokens are revoked at
/// the provider too (RFC 7009, or GitHub's token deletion), each step reported.
struct SignOutCommand: Command {
    static let all = Option.flag("all", help: "Sign out every user in this keystore.")
    static let revoke = Option.flag(
        "revoke",
        help: "Also revoke the tokens at the provider (RFC 7009, or GitHub's token deletion). The "
            + "local session is removed even if that fails; then the exit status is 9.")

    static let name = "signout"
    static let spec = CommandSpec(
        name: name,
        abstract: "Sign out: forget the current session and its tokens.",
        discussion: [
            "Signs out the current user only; the user record stays, so signing in again lands on the "
                + "same user. Providers added with 'authctl providers add' are kept."
        ],
        options: [all.spec, revoke.spec],
        examples: [Example("Sign out:", "authctl signout"), Example("Sign everyone out:", "authctl signout --all")],
        familiarNames: ["logout", "log-out", "sign-out"])

    let everyone: Bool
    let revokes: Bool

    init(_ invocation: ParsedInvocation) throws {
        everyone = try invocation[Self.all]
        revokes = try invocation[Self.revoke]
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let report = try await SignOut(runtime: env.runtime).run(all: everyone, revoke: revokes)
        for step in report.revocation ?? [] {
            env.notice("\(step.providerID) \(step.token): \(step.outcome)" + (step.reason.map { " (\($0))" } ?? ""))
        }
        let left = report.keyringItemsLeft
        if env.json {
            var result: [String: JSONValue] = ["signedOut": .number(Double(report.users))]
            if let steps = report.revocation {
                result["revocation"] = .array(steps.map {
                    ["providerId": .string($0.providerID), "token": .string($0.token), "outcome": .string($0.outcome), "reason": $0.reason.map { .string($0) } ?? .null]
                })
            }
            if !left.isEmpty {
                result["keyringItemsLeft"] = .array(left.map { ["document": .string($0.document), "id": .string($0.id), "remove": .string($0.removalCommand)] })
            }
            env.output(.object(result))
        }
        if report.users == 0 {
            env.notice("Nobody was signed in.")
        } else if left.isEmpty {
            env.notice("Signed out; the local session and its tokens are gone.")
        } else {
            env.notice(TerminalText(untrusted: Self.lockedNotice(left, keyring: report.keyring ?? "the system keyring")))
        }
        if let failed = report.failure { throw failed }
        return .success
    }

    /// The sign-out done under a locked keyring: what stayed in it, and how to remove it.
    static func lockedNotice(_ left: [SignOut.KeyringItem], keyring: String) -> String {
        let count = left.count == 1 ? "1 item" : "\(left.count) items"
        let it = left.count == 1 ? "it" : "them"
        return "Signed out; the local session is gone. The keyring is locked, so \(count) of this session stayed in "
            + "\(keyring); no file names \(it) now. To remove \(it), unlock the keyring, then run:\n"
            + left.map { "  " + $0.removalCommand }.joined(separator: "\n")
    }
}
