internal import AuthApp
internal import AuthPlatform
import Foundation

/// A change of the user's display name and photo URL, committed at once (FirebaseAuth's
/// `UserProfileChangeRequest`, from ``User/createProfileChangeRequest()``). Only the properties
/// set are sent; one set to nil is removed from the profile.
public final class UserProfileChangeRequest: NSObject, Sendable {
    struct Changes: Sendable {
        var displayName: String?
        var photoURL: URL?
        var displayNameSet = false
        var photoURLSet = false
    }

    private let user: User
    private let changes = LockedState(Changes())

    init(user: User) { self.user = user }

    /// The new display name; nil removes it.
    public var displayName: String? {
        get { changes.withLock { $0.displayName } }
        set { changes.withLock { $0.displayName = newValue; $0.displayNameSet = true } }
    }

    /// The new photo URL; nil removes it.
    public var photoURL: URL? {
        get { changes.withLock { $0.photoURL } }
        set { changes.withLock { $0.photoURL = newValue; $0.photoURLSet = true } }
    }

    /// Sends the change to the project (`accounts:update`); the user then shows it.
    public func commitChanges() async throws {
        let set = changes.withLock { $0 }
        let uid = user.uid
        try await AuthError.translating {
            _ = try await ProfileChanges(runtime: try user.auth.engine.runtime()).updateProfile(
                displayName: set.displayNameSet ? set.displayName ?? "" : nil,
                photoURL: set.photoURLSet ? set.photoURL?.absoluteString ?? "" : nil, expectedUID: uid)
        }
        try await user.reload()
    }

    /// ``commitChanges()`` with a completion handler, called on the main queue.
    public func commitChanges(completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.commitChanges() }
    }
}

extension User {
    /// A change of the display name and photo URL, sent by its ``UserProfileChangeRequest/commitChanges()``.
    public func createProfileChangeRequest() -> UserProfileChangeRequest {
        UserProfileChangeRequest(user: self)
    }

    /// Has the project email `email` a link that makes it the user's email once followed (what a
    /// project that wants a new address verified first needs; ``updateEmail(to:)`` is then refused
    /// with ``AuthErrorCode/emailChangeNeedsVerification``). The project ends the user's sessions
    /// when the email changes. `actionCodeSettings.url` is where the link leads after it is used.
    public func sendEmailVerification(beforeUpdatingEmail email: String, actionCodeSettings: ActionCodeSettings? = nil) async throws {
        let continueURL = actionCodeSettings?.url?.absoluteString
        try await AuthError.translating {
            try await ProfileChanges(runtime: try auth.engine.runtime()).sendVerification(
                beforeUpdatingEmail: email, continueURL: continueURL, expectedUID: uid)
        }
    }

    /// ``sendEmailVerification(beforeUpdatingEmail:actionCodeSettings:)`` with a completion handler, called on the main queue.
    public func sendEmailVerification(
        beforeUpdatingEmail email: String, actionCodeSettings: ActionCodeSettings? = nil, completion: ((Error?) -> Void)? = nil
    ) {
        Completion.deliver(completion) { try await self.sendEmailVerification(beforeUpdatingEmail: email, actionCodeSettings: actionCodeSettings) }
    }
}
