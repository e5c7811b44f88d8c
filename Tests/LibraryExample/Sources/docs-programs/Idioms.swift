import AuthctlKit
import Foundation

// Idioms every page above relies on without spelling out (https://firebase.google.com/docs/auth/ios/start,
// https://firebase.google.com/docs/auth/ios/manage-users): results used or dropped, handlers kept in
// variables of the SDK's closure types, the state notification, `UserInfo` as a type, users compared.

/// Results the SDK lets a caller drop (`@discardableResult`), as the pages' `try await` lines do.
func droppedResults(email: String, password: String, token: String, credential: AuthCredential) async throws {
    try await Auth.auth().signIn(withEmail: email, password: password)
    try await Auth.auth().createUser(withEmail: email, password: password)
    try await Auth.auth().signIn(withCustomToken: token)
    try await Auth.auth().signInAnonymously()
    try await Auth.auth().signIn(with: credential)
    try await Auth.auth().currentUser?.link(with: credential)
    try await Auth.auth().currentUser?.reauthenticate(with: credential)
}

/// Handlers of the SDK's own types, kept and passed on.
func storedHandlers(email: String, password: String) {
    let signInHandler: ((AuthDataResult?, Error?) -> Void)? = { result, error in
        print(result?.user.uid ?? "", error?.localizedDescription ?? "")
    }
    let errorHandler: (Error?) -> Void = { error in print(error == nil) }
    let tokenHandler: (String?, Error?) -> Void = { token, _ in print(token ?? "") }
    let resultHandler: (AuthTokenResult?, Error?) -> Void = { result, _ in print(result?.claims.count ?? 0) }
    let userHandler: (User?, Error?) -> Void = { user, _ in print(user?.uid ?? "") }
    let listener: (Auth, User?) -> Void = { _, user in print(user?.uid ?? "") }
    Auth.auth().signIn(withEmail: email, password: password, completion: signInHandler)
    Auth.auth().signIn(withEmail: email, password: password, completion: nil)
    Auth.auth().signIn(withEmail: email, password: password)
    Auth.auth().sendPasswordReset(withEmail: email, completion: errorHandler)
    Auth.auth().currentUser?.getIDToken(completion: tokenHandler)
    Auth.auth().currentUser?.getIDTokenResult(completion: resultHandler)
    Auth.auth().currentUser?.unlink(fromProvider: EmailAuthProviderID, completion: userHandler)
    Auth.auth().currentUser?.reload(completion: errorHandler)
    let handle = Auth.auth().addStateDidChangeListener(listener)
    Auth.auth().removeStateDidChangeListener(handle)
    let typed = Auth.auth().signIn(withEmail:password:completion:)
    typed(email, password) { (result: AuthDataResult?, error: Error?) -> Void in
        print(result?.user.uid ?? "", error?.localizedDescription ?? "")
    }
}

/// The state change as a notification, the `Auth` its object.
func observeStateNotification() -> NSObjectProtocol {
    NotificationCenter.default.addObserver(forName: .AuthStateDidChange, object: Auth.auth(), queue: .main) { notification in
        let auth = notification.object as? Auth
        print(auth?.currentUser?.uid ?? "signed out", Notification.Name.AuthStateDidChange == Auth.authStateDidChangeNotification)
    }
}

/// The providers' profiles as the protocol the SDK declares, and users compared.
func profilesAndIdentity(_ other: User) {
    guard let user = Auth.auth().currentUser else { return }
    let profiles: [UserInfo] = user.providerData
    let asInfo: UserInfo = user
    let hasPassword = profiles.contains { $0.providerID == EmailAuthProviderID || $0.providerID == AuthProviderID.email.rawValue }
    let google = profiles.first { $0.providerID == GoogleAuthProvider.id }
    print(asInfo.uid, hasPassword, google?.email ?? "", user == other, user.isEqual(other), user.hash)
    print(user.metadata.creationDate ?? Date.distantPast, user.metadata.lastSignInDate ?? Date.distantPast)
    print(Auth.auth().app?.options.projectID ?? "", FirebaseApp.app()?.options.clientID ?? "")
}

/// The SDK's classes are `NSObject`s: compared, hashed, described, kept in sets, looked up in arrays
/// (the TOTP page's factor picked from `enrolledFactors`, the resolver's hint found again).
func objectsAsNSObjects(user: User, picked: MultiFactorInfo, resolver: MultiFactorResolver, result: AuthDataResult) {
    let factors = user.multiFactor.enrolledFactors
    let index = factors.firstIndex(of: picked)
    let hinted = resolver.hints.contains(picked)
    let distinct = Set(factors)
    print(index ?? -1, hinted, distinct.count, picked == factors.first, picked.description)
    let auth = Auth.auth()
    let app = FirebaseApp.app()
    print(auth == Auth.auth(), auth.isEqual(resolver.auth), app?.description ?? "", app?.options.description ?? "")
    print(result.description, result.additionalUserInfo?.description ?? "", user.multiFactor.description)
    let objects: [NSObject] = [auth, result, user.metadata, user.multiFactor, resolver, resolver.session, picked]
    print(objects.map(\.hash))
    let settings = ActionCodeSettings()
    let url = ActionCodeURL(link: "https://example.com/?mode=signIn&oobCode=code")
    let change = user.createProfileChangeRequest()
    let more: [NSObject?] = [settings, url, change, app, app?.options]
    print(more.compactMap { $0?.description })
}

/// The token result and the TOTP objects are `NSObject`s too.
func moreObjects(token: AuthTokenResult, secret: TOTPSecret, assertion: MultiFactorAssertion) {
    let objects: [NSObject] = [token, secret, assertion]
    print(objects.map(\.description), token == token, secret.isEqual(secret))
}

/// Errors matched on the code's cases, and the listener's parameters written out with their types.
func errorPatternsAndTypedClosures(email: String, password: String) async {
    do {
        try await Auth.auth().signIn(withEmail: email, password: password)
    } catch AuthErrorCode.wrongPassword {
        print("wrong password")
    } catch let error as AuthErrorCode {
        print(error.code.rawValue)
    } catch {
        if let code = AuthErrorCode(rawValue: (error as NSError).code) ?? AuthErrorCode(rawValue: error._code) {
            print(code)
        }
    }
    let handle = Auth.auth().addStateDidChangeListener { (auth: Auth, user: User?) in
        print(auth.currentUser?.uid ?? "", user?.uid ?? "")
    }
    Auth.auth().removeStateDidChangeListener(handle)
    Auth.auth().currentUser?.getIDTokenForcingRefresh(true, completion: { (token: String?, error: Error?) in
        print(token ?? "", error?.localizedDescription ?? "")
    })
}

/// A view model on the main actor that follows the user through the async sequence.
@MainActor
final class SessionModel {
    var user: User?
    var task: Task<Void, Never>?

    func start() {
        if #available(macOS 15.0, iOS 18.0, *) {
            task = Task { @MainActor in
                for await user in Auth.auth().authStateChanges {
                    self.user = user
                }
            }
        }
    }

    func signIn(email: String, password: String) {
        Task {
            do {
                let result = try await Auth.auth().signIn(withEmail: email, password: password)
                self.user = result.user
            } catch let error as NSError {
                print(error.userInfo[NSLocalizedDescriptionKey] as? String ?? error.localizedDescription)
            }
        }
    }
}
