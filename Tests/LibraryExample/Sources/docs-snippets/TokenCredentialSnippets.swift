import AuthctlKit
import Foundation

// FirebaseAuth's provider classes for a token obtained elsewhere ("Authenticate Using GitHub",
// "Google Sign-In" on Apple platforms, "Handle the sign-in flow manually"):
// `GitHubAuthProvider.credential(withToken:)` and
// `GoogleAuthProvider.credential(withIDToken:accessToken:)`, then `signIn(with:)`.

/// GitHub: an access token from GitHub's own flow (here: on standard input).
func signInWithGitHubToken(_ token: String) async throws -> [String: Any] {
    let credential = GitHubAuthProvider.credential(withToken: token)
    let authResult = try await Auth.auth().signIn(with: credential)
    return describe(authResult, extra: ["credentialProvider": credential.provider])
}

/// An access token from elsewhere into the project (the Yahoo page: Google, Facebook and Twitter
/// sign in with one): `OAuthProvider.credential(providerID:accessToken:)` (`FacebookAuthProvider.
/// credential(withAccessToken:)` and `TwitterAuthProvider.credential(withToken:secret:)` take the same path).
func signInWithAccessToken(_ providerID: String, _ token: String) async throws -> [String: Any] {
    let credential = OAuthProvider.credential(providerID: providerID, accessToken: token)
    let authResult = try await Auth.auth().signIn(with: credential)
    return describe(authResult, extra: ["credentialProvider": credential.provider])
}

/// Google: the ID token and access token Google Sign-In gave (here: one line, space-separated).
func signInWithGoogleIDToken(_ tokens: String) async throws -> [String: Any] {
    let parts = tokens.split(separator: " ").map(String.init)
    let credential = GoogleAuthProvider.credential(withIDToken: parts.first ?? "", accessToken: parts.dropFirst().first ?? "")
    let authResult = try await Auth.auth().signIn(with: credential)
    return describe(authResult, extra: ["credentialProvider": credential.provider])
}

/// Sign in with Apple run elsewhere: its ID token and raw nonce (here: one line, space-separated),
/// and the name Apple hands only on the first sign-in, which the project names the new user with
/// (`OAuthProvider.appleCredential(withIDToken:rawNonce:fullName:)`).
func signInWithAppleIDToken(_ tokenAndNonce: String, givenName: String, familyName: String) async throws -> [String: Any] {
    let parts = tokenAndNonce.split(separator: " ").map(String.init)
    var fullName = PersonNameComponents()
    fullName.givenName = givenName
    fullName.familyName = familyName
    let credential = OAuthProvider.appleCredential(withIDToken: parts.first ?? "", rawNonce: parts.dropFirst().first, fullName: fullName)
    let authResult = try await Auth.auth().signIn(with: credential)
    return describe(authResult, extra: ["credentialProvider": credential.provider, "displayName": authResult.user.displayName ?? NSNull()])
}
