import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/account-linking
// "Link Multiple Auth Providers to an Account Using Apple Platforms": get a credential from a
// provider, link it, recover when the credential already belongs to another account
// (`AuthErrorUserInfoUpdatedCredentialKey`), and unlink.
// Left out of this program, as the inventory marks them not applicable:
// - PhoneAuthProvider.credential(withVerificationID:verificationCode:) (phone numbers and SMS);
// - GameCenterAuthProvider.getCredential(completion:) (Game Center).

/// The credentials the page names, one for each provider a terminal program can reach.
func linkingCredentials(
    googleIDToken: String, googleAccessToken: String, facebookToken: String, gitHubToken: String,
    twitterToken: String, twitterSecret: String, email: String, password: String, link: String
) -> [AuthCredential] {
    let google = GoogleAuthProvider.credential(withIDToken: googleIDToken, accessToken: googleAccessToken)
    let facebook = FacebookAuthProvider.credential(withAccessToken: facebookToken)
    let gitHub = GitHubAuthProvider.credential(withToken: gitHubToken)
    let twitter = TwitterAuthProvider.credential(withToken: twitterToken, secret: twitterSecret)
    let emailPassword = EmailAuthProvider.credential(withEmail: email, password: password)
    let emailLink = EmailAuthProvider.credential(withEmail: email, link: link)
    let oidc = OAuthProvider.credential(providerID: .custom("oidc.example"), idToken: googleIDToken, accessToken: nil)
    let microsoft = OAuthProvider.credential(providerID: .custom("microsoft.com"), accessToken: googleAccessToken)
    return [google, facebook, gitHub, twitter, emailPassword, emailLink, oidc, microsoft]
}

/// Link, as the page prints it: the result or the error in the handler.
func link(_ credential: AuthCredential) {
    guard let user = Auth.auth().currentUser else { return }
    user.link(with: credential) { authResult, error in
        if let error = error as NSError? {
            if error.code == AuthErrorCode.credentialAlreadyInUse.rawValue,
               let updatedCredential = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential {
                // The credential belongs to another account: sign in to it, then merge the data.
                mergeInto(updatedCredential)
                return
            }
            if let email = error.userInfo[AuthErrorUserInfoEmailKey] as? String {
                print("in use by \(email)")
            }
            print(error.localizedDescription)
            return
        }
        let user = authResult?.user
        print(user?.providerData.map(\.providerID) ?? [])
    }
}

/// Signs in with the credential of the other account, keeping the previous user for the merge.
func mergeInto(_ credential: AuthCredential) {
    let prevUser = Auth.auth().currentUser
    Auth.auth().signIn(with: credential) { authResult, error in
        if let error = error {
            print(error.localizedDescription)
            return
        }
        // Merge prevUser and currentUser accounts and data
        print("merge \(prevUser?.uid ?? "") into \(authResult?.user.uid ?? "")")
    }
}

/// Link with the provider's own sign-in flow (the browser here: `AuthUIDelegate` is AuthctlKit's presenter).
func linkWithProvider(_ providerID: String, presenter: AuthUIDelegate?) {
    let provider = OAuthProvider(providerID: providerID)
    provider.scopes = ["user:email"]
    provider.customParameters = ["allow_signup": "false"]
    Auth.auth().currentUser?.link(with: provider, uiDelegate: presenter) { authResult, error in
        if let error = error {
            print(error.localizedDescription)
            return
        }
        if let credential = authResult?.credential as? OAuthCredential {
            print(credential.accessToken ?? "", credential.idToken ?? "")
        }
    }
}

func unlink(_ providerID: String) {
    Auth.auth().currentUser?.unlink(fromProvider: providerID) { user, error in
        if let error = error {
            print(error.localizedDescription)
            return
        }
        print(user?.providerData.count ?? 0)
    }
}

/// The same steps in async form.
func accountLinkingAsync(_ credential: AuthCredential) async {
    guard let user = Auth.auth().currentUser else { return }
    do {
        let authResult = try await user.link(with: credential)
        print(authResult.user.providerData.map(\.providerID))
        let unlinked = try await user.unlink(fromProvider: credential.provider)
        print(unlinked.uid)
    } catch let error as NSError {
        switch AuthErrorCode(rawValue: error.code) {
        case .credentialAlreadyInUse, .accountExistsWithDifferentCredential, .emailAlreadyInUse:
            if let updated = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential {
                let prevUser = Auth.auth().currentUser
                do {
                    let result = try await Auth.auth().signIn(with: updated)
                    print("merge \(prevUser?.uid ?? "") into \(result.user.uid)")
                } catch {
                    print(error.localizedDescription)
                }
            }
        case .providerAlreadyLinked:
            print("already linked")
        case .noSuchProvider:
            print("not linked")
        case .requiresRecentLogin:
            print("sign in again")
        default:
            print(error.localizedDescription)
        }
    }
}
