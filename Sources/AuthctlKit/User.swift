internal import AuthApp
internal import AuthPlatform
import Foundation

/// A person with one or more linked provider identities (FirebaseAuth's `User`): a class whose
/// properties are the values read when it was returned, or at its last ``reload()``; its
/// operations act on the signed-in user of its ``Auth`` and refuse (``AuthErrorCode/userMismatch``)
/// when that is someone else now. The values sit behind a lock, so a user may be shared between tasks.
/// An `NSObject` and a ``UserInfo``, as in the SDK.
public final class User: NSObject, UserInfo, @unchecked Sendable {
    /// What a reload replaces.
    struct Profile: Sendable {
        var email: String?
        var isEmailVerified: Bool
        var displayName: String?
        var photoURL: URL?
        var providerData: [ProviderUserInfo]
        var metadata: UserMetadata
        /// ``MultiFactor/enrolledFactors``: the record's, made once so each read gives the same objects.
        var enrolledFactors: [MultiFactorInfo]

        init(_ user: AccountRecord) {
            email = user.email
            isEmailVerified = user.emailVerified
            displayName = user.displayName
            photoURL = user.photoURL.flatMap(URL.init(string:))
            providerData = user.providerData.map(ProviderUserInfo.init)
            metadata = UserMetadata(withCreationDate: user.createdAt, lastSignInDate: user.lastSignInAt)
            enrolledFactors = user.enrolledFactors.map(MultiFactorInfo.of)
        }
    }

    /// The user's id: the Firebase project's `localId`, or the home's own random id for local accounts.
    public let uid: String
    /// `Firebase`, as the SDK's `User.providerID` (FirebaseAuth/Sources/Swift/User/User.swift).
    public var providerID: String { "Firebase" }
    /// The user's email, from the provider that gave one.
    public var email: String? { profile.email }
    /// Whether a provider said the email is the person's.
    public var isEmailVerified: Bool { profile.isEmailVerified }
    /// The person's name, as a provider gave it.
    public var displayName: String? { profile.displayName }
    /// The person's picture, as a provider gave it.
    public var photoURL: URL? { profile.photoURL }
    /// Always nil: phone sign-in is not supported.
    public var phoneNumber: String? { nil }
    /// The provider identities linked to the user.
    public var providerData: [UserInfo] { profile.providerData }
    /// When the user was created and last signed in.
    public var metadata: UserMetadata { profile.metadata }
    /// No provider and no email: a Firebase project's anonymous user (``Auth/signInAnonymously()``).
    public var isAnonymous: Bool { providerData.isEmpty && email == nil }
    /// The Identity Platform tenant the user belongs to: their ``Auth``'s ``Auth/tenantID`` when
    /// the user was read, as the SDK sets it; nil for the project's own users and local accounts.
    public let tenantID: String?
    /// The token that renews the user's ID token, read from the home's keystore (Decision 0046):
    /// the project's refresh token with a Firebase project, else the refresh token of the provider
    /// the user signed in with last; nil when there is none or the user is no longer the signed-in
    /// one. A long-lived secret: keep it out of logs; ``getIDToken(forcingRefresh:)`` uses it for you.
    public var refreshToken: String? {
        (try? auth.engine.runtime()).flatMap { try? CurrentUser(runtime: $0).refreshToken(expectedUID: uid) }
    }
    let auth: Auth
    private let state: LockedState<Profile>
    private var profile: Profile { state.withLock { $0 } }
    /// The second factors the user's record holds (``MultiFactor/enrolledFactors``); settable, as
    /// the SDK's stored property is, for this object only.
    var enrolledFactors: [MultiFactorInfo] {
        get { profile.enrolledFactors }
        set { state.withLock { $0.enrolledFactors = newValue } }
    }

    init(_ user: AccountRecord, auth: Auth) {
        uid = user.uid
        state = LockedState(Profile(user))
        self.auth = auth
        tenantID = auth.tenantID
        super.init()
    }

    /// Reads the user again from the account backend (a project's accounts:lookup, stored over the
    /// home's copy; the home's own for local accounts), so its properties are current: an email
    /// verified with ``Auth/applyActionCode(_:)`` reads as verified after it.
    public func reload() async throws {
        let fresh = try await AuthError.translating { try await auth.engine.reload(uid) }
        state.withLock { $0 = Profile(fresh) }
    }

    /// Takes the signed-in user's record as the home's keystore holds it now (no request): after an
    /// operation that stored a new one, such as an enrolment.
    func rereadStoredRecord() async throws {
        guard let stored = try await CurrentUser(runtime: auth.engine.runtime()).run(from: .keystore, expectedUID: uid) else { return }
        state.withLock { $0 = Profile(stored) }
    }

    /// Changes the user's email (a Firebase project; needs a recent sign-in).
    public func updateEmail(to email: String) async throws {
        let fresh = try await AuthError.translating { try await EmailAndPassword(runtime: try auth.engine.runtime()).updateEmail(to: email, expectedUID: uid) }
        state.withLock { $0 = Profile(fresh) }
    }

    /// Changes the user's password (a Firebase project; needs a recent sign-in).
    public func updatePassword(to password: String) async throws {
        let fresh = try await AuthError.translating { try await EmailAndPassword(runtime: try auth.engine.runtime()).updatePassword(to: password, expectedUID: uid) }
        state.withLock { $0 = Profile(fresh) }
    }

