import AuthCore
import AuthOAuth
import AuthPlatform
import AuthStorage

/// Signing out: the sessions and tokens go from the home (and their keyring items with them, as
/// the sealed storage removes what no file names any more); with revocation, the tokens are
/// revoked at their providers too (RFC 7009, or GitHub's token deletion), each step reported.
package struct SignOut: Sendable {
    /// One session's revocation steps.
    package struct Revocation: Sendable {
        package var providerID: String
        package var steps: [RevocationStep]
        /// The provider could not even be set up from the configuration (not the provider's fault).
        package var unusableConfiguration: Bool
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// Forgets the current user's sessions (every user's with `all`); the account records stay.
    package func signOut(all: Bool) throws -> Auth.SignOut {
        try runtime.accounts().signOut(all: all)
    }

    /// Revokes every session a sign-out removed; never throws (an unreachable provider is a failed step).
    package func revoke(_ signedOut: Auth.SignOut) async -> [Revocation] {
        var revocations: [Revocation] = []
        for session in signedOut.sessions {
            let (steps, unusable) = await revokeTokens(of: session)
            revocations.append(Revocation(providerID: session.providerID, steps: steps, unusableConfiguration: unusable))
        }
        return revocations
    }

    func revokeTokens(of session: OAuthCredential) async -> (steps: [RevocationStep], unusableConfiguration: Bool) {
        do {
            let services = runtime.services
            let provider = try await runtime.registry.resolve(session.providerID, services: services)
            let revoker = TokenRevoker(method: await provider.revocation(services: services))
            return (await revoker.revoke(accessToken: session.accessToken, refreshToken: session.refreshToken), false)
        } catch {
            let reason = Self.describe(error)
            let steps = [session.refreshToken.map { _ in RevocableToken.refreshToken }, session.accessToken.map { _ in .accessToken }]
                .compactMap { $0 }.map { RevocationStep(token: $0, outcome: .failed(reason)) }
            return (steps, Self.isConfiguration(error))
        }
    }

    /// A failure before any revocation request: the file's problem without its fix, or the error's message.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? KeystoreError { return error.problem }
        return (error as? any AuthCoreError)?.message ?? "\(error)"
    }

    /// Whether `error`, met before any request, is about configuration rather than the provider.
    package static func isConfiguration(_ error: any Error) -> Bool {
        guard let code = (error as? any AuthCoreError)?.code else { return false }
        return [.keystoreError, .configurationError, .invalidArgument].contains(code)
    }
}

/// `signout --revoke` could not revoke every token; the local sign-out happened anyway, so
/// nothing here can be retried: the message says where the tokens stand, never "try again".
/// A provider that failed is 9; a configuration that could not be used (providers.json
/// unreadable, the provider no longer configured) is 12.
package struct RevocationFailed: AuthCoreError {
    package var failures: [String]
    package var isConfigurationProblem = false

    package init(failures: [String], isConfigurationProblem: Bool = false) {
        self.failures = failures
        self.isConfigurationProblem = isConfigurationProblem
    }

    /// The failed steps of `revocations`, or nil when every token was revoked.
    package init?(_ revocations: [SignOut.Revocation]) {
        var failures: [String] = []
        for revocation in revocations {
            for step in revocation.steps {
                if case .failed(let reason) = step.outcome { failures.append("\(revocation.providerID) \(step.token.rawValue): \(reason)") }
            }
        }
        guard !failures.isEmpty else { return nil }
        self.init(failures: failures, isConfigurationProblem: revocations.contains { $0.unusableConfiguration })
    }

    package var code: AuthErrorCode { isConfigurationProblem ? .configurationError : .providerError }
    package var message: String {
        let gone = isConfigurationProblem
            ? "signed out locally, but the tokens were not revoked because the provider configuration could not be used: "
            : "signed out locally, but the provider did not confirm revocation: "
        return gone + failures.joined(separator: "; ")
            + ". Those tokens stay valid at the provider until they expire; revoke them in the provider's account settings if needed."
    }
}
