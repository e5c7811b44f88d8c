import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/manage-users
// "Manage Users in Firebase" (Apple platforms): the current user, its profile and providers'
// profiles, profile changes, email address, verification mail (and its language), password,
// password reset mail, deletion and re-authentication; completion forms as the page prints them,
// then the async forms.

func currentUserProfile() {
    let user = Auth.auth().currentUser
    if let user = user {
        let uid = user.uid
        let email = user.email
        let photoURL = user.photoURL
        var multiFactorString = "MultiFactor: "
        for info in user.multiFactor.enrolledFactors {
            multiFactorString += info.displayName ?? "[DispayName]"
            multiFactorString += " "
        }
        print(uid, email ?? "", photoURL as Any, multiFactorString)
    }
}

func providerProfiles() {
    let userInfo = Auth.auth().currentUser?.providerData
    for profile in userInfo ?? [] {
        let providerID = profile.providerID
        let uid = profile.uid  // Provider-specific UID
        let name = profile.displayName
        let email = profile.email
        let photoURL = profile.photoURL
        print(providerID, uid, name ?? "", email ?? "", photoURL?.absoluteString ?? "")
    }
    if let first = Auth.auth().currentUser?.providerData.first {
        print(first.providerID)
    }
}

func updateProfile(displayName: String, photoURL: URL) {
    let changeRequest = Auth.auth().currentUser?.createProfileChangeRequest()
    changeRequest?.displayName = displayName
    changeRequest?.photoURL = photoURL
    changeRequest?.commitChanges { error in
        if let error = error {
            print(error.localizedDescription)
        }
    }
}

func setEmail(_ email: String) {
    Auth.auth().currentUser?.sendEmailVerification(beforeUpdatingEmail: email) { error in
        if let error = error { print(error) }
    }
    // The older call, still in the SDK.
    Auth.auth().currentUser?.updateEmail(to: email) { error in
        if let error = error { print(error) }
    }
}

func sendVerification() {
    Auth.auth().currentUser?.sendEmailVerification { error in
        if let error = error { print(error) }
    }
    // The mail's language: set it, or follow the app's.
    Auth.auth().languageCode = "fr"
    // To apply the default app language instead of explicitly setting it.
    Auth.auth().useAppLanguage()
}

func sendVerification(continuingTo url: URL) {
    guard let user = Auth.auth().currentUser else { return }
    let actionCodeSettings = ActionCodeSettings()
    actionCodeSettings.url = URL(string: String(format: "https://www.example.com/?email=%@", user.email!))
    // The default for this is false; a terminal program opens the continue URL in a browser.
    actionCodeSettings.handleCodeInApp = false
    actionCodeSettings.setIOSBundleID(Bundle.main.bundleIdentifier ?? "com.example.ios")
    actionCodeSettings.setAndroidPackageName("com.example.android", installIfNotAvailable: false, minimumVersion: "12")
    user.sendEmailVerification(with: actionCodeSettings) { error in
        if let error = error { print(error) }
    }
    print(url)
}

func setPassword(_ password: String) {
    Auth.auth().currentUser?.updatePassword(to: password) { error in
        if let error = error { print(error) }
    }
}

func sendReset(email: String) {
    Auth.auth().sendPasswordReset(withEmail: email) { error in
        if let error = error { print(error) }
    }
}

func deleteUser() {
    let user = Auth.auth().currentUser
    user?.delete { error in
        if let error = error {
            // An error happened.
            print(error)
        } else {
            // Account deleted.
            print("deleted")
        }
    }
}

func reauthenticate(email: String, password: String) {
    let user = Auth.auth().currentUser
    let credential: AuthCredential = EmailAuthProvider.credential(withEmail: email, password: password)
    // Prompt the user to re-provide their sign-in credentials
    user?.reauthenticate(with: credential) { result, error in
        if let error = error {
            print(error)
        } else {
            // User re-authenticated.
            print(result?.user.uid ?? "")
        }
    }
}

/// The page's calls in async form, with a re-authentication when a call needs a recent sign-in.
func manageUsersAsync(email: String, password: String, newPassword: String) async {
    guard let user = Auth.auth().currentUser else { return }
    do {
        let changeRequest = user.createProfileChangeRequest()
        changeRequest.displayName = "Jane Q. User"
        changeRequest.photoURL = URL(string: "https://example.com/jane-q-user/profile.jpg")
        try await changeRequest.commitChanges()
        try await user.reload()
        print(Auth.auth().currentUser?.displayName ?? "")
        try await user.sendEmailVerification()
        try await user.sendEmailVerification(beforeUpdatingEmail: "new-\(email)")
        try await user.updateEmail(to: "new-\(email)")
        try await user.updatePassword(to: newPassword)
        try await Auth.auth().sendPasswordReset(withEmail: email)
        let settings = ActionCodeSettings()
        settings.url = URL(string: "https://www.example.com/")
        try await Auth.auth().sendPasswordReset(withEmail: email, actionCodeSettings: settings)
        try await user.sendEmailVerification(with: settings)
        try await user.sendEmailVerification(beforeUpdatingEmail: "other-\(email)", actionCodeSettings: settings)
        try await user.delete()
    } catch let error as NSError where error.code == AuthErrorCode.requiresRecentLogin.rawValue {
        let credential = EmailAuthProvider.credential(withEmail: email, password: password)
        do {
            let result = try await user.reauthenticate(with: credential)
            print("re-authenticated \(result.user.uid)")
        } catch {
            print(error.localizedDescription)
        }
    } catch {
        print(error.localizedDescription)
    }
}