    /// The ID token of ``getIDToken(forcingRefresh:)`` with its claims read.
    public func getIDTokenResult(forcingRefresh: Bool = false) async throws -> AuthTokenResult {
        try await AuthError.translating {
            AuthTokenResult(try await IDTokenResult(runtime: auth.engine.runtime()).run(
                expectedUID: uid, minimumValidity: forcingRefresh ? GetToken.forced : Engine.minimumValidity))
        }
    }

    /// The user's ID token, refreshed when it expires within five minutes, or always with
    /// `forcingRefresh`: the Firebase ID token with a project, else the ID token of the provider
    /// the user signed in with last (a JWT for services that verify the provider's tokens).
    public func getIDToken(forcingRefresh: Bool = false) async throws -> String {
        try await AuthError.translating { try await auth.engine.idToken(of: uid, forcingRefresh: forcingRefresh) }
    }

    /// ``getIDToken(forcingRefresh:)`` by the SDK's other name.
    public func idTokenForcingRefresh(_ forceRefresh: Bool) async throws -> String {
        try await getIDToken(forcingRefresh: forceRefresh)
    }

    /// Links the credential's provider to the user. A credential from an account-exists error's
    /// ``AuthError/updatedCredential`` links the sign-in that error kept.
    @discardableResult
    public func link(with credential: AuthCredential) async throws -> AuthDataResult {
        try await AuthError.translating { try await auth.engine.use(credential, for: .link, as: uid) }
    }

    /// Runs `provider`'s sign-in in the browser `uiDelegate` presents and links it to the user.
    @discardableResult
    public func link(with provider: OAuthProvider, uiDelegate: BrowserPresenter?) async throws -> AuthDataResult {
        try await AuthError.translating { try await auth.engine.run(provider, presenter: uiDelegate, for: .link, as: uid) }
    }

    /// Proves the user is still present, with one of their providers; another person's identity is
    /// ``AuthErrorCode/userMismatch``.
    @discardableResult
    public func reauthenticate(with credential: AuthCredential) async throws -> AuthDataResult {
        try await AuthError.translating(auth: auth) { try await auth.engine.use(credential, for: .reauthenticate, as: uid) }
    }

    /// Runs `provider`'s sign-in (asking the provider to show its login again) and reauthenticates.
    @discardableResult
    public func reauthenticate(with provider: OAuthProvider, uiDelegate: BrowserPresenter?) async throws -> AuthDataResult {
        try await AuthError.translating(auth: auth) { try await auth.engine.run(provider, presenter: uiDelegate, for: .reauthenticate, as: uid) }
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

/// A provider's data about the user (FirebaseAuth's `UserInfo`): the protocol that ``User`` and
/// the elements of ``User/providerData`` conform to.
public protocol UserInfo: NSObjectProtocol {
    /// `github.com`, `oidc.corp`, `password`, ...; `Firebase` for a ``User``.
    var providerID: String { get }
    /// The provider's id for the person (`sub`, GitHub's numeric id); the project's for a ``User``.
    var uid: String { get }
    /// The name the provider gave.
    var displayName: String? { get }
    /// The picture the provider gave.
    var photoURL: URL? { get }
    /// The email the provider gave.
    var email: String? { get }
    /// Always nil: phone sign-in is not supported.
    var phoneNumber: String? { get }
}

/// One provider identity linked to a user, an element of ``User/providerData``: immutable, so
/// `Sendable`; two are equal when their fields are.
final class ProviderUserInfo: NSObject, UserInfo, @unchecked Sendable {
    let providerID: String
    let uid: String
    let email: String?
    let displayName: String?
    let photoURL: URL?
    var phoneNumber: String? { nil }

    init(_ info: LinkedIdentity) {
        providerID = info.providerID
        uid = info.uid
        email = info.email
        displayName = info.displayName
        photoURL = info.photoURL.flatMap(URL.init(string:))
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ProviderUserInfo else { return false }
        return (providerID, uid, email, displayName, photoURL) == (other.providerID, other.uid, other.email, other.displayName, other.photoURL)
    }

    override var hash: Int {
        var hasher = Hasher()
        hasher.combine(providerID)
        hasher.combine(uid)
        return hasher.finalize()
    }
}

/// When the user was created and last signed in (FirebaseAuth's `UserMetadata`): an `NSObject`
/// class as in the SDK, immutable (so `Sendable`); two are equal when their dates are.
open class UserMetadata: NSObject, @unchecked Sendable {
    /// When the user last signed in.
    public let lastSignInDate: Date?
    /// When the user was created.
    public let creationDate: Date?

    init(withCreationDate creationDate: Date?, lastSignInDate: Date?) {
        self.creationDate = creationDate
        self.lastSignInDate = lastSignInDate
    }

    override open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UserMetadata else { return false }
        return creationDate == other.creationDate && lastSignInDate == other.lastSignInDate
    }

    override open var hash: Int {
        var hasher = Hasher()
        hasher.combine(creationDate)
        hasher.combine(lastSignInDate)
        return hasher.finalize()
    }
}
