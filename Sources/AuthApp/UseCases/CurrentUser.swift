import AuthCore
import AuthPlatform

/// The signed-in user, by one rule for both doors: as the keystore keeps it (`whoami`, the
/// library's `currentUser`), or reloaded: the backend's copy where there is one (a project's
/// `accounts:lookup`, the SDK's `reload()` = getAccountInfo, stored over the keystore's), the
/// keystore's otherwise (local accounts: the keystore is the whole truth). `whoami --refresh`
/// and the library's `User.reload()` both reload through here, so an email verified at the
/// project (`applyActionCode`) shows after either.
package struct CurrentUser: Sendable {
    /// Where a user is read from.
    package enum Source: Sendable, Equatable {
        /// The keystore's copy: no network.
        case keystore
        /// The backend's copy, stored over the keystore's.
        case backend
    }

    /// What a backend with second factors and custom claims adds (a project's), for `whoami`.
    package enum Details: Sendable {
        /// The backend has none.
        case none
        case known(factors: [EnrolledFactor], customClaims: [String: JSONValue])
        /// The project could not be read now: the details are left out, for this reason.
        case leftOut(String)
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// The signed-in user from `source`, or nil when nobody is; with `expectedUID`, the signed-in
    /// user must still be that one (a program's `User`), else user-mismatch.
    package func run(from source: Source, expectedUID: String? = nil) async throws -> AccountRecord? {
        let accounts = try AccountOperations(runtime: runtime).checked(expectedUID)
        switch source {
        case .keystore: return try accounts.currentUser()
        case .backend: return try await accounts.backend.lookUpCurrentUser()
        }
    }

    /// ``run(from:expectedUID:)`` for a user who must be signed in.
    package func signedIn(from source: Source, expectedUID: String? = nil) async throws -> AccountRecord {
        guard let user = try await run(from: source, expectedUID: expectedUID) else { throw AccountError.notSignedIn }
        return user
    }

    /// The token that renews the signed-in user's ID token (the SDK's `User.refreshToken`): the
    /// project's with a project, else that of the provider the user signed in with last; nil when
    /// there is none. A secret: the door hands it to its program and never shows it.
    package func refreshToken(expectedUID: String? = nil) throws -> String? {
        guard let account = try AccountOperations(runtime: runtime).checked(expectedUID).currentAccount() else { return nil }
        if let session = account.backendSession { return session.refreshToken }
        let last = account.sessions.first { $0.providerID == account.lastProviderID } ?? account.sessions.last
        return last?.refreshToken
    }

    /// The tenant and handler domain the backend's calls use (a project's, with the program's
    /// settings), or nil for a backend without a project.
    package func projectScope() -> (tenantID: String?, customAuthDomain: String?)? {
        guard let scoped = (try? runtime.accounts().backend) as? any TenantScopedAccounts else { return nil }
        return (scoped.tenantID, scoped.customAuthDomain)
    }

    /// Whether the signed-in user can get a token without a person (``TokenAvailability``):
    /// `whoami --check`, `status --check`, `users` and `token` agree.
    package func canGetToken() throws -> Bool {
        try SessionStatus(runtime: runtime).check()
    }

    /// The second factors and custom claims of the signed-in user, when the backend has them:
    /// asked of the backend's capability, not of its name; `renewed`: the claims of an ID token
    /// renewed now (``GetToken/backendClaims(renewed:)``). An expired session is an error (sign in
    /// again); any other failure leaves them out, saying why.
    package func details(renewed: Bool = false) async throws -> Details {
        guard (try? runtime.backend(as: (any MultiFactorEnrollment).self, .multiFactorEnrollment)) != nil else { return .none }
        let methods = SignInMethods(runtime: runtime)
        do {
            let claims = try await GetToken(runtime: runtime).backendClaims(renewed: renewed).map(SignInMethods.customClaims) ?? [:]
            return .known(factors: try await methods.enrolledFactors(), customClaims: claims)
        } catch let error as any AuthCoreError where error.code != .invalidUserToken {
            return .leftOut(error.message)
        }
    }
}
