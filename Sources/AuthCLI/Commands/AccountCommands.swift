import AuthCore
import Foundation
import AuthOAuth
import AuthPlatform

/// `whoami`, `token`, `signout`, `users`, `switch`, `methods`, `unlink`, `account delete`, `config`.
enum AccountCommands {
    /// `whoami`: the signed-in user (`--check` is answered by the dispatcher).
    static func whoami(in env: CommandEnvironment) throws {
        guard let user = try env.auth.currentUser() else { throw AccountError.notSignedIn }
        env.json ? env.output(Render.json(user)) : env.output(Render.text(user))
    }

    /// `token [--provider P] [--id-token] [--min-valid SECONDS]`: only the token, for
    /// `$(authctl token)`; an access token about to expire is refreshed first.
    static func token(provider: String?, idToken: Bool, minimumValidity: TimeInterval, in env: CommandEnvironment) async throws {
        let token: String
        if idToken {
            token = try env.auth.token(providerID: provider, idToken: true)
        } else {
            token = try await env.auth.freshAccessToken(
                providerID: provider, minimumValidity: minimumValidity, providers: env.registry, services: env.services
            )
        }
        if env.json {
            env.output(JSONValue.object([idToken ? "idToken" : "accessToken": .string(token)]))
        } else {
            env.output(token + "\n")
        }
    }

    /// `signout [--all] [--revoke]`: the local sessions always go; with `--revoke`, their tokens are
    /// revoked at the provider first (RFC 7009, or GitHub's token deletion), each step reported.
    /// A failed revocation exits 9 after the local sign-out.
    static func signout(all: Bool, revoke: Bool, in env: CommandEnvironment) async throws {
        let signedOut = try env.auth.signOut(all: all)
        let (users, sessions) = (signedOut.users, signedOut.sessions)
        var steps: [JSONValue] = []
        var failures: [String] = []
        if revoke {
            for session in sessions {
                for step in await revokeTokens(of: session, in: env) {
                    steps.append([
                        "providerId": .string(session.providerID), "token": .string(step.token.rawValue),
                        "outcome": .string(step.outcome.name), "reason": step.outcome.reason.map { .string($0) } ?? .null,
                    ])
                    env.notice("\(session.providerID) \(step.token.rawValue): \(step.outcome.name)" + (step.outcome.reason.map { " (\($0))" } ?? ""))
                    if case .failed(let reason) = step.outcome { failures.append("\(session.providerID) \(step.token.rawValue): \(reason)") }
                }
            }
        }
        if env.json {
            var result: [String: JSONValue] = ["signedOut": .number(Double(users))]
            if revoke { result["revocation"] = .array(steps) }
            env.output(.object(result))
        }
        env.notice(sessions.isEmpty ? "Nobody was signed in." : "Signed out; the local session and its tokens are gone.")
        if !failures.isEmpty { throw RevocationFailed(failures: failures) }
    }

    /// Revokes one session's tokens; never throws (an unreachable provider is a failed step).
    static func revokeTokens(of session: OAuthCredential, in env: CommandEnvironment) async -> [RevocationStep] {
        do {
            let services = env.services
            let provider = try await env.registry.resolve(session.providerID, services: services)
            let revoker = TokenRevoker(method: await provider.revocation(services: services))
            return await revoker.revoke(accessToken: session.accessToken, refreshToken: session.refreshToken)
        } catch {
            let reason = (error as? any AuthCoreError)?.message ?? "\(error)"
            return [session.refreshToken.map { _ in RevocableToken.refreshToken }, session.accessToken.map { _ in .accessToken }]
                .compactMap { $0 }.map { RevocationStep(token: $0, outcome: .failed(reason)) }
        }
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
    static func methods(email: String, in env: CommandEnvironment) async throws {
        let providers = try await env.auth.signInMethods(forEmail: email)
        if env.json {
            env.output(.array(providers.map { .string($0) }))
        } else {
            env.output(providers.map { $0 + "\n" }.joined())
        }
    }

    static func unlink(providerID: String, in env: CommandEnvironment) async throws {
        let user = try await env.auth.unlink(providerID: providerID)
        if env.json { env.output(Render.json(user)) }
        env.notice("Unlinked \(providerID); providers: \(user.providerData.map(\.providerID).joined(separator: ", ")).")
    }

    static func deleteAccount(in env: CommandEnvironment) async throws {
        let user = try await env.auth.deleteCurrentUser()
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

/// `signout --revoke` could not revoke every token (exit 9); the local sign-out happened anyway.
struct RevocationFailed: AuthCoreError {
    var failures: [String]
    var code: AuthErrorCode { .providerError }
    var message: String {
        "signed out locally, but the provider did not confirm revocation: " + failures.joined(separator: "; ")
    }
}
