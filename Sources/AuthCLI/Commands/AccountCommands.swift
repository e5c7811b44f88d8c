import AuthCore
import Foundation

/// `whoami`, `token`, `signout`, `users`, `switch`, `methods`, `unlink`, `account delete`, `config`.
enum AccountCommands {
    /// `whoami`: the signed-in user (`--check` is answered by the dispatcher).
    static func whoami(in env: CommandEnvironment) throws {
        guard let user = try env.auth.currentUser() else { throw AccountError.notSignedIn }
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

    static func signout(all: Bool, in env: CommandEnvironment) throws {
        let count = try env.auth.signOut(all: all)
        if env.json { env.output(JSONValue.object(["signedOut": .number(Double(count))])) }
        env.notice(count == 0 ? "Nobody was signed in." : all ? "Signed out \(count) user\(count == 1 ? "" : "s")." : "Signed out.")
    }

    static func users(in env: CommandEnvironment) throws {
        let users = try env.auth.users()
        if env.json {
            env.output(.array(users.map { entry in
                var json = Render.json(entry.user)
                if case .object(var members) = json {
                    members["current"] = .bool(entry.isCurrent)
                    members["signedIn"] = .bool(entry.isSignedIn)
                    json = .object(members)
                }
                return json
            }))
            return
        }
        for entry in users {
            let providers = entry.user.providerData.map(\.providerID).joined(separator: ",")
            env.output("\(entry.isCurrent ? "*" : " ") \(entry.user.uid)  \(entry.user.email ?? "-")  \(providers)\(entry.isSignedIn ? "" : "  (signed out)")\n")
        }
    }

    static func switchUser(to query: String, in env: CommandEnvironment) throws {
        let user = try env.auth.switchUser(to: query)
        if env.json { env.output(Render.json(user)) }
        env.notice("Switched to \(user.email ?? user.uid).")
    }

    /// The SDK's fetchSignInMethods: one provider id a line, nothing when there is no such account.
    static func methods(email: String, in env: CommandEnvironment) throws {
        let providers = try env.auth.signInMethods(forEmail: email)
        if env.json {
            env.output(.array(providers.map { .string($0) }))
        } else {
            env.output(providers.map { $0 + "\n" }.joined())
        }
    }

    static func unlink(providerID: String, in env: CommandEnvironment) throws {
        let user = try env.auth.unlink(providerID: providerID)
        if env.json { env.output(Render.json(user)) }
        env.notice("Unlinked \(providerID); providers: \(user.providerData.map(\.providerID).joined(separator: ", ")).")
    }

    static func deleteAccount(in env: CommandEnvironment) throws {
        let user = try env.auth.deleteCurrentUser()
        if env.json { env.output(JSONValue.object(["deleted": .string(user.uid)])) }
        env.notice("Deleted user \(user.uid) from this keystore.")
    }

    static func configSet(key: String, value: String, in env: CommandEnvironment) throws {
        try env.home.ensureExists()
        let policy = try env.auth.setPolicy(key, to: value)
        if env.json { env.output(Render.json(policy)) }
        env.notice("\(key) = \(try policy.value(of: key))")
    }

    static func configGet(key: String, in env: CommandEnvironment) throws {
        let value = try env.auth.policy().value(of: key)
        env.json ? env.output(JSONValue.object([key: .string(value)])) : env.output(value + "\n")
    }

    static func configList(in env: CommandEnvironment) throws {
        let policy = try env.auth.policy()
        if env.json { return env.output(Render.json(policy)) }
        for key in AccountPolicy.keys { env.output("\(key.name) = \(try policy.value(of: key.name))\n") }
    }
}
