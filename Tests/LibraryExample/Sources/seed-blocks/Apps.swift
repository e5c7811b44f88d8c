import AuthctlKit
import Foundation

/// FirebaseCore's app registry as a program with two projects' apps uses it: the default app from
/// GoogleService-Info.plist, a second app by name with options built in code (here the same
/// project), its `Auth` creating a password user, then `delete(_:)`.
@MainActor
func namedApps(email: String, password: String) async throws -> [String: Any] {
    FirebaseApp.configure()
    guard let defaultApp = FirebaseApp.app() else { throw Failure(message: "FirebaseApp.configure() configured nothing") }
    let options = FirebaseOptions(googleAppID: "1:1234567890:ios:second", gcmSenderID: "1234567890")
    options.apiKey = defaultApp.options.apiKey
    options.projectID = defaultApp.options.projectID
    FirebaseApp.configure(name: "second", options: options)
    guard let second = FirebaseApp.app(name: "second") else { throw Failure(message: "configure(name:options:) configured nothing") }
    let appsBefore = FirebaseApp.allApps.map { Array($0.keys).sorted() } ?? []
    let created = try await Auth.auth(app: second).createUser(withEmail: email, password: password).user
    let deleted = await withCheckedContinuation { continuation in second.delete { continuation.resume(returning: $0) } }
    let deletedAgain = await withCheckedContinuation { continuation in second.delete { continuation.resume(returning: $0) } }
    return [
        "appsBefore": appsBefore, "appsAfter": FirebaseApp.allApps.map { Array($0.keys).sorted() } ?? [],
        "deleted": deleted, "deletedAgain": deletedAgain, "lookupAfterDelete": FirebaseApp.app(name: "second") != nil,
        "ownAuth": Auth.auth(app: second) !== Auth.auth(), "uid": created.uid, "projectID": second.options.projectID ?? "",
    ]
}
