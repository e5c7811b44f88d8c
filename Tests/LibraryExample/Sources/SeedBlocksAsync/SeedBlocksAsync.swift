// The seed pages' blocks in FirebaseAuth's current async style, as a developer would write them
// today: `try await provider.credential(with: nil)`, `try await Auth.auth().signIn(with:)`,
// `catch let error as NSError`. The three Yahoo pages (Arabic, Turkish, Thai) print the same
// Swift, so one function stands for each block of theirs; the GitHub and OpenID pages differ
// only in the provider and the GitHub page's `oauthCredential` line, written here as well.
import AuthctlKit
import Foundation

/// Steps 2-4 of every page: the provider, its custom parameters and scopes.
public func asyncProvider(_ providerID: String, customParameters: [String: String], scopes: [String]) -> OAuthProvider {
    let provider = OAuthProvider(providerID: providerID)
    provider.customParameters = customParameters
    provider.scopes = scopes
    return provider
}

/// Step 6: sign in with the provider. The access and ID tokens are the result's credential's.
public func asyncSignIn(provider: OAuthProvider) async throws -> AuthDataResult {
    let credential = try await provider.credential(with: nil)
    let authResult = try await Auth.auth().signIn(with: credential)
    // User is signed in.
    // IdP data available in authResult.additionalUserInfo.profile.
    guard let oauthCredential = authResult.credential as? OAuthCredential else { return authResult }
    // OAuth access token can also be retrieved by:
    _ = oauthCredential.accessToken
    // OAuth ID token can be retrieved by calling:
    _ = oauthCredential.idToken
    return authResult
}

/// Step 7: link the provider's credential to the signed-in user.
public func asyncLink(credential: AuthCredential) async throws -> AuthDataResult? {
    try await Auth.auth().currentUser?.link(with: credential)
}

/// Step 8: reauthenticate with the provider's credential.
public func asyncReauthenticate(credential: AuthCredential) async throws -> AuthDataResult? {
    // User is re-authenticated with fresh tokens minted and should be able to perform
    // sensitive operations like account deletion and email or password update.
    try await Auth.auth().currentUser?.reauthenticate(with: credential)
}

/// The account-exists recovery: the existing password account signs in, then links the
/// pending credential. Returns the linked result, or nil when the account has no password.
public func asyncAccountExists(provider: OAuthProvider, password: String) async throws -> AuthDataResult? {
    do {
        let credential = try await provider.credential(with: nil)
        return try await Auth.auth().signIn(with: credential)
    } catch let error as NSError
        where error.domain == AuthErrorDomain && error.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue
    {
        // Get pending credential and email of existing account.
        let existingAcctEmail = error.userInfo[AuthErrorUserInfoEmailKey] as! String
        let pendingCred = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as! AuthCredential
        // Lookup existing account identifier by the email.
        let providers = try await Auth.auth().fetchSignInMethods(forEmail: existingAcctEmail)
        // Existing email/password account.
        guard providers.contains(EmailAuthProviderID) else { return nil }
        // Sign in with existing account.
        _ = try await Auth.auth().signIn(withEmail: existingAcctEmail, password: password)
        // Link pending credential to account.
        return try await Auth.auth().currentUser?.link(with: pendingCred)
    }
}

/// The OpenID page's manual flow: an ID token obtained elsewhere.
public func asyncIDToken(idToken: String, providerID: AuthProviderID = .custom("oidc.example-provider")) async throws -> AuthDataResult {
    let credential = OAuthProvider.credential(
        providerID: providerID,  // As registered in Firebase console.
        idToken: idToken,  // ID token from OpenID Connect flow.
        rawNonce: nil
    )
    // User is signed in.
    return try await Auth.auth().signIn(with: credential)
}

/// Signing out.
public func asyncSignOut() -> Bool {
    let firebaseAuth = Auth.auth()
    do {
        try firebaseAuth.signOut()
        return true
    } catch let signOutError as NSError {
        print("Error signing out: %@", signOutError)
        return false
    }
}
