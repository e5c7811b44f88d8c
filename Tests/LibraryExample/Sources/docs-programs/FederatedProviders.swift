import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/microsoft-oauth, .../twitter-login, .../yahoo-oauth,
// .../github-auth, .../apple (the parts that do not need Apple's own frameworks): the generic
// OAuth provider's flow ("Handle the sign-in flow with the Firebase SDK"), its credential's tokens,
// linking and re-authenticating with the provider, and the Apple credential built from an ID token.
// Left out, as the inventory marks them not applicable: ASAuthorizationController's flow and
// Auth.revokeToken(withAuthorizationCode:) (Apple-only), OAuthProvider.credential(withProviderID:idToken:rawNonce:)
// (Objective-C only: the Swift form is credential(providerID:idToken:rawNonce:accessToken:)).

/// Keep a strong reference to the provider for the length of the flow, as the pages say.
@MainActor
final class ProviderFlow {
    var provider = OAuthProvider(providerID: "microsoft.com")

    func signInWithMicrosoft(presenter: AuthUIDelegate?) {
        provider.customParameters = ["prompt": "consent", "login_hint": "user@firstadd.onmicrosoft.com"]
        provider.scopes = ["mail.read", "calendars.read"]
        provider.getCredentialWith(presenter) { credential, error in
            if let error = error {
                // Handle error.
                print(error.localizedDescription)
                return
            }
            if let credential = credential {
                Auth.auth().signIn(with: credential) { authResult, error in
                    if let error = error {
                        print(error.localizedDescription)
                        return
                    }
                    // User is signed in.
                    // IdP data available in authResult.additionalUserInfo.profile.
                    guard let oauthCredential = authResult?.credential as? OAuthCredential else { return }
                    // OAuth access token can also be retrieved:
                    print(oauthCredential.accessToken ?? "")
                    // OAuth ID token can also be retrieved:
                    print(oauthCredential.idToken ?? "")
                    print(authResult?.additionalUserInfo?.profile ?? [:], authResult?.additionalUserInfo?.username ?? "")
                }
            }
        }
    }

    func signInWithTwitter(presenter: AuthUIDelegate?) {
        provider = OAuthProvider(providerID: "twitter.com")
        provider.customParameters = ["lang": "fr"]
        Auth.auth().signIn(with: provider, uiDelegate: presenter) { authResult, error in
            guard let oauthCredential = authResult?.credential as? OAuthCredential else {
                print(error?.localizedDescription ?? "")
                return
            }
            // The Twitter OAuth access token and secret.
            print(oauthCredential.accessToken ?? "", oauthCredential.secret ?? "")
        }
    }

    func linkYahoo(presenter: AuthUIDelegate?) {
        provider = OAuthProvider(providerID: AuthProviderID.custom("yahoo.com"), auth: Auth.auth())
        provider.scopes = ["mail-r", "sdct-w"]
        Auth.auth().currentUser?.link(with: provider, uiDelegate: presenter) { authResult, error in
            if let error = error as NSError?, error.code == AuthErrorCode.credentialAlreadyInUse.rawValue {
                let updated = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? OAuthCredential
                print(updated?.accessToken ?? "")
                return
            }
            print(authResult?.user.providerData.count ?? 0)
        }
        Auth.auth().currentUser?.reauthenticate(with: provider, uiDelegate: presenter) { authResult, error in
            print(authResult?.user.uid ?? error?.localizedDescription ?? "")
        }
    }
}

/// The same pages' flows in async form.
func providersAsync(presenter: AuthUIDelegate?, appleIDToken: String, rawNonce: String) async {
    let provider = OAuthProvider(providerID: AuthProviderID.gitHub)
    provider.scopes = ["user:email"]
    do {
        let credential = try await provider.credential(with: presenter)
        let authResult = try await Auth.auth().signIn(with: credential)
        // The result's credential is an `OAuthCredential` already (`AuthDataResult.credential`).
        if let oauthCredential = authResult.credential {
            print(oauthCredential.accessToken ?? "")
        }
        try await Auth.auth().signIn(with: provider, uiDelegate: presenter)
        try await Auth.auth().currentUser?.link(with: provider, uiDelegate: presenter)
        try await Auth.auth().currentUser?.reauthenticate(with: provider, uiDelegate: presenter)

        // Sign in with Apple: the credential from Apple's ID token, its nonce and the user's name.
        var fullName = PersonNameComponents()
        fullName.givenName = "Jane"
        let apple = OAuthProvider.appleCredential(withIDToken: appleIDToken, rawNonce: rawNonce, fullName: fullName)
        let appleResult = try await Auth.auth().signIn(with: apple)
        print(appleResult.user.providerData.map(\.providerID))
        let oidc = OAuthProvider.credential(providerID: AuthProviderID.apple, idToken: appleIDToken, rawNonce: rawNonce)
        try await Auth.auth().currentUser?.reauthenticate(with: oidc)
        try await Auth.auth().currentUser?.link(with: oidc)
    } catch let error as NSError {
        if error.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue {
            let email = error.userInfo[AuthErrorUserInfoEmailKey] as? String
            print("sign in to \(email ?? "the other account") first, then link")
        } else if error.code == AuthErrorCode.webContextCancelled.rawValue {
            print("cancelled")
        } else {
            print(error.localizedDescription)
        }
    }
}
