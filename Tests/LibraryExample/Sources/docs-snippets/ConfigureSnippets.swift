import AuthctlKit
import Foundation

// Configuring Auth in code, as the Firebase docs write it ("Connect your app to the Authentication
// Emulator", "Multi-tenancy", "Localize"): FirebaseOptions built in code, no GoogleService-Info.plist,
// no FIREBASE_AUTH_EMULATOR_HOST, no `authctl firebase use`.
//   configure-in-code API_KEY PROJECT_ID HOST PORT TENANT LANGUAGE EMAIL PASSWORD
// LANGUAGE `app` calls useAppLanguage() (the locale of the environment). Creates the user, has the
// project mail a verification, and prints what the program reads back.

func configureSnippet(_ name: String, _ arguments: [String]) async throws -> [String: Any] {
    let argument = { (index: Int) in index < arguments.count ? arguments[index] : "" }
    guard name == "configure-in-code" else { throw AuthError.snippet("unknown snippet '\(name)'") }
    let options = FirebaseOptions(googleAppID: "1:1234567890:ios:0a1b2c3d4e5f", gcmSenderID: "1234567890")
    options.apiKey = argument(0)
    options.projectID = argument(1)
    FirebaseApp.configure(options: options)

    let auth = Auth.auth()
    auth.useEmulator(withHost: argument(2), port: Int(argument(3)) ?? 9099)
    auth.tenantID = argument(4)
    if argument(5) == "app" {
        auth.useAppLanguage()
    } else {
        auth.languageCode = argument(5)
    }
    auth.customAuthDomain = "auth.example.com"

    // The notification the SDK posts, observed while a listener keeps the home watched.
    let notified = NotificationCounter()
    let observer = NotificationCenter.default.addObserver(forName: .AuthStateDidChange, object: auth, queue: nil) { _ in Task { await notified.add() } }
    let handle = auth.addStateDidChangeListener { _, _ in }

    let result = try await auth.createUser(withEmail: argument(6), password: argument(7))
    try await result.user.sendEmailVerification()
    // The user is the signed-in one already: updateCurrentUser keeps them so.
    try await auth.updateCurrentUser(result.user)
    let seen = await notified.waitForOne(deadline: .now + .seconds(20))
    auth.removeStateDidChangeListener(handle)
    NotificationCenter.default.removeObserver(observer)

    guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }

    // Another home (another Auth) takes the user: a copy the project reads back; an Auth of
    // another tenant refuses them (tenantIDMismatch).
    let otherHome = (ProcessInfo.processInfo.environment["AUTHCTL_HOME"] ?? "/tmp") + "-other"
    try FileManager.default.createDirectory(atPath: otherHome, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let other = Auth(home: otherHome, backend: .firebase(apiKey: argument(0), projectID: argument(1)))
    other.useEmulator(withHost: argument(2), port: Int(argument(3)) ?? 9099)
    other.languageCode = auth.languageCode
    var mismatch = 0
    do { try await other.updateCurrentUser(user) } catch let error as NSError { mismatch = error.code }
    other.tenantID = argument(4)
    try await other.updateCurrentUser(user)
    return [
        "otherHomeUser": other.currentUser?.uid ?? NSNull(), "otherTenantMismatch": mismatch,
        "uid": user.uid, "userTenantID": user.tenantID ?? NSNull(), "tenantID": auth.tenantID ?? NSNull(),
        "languageCode": auth.languageCode ?? NSNull(), "customAuthDomain": auth.customAuthDomain ?? NSNull(),
        "app": auth.app?.name ?? NSNull(), "sameAuth": Auth.auth(app: FirebaseApp.app()!) === auth,
        "refreshToken": user.refreshToken ?? NSNull(), "notified": seen,
    ]
}

/// Counts notifications, and waits (at most until a deadline) for the first.
actor NotificationCounter {
    private var count = 0

    func add() { count += 1 }

    func waitForOne(deadline: ContinuousClock.Instant) async -> Bool {
        while count == 0 {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return true
    }
}
