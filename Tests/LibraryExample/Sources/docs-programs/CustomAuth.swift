import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/custom-auth
// "Authenticate with Firebase on Apple platforms Using a Custom Authentication System": sign in
// with the token the program's server minted.

func signIn(customToken: String?) {
    Auth.auth().signIn(withCustomToken: customToken ?? "") { user, error in
        if let error = error as NSError? {
            if error.code == AuthErrorCode.invalidCustomToken.rawValue || error.code == AuthErrorCode.customTokenMismatch.rawValue {
                print("ask the server for a new token")
            }
            print(error.localizedDescription)
            return
        }
        print(user?.user.uid ?? "")
    }
}

func signInAsync(customToken: String) async {
    do {
        let result = try await Auth.auth().signIn(withCustomToken: customToken)
        print(result.user.uid, result.user.providerID)
        let token = try await result.user.getIDTokenResult()
        print(token.claims)
    } catch let error as NSError {
        print(error.code, error.localizedDescription)
    }
}
