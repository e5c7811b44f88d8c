import AuthApp
import AuthCore
import AuthOAuth
import AuthPlatform
import AuthStorage

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
        let signOut = SignOut(runtime: env.runtime)
        let signedOut = try signOut.signOut(all: everyone)
        var steps: [JSONValue] = []
        var revocations: [SignOut.Revocation] = []
        if revokes {
            revocations = await signOut.revoke(signedOut)
            for revocation in revocations {
                for step in revocation.steps {
                    steps.append([
                        "providerId": .string(revocation.providerID), "token": .string(step.token.rawValue),
                        "outcome": .string(step.outcome.name), "reason": step.outcome.reason.map { .string($0) } ?? .null,
                    ])
                    env.notice("\(revocation.providerID) \(step.token.rawValue): \(step.outcome.name)" + (step.outcome.reason.map { " (\($0))" } ?? ""))
                }
            }
        }
        let left = signedOut.keyringItemsLeft
        if env.json {
            var result: [String: JSONValue] = ["signedOut": .number(Double(signedOut.users))]
            if revokes { result["revocation"] = .array(steps) }
            if !left.isEmpty {
                result["keyringItemsLeft"] = .array(left.map { ["document": .string($0.document), "id": .string($0.id), "remove": .string(Self.removal($0))] })
            }
            env.output(.object(result))
        }
        if signedOut.users == 0 {
            env.notice("Nobody was signed in.")
        } else if left.isEmpty {
            env.notice("Signed out; the local session and its tokens are gone.")
        } else {
            env.notice(TerminalText(untrusted: Self.lockedNotice(left, keyring: signedOut.keyring ?? "the system keyring")))
        }
        if let failed = RevocationFailed(revocations) { throw failed }
        return .success
    }

    /// The sign-out done under a locked keyring: what stayed in it, and how to remove it.
    static func lockedNotice(_ left: [SignOut.KeyringItem], keyring: String) -> String {
        let count = left.count == 1 ? "1 item" : "\(left.count) items"
        let it = left.count == 1 ? "it" : "them"
        return "Signed out; the local session is gone. The keyring is locked, so \(count) of this session stayed in "
            + "\(keyring); no file names \(it) now. To remove \(it), unlock the keyring, then run:\n"
            + left.map { "  " + removal($0) }.joined(separator: "\n")
    }

    /// The `secret-tool` command that removes `item` (attributes of authctl's schema, Decisions/0024).
    static func removal(_ item: SignOut.KeyringItem) -> String {
        "secret-tool clear authctl-home \(KeystoreError.shellQuoted(item.home)) authctl-document \(item.document) authctl-id \(item.id)"
    }
}
