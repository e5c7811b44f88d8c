import AuthCore
import Foundation

/// `whoami`, `token`, `signout`.
enum AccountCommands {
    /// `whoami`: the signed-in user (`--check` is answered by the dispatcher).
    static func whoami(in env: CommandEnvironment) throws {
        guard let user = try env.auth.currentUser() else { throw AuthUserError.notSignedIn }
        env.json ? env.output(Render.json(user)) : env.output(Render.text(user))
    }

    /// `token [--provider P] [--id-token]`: only the token, for `$(authctl token)`.
    static func token(provider: String?, idToken: Bool, in env: CommandEnvironment) throws {
        let token = try env.auth.token(providerID: provider, idToken: idToken)
        if env.json {
            env.output(JSONValue.object([idToken ? "idToken" : "accessToken": .string(token)]))
        } else {
            env.output(token + "\n")
        }
    }

    static func signout(in env: CommandEnvironment) throws {
        let wasSignedIn = try env.auth.signOut()
        if env.json { env.output(JSONValue.object(["signedOut": .bool(wasSignedIn)])) }
        env.notice(wasSignedIn ? "Signed out." : "Nobody was signed in.")
    }
}
