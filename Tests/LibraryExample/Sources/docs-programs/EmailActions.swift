import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/passing-state-in-email-actions ("Passing State in
// Email Actions", Apple platforms) with the action-code calls that handle the link in the app
// (the SDK's `checkActionCode`, `applyActionCode`, `verifyPasswordResetCode`,
// `confirmPasswordReset`), which a terminal program reaches by parsing a pasted link.
// Left out: receiving the link through Dynamic Links or a universal link (rows
// Auth.application(_:url:options:) and Auth.canHandle(_:), not applicable: UIKit).

func sendVerificationWithState() {
    guard let user = Auth.auth().currentUser else { return }
    let actionCodeSettings = ActionCodeSettings()
    actionCodeSettings.url = URL(string: "https://www.example.com/?email=\(user.email ?? "")")
    // When multiple custom dynamic link domains are defined, specify which one to use.
    actionCodeSettings.linkDomain = "example.page.link"
    actionCodeSettings.handleCodeInApp = false
    actionCodeSettings.setIOSBundleID("com.example.ios")
    actionCodeSettings.setAndroidPackageName("com.example.android", installIfNotAvailable: false, minimumVersion: "12")
    print(actionCodeSettings.iOSBundleID ?? "", actionCodeSettings.androidPackageName ?? "", actionCodeSettings.androidMinimumVersion ?? "", actionCodeSettings.androidInstallIfNotAvailable)
    user.sendEmailVerification(with: actionCodeSettings) { error in
        if let error = error { print(error.localizedDescription) }
    }
    Auth.auth().sendPasswordReset(withEmail: user.email ?? "", actionCodeSettings: actionCodeSettings) { error in
        if let error = error { print(error.localizedDescription) }
    }
}

/// Handles a pasted action link: what it is, then apply it.
func handleActionLink(_ link: String, newPassword: String) {
    guard let actionCodeURL = ActionCodeURL(link: link), let code = actionCodeURL.code else { return }
    Auth.auth().checkActionCode(code) { info, error in
        if let error = error as NSError? {
            if error.code == AuthErrorCode.expiredActionCode.rawValue { print("expired") }
            return
        }
        guard let info = info else { return }
        switch info.operation {
        case .passwordReset:
            Auth.auth().verifyPasswordResetCode(code) { email, error in
                print(email ?? error?.localizedDescription ?? "")
                Auth.auth().confirmPasswordReset(withCode: code, newPassword: newPassword) { error in
                    if let error = error { print(error.localizedDescription) }
                }
            }
        case .verifyEmail, .recoverEmail, .verifyAndChangeEmail, .revertSecondFactorAddition:
            Auth.auth().applyActionCode(code) { error in
                if let error = error { print(error.localizedDescription) }
                print(info.email, info.previousEmail ?? "")
            }
        case .emailLink:
            print("sign in with the link")
        case .unknown:
            print("unknown")
        @unknown default:
            print("newer operation")
        }
    }
}

func handleActionLinkAsync(_ link: String, newPassword: String) async {
    guard let actionCodeURL = ActionCodeURL(link: link), let code = actionCodeURL.code else { return }
    do {
        let info = try await Auth.auth().checkActionCode(code)
        if info.operation == .passwordReset {
            let email = try await Auth.auth().verifyPasswordResetCode(code)
            try await Auth.auth().confirmPasswordReset(withCode: code, newPassword: newPassword)
            print(email)
        } else {
            try await Auth.auth().applyActionCode(code)
            try await Auth.auth().currentUser?.reload()
        }
        print(actionCodeURL.operation.rawValue, actionCodeURL.continueURL?.absoluteString ?? "")
    } catch let error as NSError {
        switch AuthErrorCode(rawValue: error.code) {
        case .expiredActionCode, .invalidActionCode:
            print("the link is used or expired: ask for a new one")
        case .weakPassword:
            print("a stronger password")
        default:
            print(error.localizedDescription)
        }
    }
}
