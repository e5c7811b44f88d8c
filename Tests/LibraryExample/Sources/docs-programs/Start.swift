import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/start
// "Get Started with Firebase Authentication on Apple platforms", written as a terminal program
// would be from that page: configure, listen to the authentication state, sign up and sign in
// with an email address and a password, read the signed-in user.

/// The page's view controller, kept on the main actor as a view controller is.
@MainActor
final class StartController {
    var handle: AuthStateDidChangeListenerHandle?

    func configure() {
        // Use the Firebase library to configure APIs.
        FirebaseApp.configure()
    }

    func viewWillAppear() {
        handle = Auth.auth().addStateDidChangeListener { auth, user in
            print("state: \(user?.uid ?? "signed out") (current: \(auth.currentUser?.uid ?? "none"))")
        }
    }

    func viewWillDisappear() {
        Auth.auth().removeStateDidChangeListener(handle!)
    }

    func signUp(email: String, password: String) {
        Auth.auth().createUser(withEmail: email, password: password) { authResult, error in
            if let error = error {
                print(error.localizedDescription)
                return
            }
            print("created \(authResult?.user.uid ?? "")")
        }
    }

    func signIn(email: String, password: String) {
        Auth.auth().signIn(withEmail: email, password: password) { [weak self] authResult, error in
            guard let strongSelf = self else { return }
            if let error = error as NSError? {
                print("\(error.code): \(error.localizedDescription)")
                return
            }
            strongSelf.showUser(authResult?.user)
        }
    }

    func showUser(_ user: User?) {
        if let user = user {
            // The user's ID, unique to the Firebase project.
            // Do NOT use this value to authenticate with your backend server,
            // if you have one. Use getIDTokenWithCompletion:completion: instead.
            let uid = user.uid
            let email = user.email
            let photoURL = user.photoURL
            var multiFactorString = "MultiFactor: "
            for info in user.multiFactor.enrolledFactors {
                multiFactorString += info.displayName ?? "[DispayName]"
                multiFactorString += " "
            }
            print(uid, email ?? "", photoURL?.absoluteString ?? "", multiFactorString)
        }
    }
}

/// The same steps in the SDK's async forms, and the state as an `AsyncSequence` (FirebaseAuth 12.12+).
func startAsync(email: String, password: String) async {
    if Auth.auth().currentUser != nil {
        // User is signed in.
        print("signed in")
    }
    do {
        let authResult = try await Auth.auth().createUser(withEmail: email, password: password)
        print("created \(authResult.user.uid), new: \(authResult.additionalUserInfo?.isNewUser ?? false)")
        try Auth.auth().signOut()
        let signedIn = try await Auth.auth().signIn(withEmail: email, password: password)
        print(signedIn.user.email ?? "")
    } catch let error as NSError {
        print("\(error.domain) \(error.code): \(error.localizedDescription)")
    }
    if #available(macOS 15.0, iOS 18.0, *) {
        for await user in Auth.auth().authStateChanges {
            print("state: \(user?.uid ?? "signed out")")
            break
        }
    }
}

/// Signing out, as the page shows it.
func startSignOut() {
    let firebaseAuth = Auth.auth()
    do {
        try firebaseAuth.signOut()
    } catch let signOutError as NSError {
        print("Error signing out: %@", signOutError)
    }
}
