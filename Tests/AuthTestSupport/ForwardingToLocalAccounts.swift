import AuthCore
import AuthOAuth
import AuthProviders
import Foundation

/// A fake account backend built on the local one: the account rules go to `accounts`, so a test's
/// fake writes only the calls it changes (a project's lookup, its own token, a capability).
package protocol ForwardingToLocalAccounts: AccountBackend {
    var accounts: LocalAccountBackend { get }
}

extension ForwardingToLocalAccounts {
    package func signIn(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        try await accounts.signIn(with: credential, profile: profile)
    }
    package func link(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        try await accounts.link(with: credential, profile: profile)
    }
    package func linkPending() async throws -> SignInResult { try await accounts.linkPending() }
    package func reauthenticate(with credential: ProviderCredential, profile: FederatedProfile) async throws -> SignInResult {
        try await accounts.reauthenticate(with: credential, profile: profile)
    }
    package func unlink(providerID: String) async throws -> AccountRecord { try await accounts.unlink(providerID: providerID) }
    package func deleteCurrentUser() async throws -> AccountRecord { try await accounts.deleteCurrentUser() }
    package func lookUpCurrentUser() async throws -> AccountRecord? { try await accounts.lookUpCurrentUser() }
    package func signInMethods(forEmail email: String) async throws -> [String] { try await accounts.signInMethods(forEmail: email) }
    package func userToken(minimumValidity: TimeInterval) async throws -> String? { nil }
}
