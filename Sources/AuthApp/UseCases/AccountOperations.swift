import AuthCore
import AuthPlatform

/// The signed-in user's account operations that are not a sign-in: link the credential an
/// account-exists sign-in kept, unlink a provider, delete the user. With `expectedUID`, the
/// signed-in user must still be that one (a program's `User` object), else user-mismatch.
package struct AccountOperations: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    package func linkPending(expectedUID: String? = nil) async throws -> SignInResult {
        let accounts = try checked(expectedUID)
        return try await accounts.linkPending()
    }

    package func unlink(_ providerID: String, expectedUID: String? = nil) async throws -> AccountRecord {
        try await checked(expectedUID).unlink(providerID: providerID)
    }

    package func delete(expectedUID: String? = nil) async throws -> AccountRecord {
        try await checked(expectedUID).deleteCurrentUser()
    }

    /// Makes another signed-in user (by uid or email) the current one.
    package func switchUser(to query: String) throws -> AccountRecord {
        try runtime.accounts().switchUser(to: query)
    }

    /// The accounts, once the signed-in user is `expectedUID` (when given).
    package func checked(_ expectedUID: String?) throws -> AccountService {
        let accounts = try runtime.accounts()
        guard let expectedUID else { return accounts }
        guard let current = try accounts.currentUser() else { throw AccountError.notSignedIn }
        guard current.uid == expectedUID else { throw SignedInUserChanged(expected: expectedUID, current: current.uid) }
        return accounts
    }
}

/// A program's user object is not the signed-in user any more (exit 8, the SDK's user-mismatch).
package struct SignedInUserChanged: AuthCoreError, Equatable {
    package var expected: String
    package var current: String
    package var code: ErrorCode { .userMismatch }
    package var message: String { "another user (\(current)) is signed in now, not \(expected)" }
}
