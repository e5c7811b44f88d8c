import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/admin/verify-id-tokens (the client's part: retrieve the
// ID token to send to a server) and https://firebase.google.com/docs/auth/admin/custom-claims
// ("Access custom claims on the client", Swift): the token, its result and claims, and the
// token listener.

func sendTokenToBackend() {
    let currentUser = Auth.auth().currentUser
    currentUser?.getIDTokenForcingRefresh(true) { idToken, error in
        if let error = error {
            // Handle error
            print(error.localizedDescription)
            return
        }
        // Send token to your backend via HTTPS
        print(idToken ?? "")
    }
}

func showUI(for user: User) {
    user.getIDTokenResult(completion: { result, error in
        // The page writes `result?.claims?["admin"]`; `claims` is not optional in the SDK either.
        guard let admin = result?.claims["admin"] as? NSNumber else {
            // Show regular user UI.
            print("regular", error?.localizedDescription ?? "")
            return
        }
        if admin.boolValue {
            // Show admin UI.
            print("admin")
        } else {
            // Show regular user UI.
            print("regular")
        }
    })
}

@MainActor
final class TokenWatcher {
    var handle: IDTokenDidChangeListenerHandle?

    func start() {
        handle = Auth.auth().addIDTokenDidChangeListener { auth, user in
            print("token changed for \(user?.uid ?? "nobody") in \(auth.app?.name ?? "")")
        }
    }

    func stop() {
        if let handle = handle {
            Auth.auth().removeIDTokenDidChangeListener(handle)
        }
    }
}

func tokensAsync() async {
    guard let user = Auth.auth().currentUser else { return }
    do {
        let idToken = try await user.getIDToken()
        let refreshed = try await user.getIDToken(forcingRefresh: true)
        let result = try await user.getIDTokenResult(forcingRefresh: false)
        print(idToken == refreshed, result.token, result.expirationDate, result.authDate, result.issuedAtDate)
        print(result.signInProvider, result.signInSecondFactor, result.claims["admin"] as? Bool ?? false)
        print(user.refreshToken ?? "", user.tenantID ?? "")
    } catch let error as NSError {
        if error.code == AuthErrorCode.userTokenExpired.rawValue { print("sign in again") }
    }
    user.getIDToken { token, error in
        print(token ?? error?.localizedDescription ?? "")
    }
    user.getIDTokenResult(forcingRefresh: true) { result, error in
        print(result?.claims ?? [:], error?.localizedDescription ?? "")
    }
    if #available(macOS 15.0, iOS 18.0, *) {
        for await user in Auth.auth().idTokenChanges {
            print(user?.uid ?? "signed out")
            break
        }
    }
}
