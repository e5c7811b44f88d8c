import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/anonymous-auth
// "Authenticate with Firebase Anonymously on Apple Platforms": sign in anonymously, then convert
// the anonymous account to a permanent one by linking a credential.
// Left out: converting with a phone number (PhoneAuthProvider.credential(withVerificationID:verificationCode:),
// not applicable: phone numbers and SMS).

func signInAnonymously() {
    Auth.auth().signInAnonymously { authResult, error in
        if let error = error {
            print(error.localizedDescription)
            return
        }
        guard let user = authResult?.user else { return }
        let isAnonymous = user.isAnonymous  // true
        let uid = user.uid
        print(isAnonymous, uid)
    }
}

func convertAnonymous(email: String, password: String) {
    let credential = EmailAuthProvider.credential(withEmail: email, password: password)
    Auth.auth().currentUser?.link(with: credential) { authResult, error in
        if let error = error as NSError?, error.code == AuthErrorCode.credentialAlreadyInUse.rawValue {
            print("that account exists: sign in to it instead")
            return
        }
        print(authResult?.user.isAnonymous ?? true)
    }
}

func anonymousAsync(email: String, password: String) async {
    do {
        let authResult = try await Auth.auth().signInAnonymously()
        let user = authResult.user
        print(user.isAnonymous, user.anonymous(), user.uid)
        let credential = EmailAuthProvider.credential(withEmail: email, password: password)
        let linked = try await user.link(with: credential)
        print(linked.user.isAnonymous, linked.user.email ?? "")
    } catch let error as NSError {
        print(error.localizedDescription)
    }
}
