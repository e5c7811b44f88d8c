import AuthctlKit
import Foundation

// "Manage Users in Firebase" (Apple platforms): the signed-in user's profile, its providers'
// `UserInfo`, `UserMetadata`, and the ID token through every form the SDK offers.

/// Get a user's profile, and its provider-specific profile information.
func userProfile() throws -> [String: Any] {
    guard let user = Auth.auth().currentUser else { throw AuthError.snippet("nobody is signed in") }
    // The user's ID, unique to the Firebase project.
    let uid = user.uid
    let email = user.email
    let photoURL = user.photoURL
    var providers: [[String: Any]] = []
    for profile in user.providerData {
        providers.append([
            "providerID": profile.providerID, "uid": profile.uid, "name": profile.displayName ?? NSNull(),
            "email": profile.email ?? NSNull(), "photoURL": profile.photoURL?.absoluteString ?? NSNull(), "phone": profile.phoneNumber ?? NSNull(),
        ])
    }
    let metadata = user.metadata
    return [
        "uid": uid, "email": email ?? NSNull(), "photoURL": photoURL?.absoluteString ?? NSNull(), "displayName": user.displayName ?? NSNull(),
        "isEmailVerified": user.isEmailVerified, "isAnonymous": user.isAnonymous, "providerID": user.providerID,
        "phoneNumber": user.phoneNumber ?? NSNull(), "providerData": providers,
        "created": metadata.creationDate.map { $0.timeIntervalSince1970 } ?? NSNull(),
        "lastSignIn": metadata.lastSignInDate.map { $0.timeIntervalSince1970 } ?? NSNull(),
    ]
}

/// The ID token every way: async, its older async name, and the completion forms (with the token
/// result's), none forcing a refresh: the same token each time.
func idTokenForms() async throws -> [String: Any] {
    guard let user = Auth.auth().currentUser else { throw AuthError.snippet("nobody is signed in") }
    let token = try await user.getIDToken()
    let older = try await user.idTokenForcingRefresh(false)
    let byCompletion = try await completed { user.getIDTokenForcingRefresh(false, completion: $0) }
    let byPlainCompletion = try await completed { user.getIDToken(completion: $0) }
    let result = try await completed { user.getIDTokenResult(completion: $0) }
    let notForced = try await completed { user.getIDTokenResult(forcingRefresh: false, completion: $0) }
    return [
        "same": [older, byCompletion, byPlainCompletion, result.token, notForced.token].allSatisfy { $0 == token }, "token": token,
        "signInProvider": result.signInProvider, "mainQueue": await handlersRanOnMainQueue,
    ]
}

/// "Link Multiple Auth Providers": link with the provider's own flow (`link(with:uiDelegate:)`).
func linkWithProvider(_ providerID: String) async throws -> [String: Any] {
    guard let user = Auth.auth().currentUser else { throw AuthError.snippet("nobody is signed in") }
    let authResult = try await user.link(with: OAuthProvider(providerID: providerID), uiDelegate: presenter)
    return describe(authResult)
}
