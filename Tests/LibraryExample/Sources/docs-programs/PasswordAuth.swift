import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/password-auth
// "Authenticate with Firebase on Apple Platforms using a Password-Based Account": create an
// account, sign in, sign out, and the reset mail; completion and async forms, with the page's
// errors.

@MainActor
final class PasswordController {
    var status = ""

    func createAccount(email: String, password: String) {
        Auth.auth().createUser(withEmail: email, password: password) { authResult, error in
            if let error = error as NSError? {
                switch AuthErrorCode(rawValue: error.code) {
                case .operationNotAllowed:
                    self.status = "enable email/password accounts in the console"
                case .emailAlreadyInUse:
                    self.status = "the address is already in use by another account"
                case .invalidEmail:
                    self.status = "the address is badly formatted"
                case .weakPassword:
                    self.status = "the password must be 6 characters long or more"
                default:
                    self.status = "Error: \(error.localizedDescription)"
                }
                return
            }
            let newUserInfo = Auth.auth().currentUser
            self.status = "signed up \(newUserInfo?.email ?? authResult?.user.email ?? "")"
        }
    }

    func signIn(email: String, password: String) {
        Auth.auth().signIn(withEmail: email, password: password) { [weak self] authResult, error in
            guard let strongSelf = self else { return }
            if let error = error as NSError? {
                switch AuthErrorCode(rawValue: error.code) {
                case .operationNotAllowed:
                    strongSelf.status = "not enabled"
                case .userDisabled:
                    strongSelf.status = "the account is disabled"
                case .wrongPassword, .invalidCredential:
                    strongSelf.status = "the password is invalid"
                case .invalidEmail:
                    strongSelf.status = "the address is malformed"
                default:
                    strongSelf.status = error.localizedDescription
                }
                return
            }
            strongSelf.status = "signed in \(authResult?.user.uid ?? "")"
        }
    }

    func reset(email: String) {
        Auth.auth().sendPasswordReset(withEmail: email) { error in
            self.status = error?.localizedDescription ?? "sent"
        }
    }

    func signOut() {
        let firebaseAuth = Auth.auth()
        do {
            try firebaseAuth.signOut()
        } catch let signOutError as NSError {
            print("Error signing out: %@", signOutError)
        }
    }
}

func passwordAsync(email: String, password: String) async {
    do {
        let created = try await Auth.auth().createUser(withEmail: email, password: password)
        print(created.user.uid, created.additionalUserInfo?.providerID ?? "")
        try Auth.auth().signOut()
        let authResult = try await Auth.auth().signIn(withEmail: email, password: password)
        print(authResult.user.email ?? "", authResult.user.isEmailVerified)
        try await Auth.auth().sendPasswordReset(withEmail: email)
    } catch let error as NSError {
        if error.code == AuthErrorCode.emailAlreadyInUse.rawValue {
            print("in use: \(error.userInfo[AuthErrorUserInfoEmailKey] as? String ?? email)")
        } else {
            print(error.localizedDescription)
        }
    }
}
