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

    /// Makes the user `uid` this runtime's current user (the SDK's `updateCurrentUser`): the one
    /// its keystore keeps when it keeps them signed in, else a copy of `source`'s (another home or
    /// project), which the backend then reads back (a project's accounts:lookup, as the SDK
    /// reloads a user of another API key): a user the backend does not know is refused and the
    /// keystore left as it was.
    package func makeCurrent(uid: String, from source: AuthRuntime) async throws -> AccountRecord {
        let accounts = try runtime.accounts()
        if let kept = try accounts.keystore().accounts.first(where: { $0.user.uid == uid }), kept.isSignedIn {
            return try accounts.switchUser(to: uid)
        }
        guard let account = try source.accounts().keystore().accounts.first(where: { $0.user.uid == uid }) else {
            throw AccountError.unknownUser(uid)
        }
        let before = try accounts.adopt(account)
        do {
            return try await CurrentUser(runtime: runtime).signedIn(from: .backend, expectedUID: uid)
        } catch {
            try? accounts.restore(before)
            throw error
        }
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
