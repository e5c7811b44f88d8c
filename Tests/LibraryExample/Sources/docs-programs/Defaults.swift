import AuthctlKit
import Foundation

// The pages' short calls: every argument the SDK gives a default left out, as
// https://firebase.google.com/docs/auth/ios/manage-users and the sign-in pages write them
// (`user.delete()`, `user.reload()`, `Auth.auth().sendPasswordReset(withEmail:)` with no handler,
// `getIDTokenResult()`, `sendEmailVerification()`, `OAuthProvider(providerID:)` with no `auth:`).

/// Synchronous code: the completion forms, their handler left out.
func fireAndForget(user: User, email: String, password: String, link: String, token: String, credential: AuthCredential,
                   provider: OAuthProvider, settings: ActionCodeSettings, resolver: MultiFactorResolver,
                   assertion: MultiFactorAssertion) {
    Auth.auth().updateCurrentUser(user)
    Auth.auth().fetchSignInMethods(forEmail: email)
    Auth.auth().signIn(withEmail: email, password: password)
    Auth.auth().signIn(withEmail: email, link: link)
    Auth.auth().signIn(with: credential)
    Auth.auth().signInAnonymously()
    Auth.auth().signIn(withCustomToken: token)
    Auth.auth().createUser(withEmail: email, password: password)
    Auth.auth().sendPasswordReset(withEmail: email)
    Auth.auth().sendPasswordReset(withEmail: email, actionCodeSettings: settings)
    Auth.auth().sendSignInLink(toEmail: email, actionCodeSettings: settings)
    user.updateEmail(to: email)
    user.updatePassword(to: password)
    user.reload()
    user.reauthenticate(with: credential)
    user.reauthenticate(with: provider, uiDelegate: nil)
    user.link(with: credential)
    user.link(with: provider, uiDelegate: nil)
    user.unlink(fromProvider: GitHubAuthProviderID)
    user.sendEmailVerification(with: settings)
    user.sendEmailVerification()
    user.delete()
    user.sendEmailVerification(beforeUpdatingEmail: email)
    user.sendEmailVerification(beforeUpdatingEmail: email, actionCodeSettings: settings)
    user.createProfileChangeRequest().commitChanges()
    resolver.resolveSignIn(with: assertion)
    user.multiFactor.enroll(with: assertion, displayName: nil)
    user.multiFactor.unenroll(withFactorUID: "uid")
}

/// Async code: the defaulted arguments left out.
func asyncDefaults(user: User, email: String, idToken: String, nonce: String) async throws {
    try await Auth.auth().sendPasswordReset(withEmail: email)
    let token = try await user.getIDToken()
    let result = try await user.getIDTokenResult()
    try await user.sendEmailVerification()
    try await user.sendEmailVerification(with: nil)
    try await user.sendEmailVerification(beforeUpdatingEmail: email)
    try await user.sendEmailVerification(beforeUpdatingEmail: email, actionCodeSettings: nil)
    let provider = OAuthProvider(providerID: "github.com")
    let typed = OAuthProvider(providerID: AuthProviderID.gitHub)
    let fromFactory = OAuthProvider.provider(providerID: AuthProviderID.gitHub)
    let idOnly = OAuthProvider.credential(providerID: AuthProviderID.apple, idToken: idToken)
    let withNonce = OAuthProvider.credential(providerID: AuthProviderID.apple, idToken: idToken, rawNonce: nonce)
    print(token, result.token, provider.providerID, typed.providerID, fromFactory.providerID, idOnly.provider, withNonce.provider)
}
