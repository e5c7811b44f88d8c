internal import AuthCore
import Foundation

/// A person with one or more linked provider identities (FirebaseAuth's `User`). A value read
/// when it was returned: ``Auth/currentUser`` reads the latest. Its operations act on the signed-in
/// user of its ``Auth`` and refuse (``AuthErrorCode/userMismatch``) when that is someone else now.
public final class User: Sendable {
    /// The user's id: the Firebase project's `localId`, or the home's own random id for local accounts.
    public let uid: String
    /// The user's email, from the provider that gave one.
    public let email: String?
    /// Whether a provider said the email is the person's.
    public let isEmailVerified: Bool
    /// The person's name, as a provider gave it.
    public let displayName: String?
    /// The person's picture, as a provider gave it.
    public let photoURL: URL?
    /// The provider identities linked to the user.
    public let providerData: [UserInfo]
    /// When the user was created and last signed in.
    public let metadata: UserMetadata
    /// No provider and no email: a Firebase project's anonymous user (``Auth/signInAnonymously()``).
    public var isAnonymous: Bool { providerData.isEmpty && email == nil }
    let auth: Auth

    init(_ user: AuthCore.User, auth: Auth) {
        uid = user.uid
        email = user.email
        isEmailVerified = user.emailVerified
        displayName = user.displayName
        photoURL = user.photoURL.flatMap(URL.init(string:))
        providerData = user.providerData.map(UserInfo.init)
        metadata = UserMetadata(creationDate: user.createdAt, lastSignInDate: user.lastSignInAt)
        self.auth = auth
    }

    /// The user's ID token, refreshed when it expires within five minutes, or always with
    /// `forcingRefresh`: the Firebase ID token with a project, else the ID token of the provider
    /// the user signed in with last (a JWT for services that verify the provider's tokens).
    public func getIDToken(forcingRefresh: Bool = false) async throws -> String {
        try await AuthError.translating { try await auth.engine.idToken(of: uid, forcingRefresh: forcingRefresh) }
    }

    /// Links the credential's provider to the user. A credential from an account-exists error's
    /// ``AuthError/updatedCredential`` links the sign-in that error kept.
    public func link(with credential: any AuthCredential) async throws -> AuthDataResult {
        try await AuthError.translating { try await auth.engine.use(credential, for: .link, as: uid) }
    }

    /// Runs `provider`'s sign-in in the browser `uiDelegate` presents and links it to the user.
    public func link(with provider: OAuthProvider, uiDelegate: BrowserPresenter?) async throws -> AuthDataResult {
        try await AuthError.translating { try await auth.engine.run(provider, presenter: uiDelegate, for: .link, as: uid) }
    }

    /// Proves the user is still present, with one of their providers; another person's identity is
    /// ``AuthErrorCode/userMismatch``.
    public func reauthenticate(with credential: any AuthCredential) async throws -> AuthDataResult {
        try await AuthError.translating { try await auth.engine.use(credential, for: .reauthenticate, as: uid) }
    }

    /// Runs `provider`'s sign-in (asking the provider to show its login again) and reauthenticates.
    public func reauthenticate(with provider: OAuthProvider, uiDelegate: BrowserPresenter?) async throws -> AuthDataResult {
        try await AuthError.translating { try await auth.engine.run(provider, presenter: uiDelegate, for: .reauthenticate, as: uid) }
    }

    /// Removes a linked provider (needs a recent sign-in); returns the user without it.
    @discardableResult
    public func unlink(fromProvider provider: String) async throws -> User {
        try await AuthError.translating { try await auth.engine.unlink(provider, as: uid) }
    }

    /// Deletes the user (needs a recent sign-in) and signs them out.
    public func delete() async throws {
        try await AuthError.translating { try await auth.engine.delete(as: uid) }
    }
}

/// One provider identity linked to a user (FirebaseAuth's `UserInfo`).
public struct UserInfo: Sendable, Equatable {
    /// `github.com`, `oidc.corp`, `password`, ...
    public let providerID: String
    /// The provider's id for the person (`sub`, GitHub's numeric id).
    public let uid: String
    /// The email the provider gave.
    public let email: String?
    /// The name the provider gave.
    public let displayName: String?
    /// The picture the provider gave.
    public let photoURL: URL?
    /// Always nil: phone sign-in is not supported.
    public var phoneNumber: String? { nil }

    init(_ info: AuthCore.UserInfo) {
        providerID = info.providerID
        uid = info.uid
        email = info.email
        displayName = info.displayName
        photoURL = info.photoURL.flatMap(URL.init(string:))
    }
}

/// When the user was created and last signed in (FirebaseAuth's `UserMetadata`).
public struct UserMetadata: Sendable, Equatable {
    /// When the user was created.
    public let creationDate: Date?
    /// When the user last signed in.
    public let lastSignInDate: Date?
}
