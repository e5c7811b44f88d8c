import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/email-link-auth
// "Authenticate with Firebase Using Email Link in Apple Platforms": send the sign-in link, keep
// the address, complete the sign-in from the pasted link, link or re-authenticate with an
// email-link credential, tell email-link from password accounts.
// Left out: the page's app-side link handling (`scene(_:openURLContexts:)`,
// `application(_:open:options:)`, Dynamic Links): rows Auth.scene(_:openURLContexts:) and
// Auth.application(_:url:options:), not applicable (UIKit); a terminal program reads the pasted link.

/// The address the link was sent to, as the page keeps it in `UserDefaults`.
let emailKey = "Email"

func sendSignInLink(to email: String) {
    let actionCodeSettings = ActionCodeSettings()
    actionCodeSettings.url = URL(string: "https://www.example.com")
    // The sign-in operation has to always be completed in the app.
    actionCodeSettings.handleCodeInApp = true
    actionCodeSettings.setIOSBundleID(Bundle.main.bundleIdentifier ?? "com.example.ios")
    actionCodeSettings.setAndroidPackageName("com.example.android", installIfNotAvailable: false, minimumVersion: "12")
    actionCodeSettings.linkDomain = "example.page.link"

    Auth.auth().sendSignInLink(toEmail: email, actionCodeSettings: actionCodeSettings) { error in
        if let error = error {
            print(error.localizedDescription)
            return
        }
        // The link was successfully sent. Inform the user.
        // Save the email locally so you don't need to ask the user for it again
        // if they open the link on the same device.
        UserDefaults.standard.set(email, forKey: emailKey)
        print("Check your email for link")
    }
}

func completeSignIn(link: String) {
    guard let email = UserDefaults.standard.string(forKey: emailKey) else { return }
    if Auth.auth().isSignIn(withEmailLink: link) {
        Auth.auth().signIn(withEmail: email, link: link) { user, error in
            if let error = error {
                print(error.localizedDescription)
                return
            }
            print(user?.user.email ?? "", user?.additionalUserInfo?.isNewUser ?? false)
        }
    }
}

func linkOrReauthenticate(email: String, link: String) {
    let credential = EmailAuthProvider.credential(withEmail: email, link: link)
    Auth.auth().currentUser?.link(with: credential) { authData, error in
        if let error = error {
            print(error.localizedDescription)
            return
        }
        print(authData?.user.providerData.map(\.providerID) ?? [])
    }
    Auth.auth().currentUser?.reauthenticate(with: credential) { authData, error in
        if let error = error {
            print(error.localizedDescription)
            return
        }
        print(authData?.user.uid ?? "")
    }
}

func signInMethods(email: String) {
    // After asking the user for their email.
    Auth.auth().fetchSignInMethods(forEmail: email) { signInMethods, error in
        if let error = error {
            print(error.localizedDescription)
            return
        }
        guard let signInMethods = signInMethods else { return }
        if signInMethods.contains(EmailPasswordAuthSignInMethod) {
            // User can sign in with email/password.
            print("password")
        }
        if signInMethods.contains(EmailLinkAuthSignInMethod) {
            // User can sign in with email/link.
            print("link")
        }
    }
}

/// The same flow in async form: send, read the pasted link, check it, sign in.
func emailLinkAsync(email: String, pastedLink: String) async {
    let actionCodeSettings = ActionCodeSettings()
    actionCodeSettings.url = URL(string: "https://www.example.com/finishSignUp?cartId=1234")
    actionCodeSettings.handleCodeInApp = true
    do {
        try await Auth.auth().sendSignInLink(toEmail: email, actionCodeSettings: actionCodeSettings)
        guard Auth.auth().isSignIn(withEmailLink: pastedLink) else { return }
        if let actionCodeURL = ActionCodeURL(link: pastedLink), actionCodeURL.operation == .emailLink {
            print(actionCodeURL.continueURL?.absoluteString ?? "", actionCodeURL.languageCode ?? "", actionCodeURL.apiKey ?? "")
        }
        let result = try await Auth.auth().signIn(withEmail: email, link: pastedLink)
        let methods = try await Auth.auth().fetchSignInMethods(forEmail: email)
        print(result.user.uid, methods)
        let credential = EmailAuthProvider.credential(withEmail: email, link: pastedLink)
        _ = try await result.user.reauthenticate(with: credential)
    } catch let error as NSError {
        switch AuthErrorCode(rawValue: error.code) {
        case .expiredActionCode, .invalidActionCode:
            print("send a new link")
        case .invalidEmail, .missingEmail:
            print("check the address")
        default:
            print(error.localizedDescription)
        }
    }
}
