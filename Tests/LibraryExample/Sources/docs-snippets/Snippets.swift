import AuthctlKit
import Foundation

// Firebase docs' snippets (GitHub, OpenID Connect, linking, managing users, passwords, custom
// tokens) in the SDK's async style, with a scripted `presenter` for the AuthUIDelegate, each
// returning what Tests/e2e/test_library.py checks. The five seed pages' blocks as printed are the
// seed-blocks targets (Docs/Library.md).

/// "Authenticate Using GitHub on Apple Platforms", Handle the sign-in flow with the Firebase SDK.
func signInWithGitHub() async throws -> [String: Any] {
    let provider = OAuthProvider(providerID: "github.com")
    provider.customParameters = [
        "allow_signup": "false"
    ]
    provider.scopes = ["user:email"]
    let credential = try await provider.credential(with: presenter)
    let authResult = try await Auth.auth().signIn(with: credential)
    // User is signed in.
    // IdP data available in authResult.additionalUserInfo.profile.
    guard let oauthCredential = authResult.credential else { return [:] }
    // GitHub OAuth access token can also be retrieved by:
    // oauthCredential.accessToken
    return describe(authResult, extra: ["accessToken": oauthCredential.accessToken ?? ""])
}

/// "Authenticate Using OpenID Connect on Apple Platforms", Handle the sign-in flow with the Firebase SDK.
func signInWithOpenID(_ providerID: String) async throws -> [String: Any] {
    let provider = OAuthProvider(providerID: providerID)
    let credential = try await provider.credential(with: presenter)
    let authResult = try await Auth.auth().signIn(with: credential)
    // User is signed in.
    // IdP data available in authResult?.additionalUserInfo?.profile
    return describe(authResult)
}

/// The same, OIDC "Handle the sign-in flow manually": an ID token from an OpenID Connect flow
/// run elsewhere (here: on standard input).
func signInWithIDToken(_ providerID: String, idToken: String, rawNonce: String?) async throws -> [String: Any] {
    let credential = OAuthProvider.credential(
        providerID: providerID,  // As registered in Firebase console.
        idToken: idToken,  // ID token from OpenID Connect flow.
        rawNonce: rawNonce
    )
    let authResult = try await Auth.auth().signIn(with: credential)
    // User is signed in.
    return describe(authResult)
}

/// "Link Multiple Auth Providers to an Account": link the credential of another provider.
func link(_ providerID: String) async throws -> [String: Any] {
    let credential = try await OAuthProvider(providerID: providerID).credential(with: presenter)
    guard let user = Auth.auth().currentUser else { throw AuthError.snippet("nobody is signed in") }
    let authResult = try await user.link(with: credential)
    return describe(authResult)
}

/// "Manage Users", Re-authenticate a user.
func reauthenticate(_ providerID: String) async throws -> [String: Any] {
    let credential = try await OAuthProvider(providerID: providerID).credential(with: presenter)
    let user = Auth.auth().currentUser
    guard let authResult = try await user?.reauthenticate(with: credential) else { throw AuthError.snippet("nobody is signed in") }
    // User re-authenticated.
    return describe(authResult)
}

/// "Link Multiple Auth Providers", Handling the account-exists-with-different-credential error:
/// sign in with the existing account's provider, then link the pending credential.
func recoverAccountExists(_ providerID: String, existingProvider: String) async throws -> [String: Any] {
    let provider = OAuthProvider(providerID: providerID)
    do {
        let credential = try await provider.credential(with: presenter)
        _ = try await Auth.auth().signIn(with: credential)
        return ["accountExists": false]
    } catch let error as NSError where error.domain == AuthErrorDomain && error.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue {
        // Get pending credential and email of existing account.
        let existingAcctEmail = error.userInfo[AuthErrorUserInfoEmailKey] as! String
        let pendingCred = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as! AuthCredential
        // Lookup existing account identifier by the email.
        let providers = try await Auth.auth().fetchSignInMethods(forEmail: existingAcctEmail)
        // Sign in with existing account (a project with email-enumeration protection names none).
        let existing = OAuthProvider(providerID: providers.first ?? existingProvider)
        let user = try await Auth.auth().signIn(with: existing.credential(with: presenter)).user
        // Link pending credential to account.
        let result = try await user.link(with: pendingCred)
        return describe(result, extra: ["email": existingAcctEmail, "fetchedProviders": providers])
    }
}

/// "Authenticate with Firebase using Password-Based Accounts": create a user, then sign in.
func passwordAccounts(email: String, password: String) async throws -> [String: Any] {
    let created = try await Auth.auth().createUser(withEmail: email, password: password)
    try Auth.auth().signOut()
    let authResult = try await Auth.auth().signIn(withEmail: email, password: password)
    return describe(authResult, extra: ["createdUid": created.user.uid])
}

/// "Manage Users", Re-authenticate a user: a password user proves it is them with the password
/// (the credential of EmailAuthProvider), after signing up.
func reauthenticateWithPassword(email: String, password: String) async throws -> [String: Any] {
    let created = try await Auth.auth().createUser(withEmail: email, password: password)
    let credential = EmailAuthProvider.credential(withEmail: email, password: password)
    let authResult = try await created.user.reauthenticate(with: credential)
    return describe(authResult, extra: ["createdUid": created.user.uid])
}

/// "Authenticate with Firebase Using a Custom Authentication System": a token minted by the
/// project's own server (here: on standard input).
func signInWithCustomToken(_ customToken: String?) async throws -> [String: Any] {
    let authResult = try await Auth.auth().signIn(withCustomToken: customToken ?? "")
    return describe(authResult)
}

/// The result as the test reads it.
func describe(_ result: AuthDataResult, extra: [String: Any] = [:]) -> [String: Any] {
    let info = result.additionalUserInfo
    return [
        "uid": result.user.uid, "email": result.user.email ?? NSNull(), "providers": result.user.providerData.map(\.providerID).sorted(),
        "providerId": info?.providerID ?? "", "isNewUser": info?.isNewUser ?? false, "username": info?.username ?? NSNull(),
        "profileKeys": (info?.profile?.keys).map { Array($0).sorted() } ?? [],
    ].merging(extra) { _, given in given }
}

extension AuthError {
    /// A snippet's own failure.
    static func snippet(_ message: String) -> Error { SnippetFailure(message: message) }
}

struct SnippetFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
