import AuthOAuth
import AuthProviders
import AuthStorage

/// The account rules a person can tune with `authctl config set` (stored in `config.json`).
public struct AccountPolicy: VersionedDocument, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "config.json"

    /// Firebase's "one account per email address": a new identity whose verified email belongs
    /// to an existing user is refused with account-exists-with-different-credential.
    public var oneAccountPerEmail: Bool
    /// How recent a sign-in must be for `unlink` and `account delete` (the Firebase SDK's 5 minutes).
    public var recentLoginSeconds: Int
    /// Where long-lived secrets are kept: `auto` (nil), `keyring` or `file` (Decisions/0024).
    public var storage: String?

    public static let defaultRecentLoginSeconds = 300
    public static let storageValues = ["auto", "keyring", "file"]

    public init() {
        oneAccountPerEmail = true
        recentLoginSeconds = Self.defaultRecentLoginSeconds
    }

    /// The settable keys, as typed on the command line, with what each accepts.
    public static let keys: [(name: String, help: String)] = [
        ("one-account-per-email", "true or false (default true)"),
        ("recent-login-seconds", "seconds, 0 to 86400 (default 300)"),
        ("storage", "auto, keyring or file (default auto): where refresh tokens and client secrets are kept"),
    ]

    /// Sets `key` from its command-line text.
    public mutating func set(_ key: String, to text: String) throws(AccountError) {
        switch key {
        case "one-account-per-email":
            guard let value = Bool(text.lowercased()) else { throw .invalidSetting(key: key, value: text, expected: "true or false") }
            oneAccountPerEmail = value
        case "recent-login-seconds":
            guard let value = Int(text), (0...86_400).contains(value) else {
                throw .invalidSetting(key: key, value: text, expected: "seconds from 0 to 86400")
            }
            recentLoginSeconds = value
        case "storage":
            guard Self.storageValues.contains(text) else { throw .invalidSetting(key: key, value: text, expected: "auto, keyring or file") }
            storage = text == "auto" ? nil : text
        default:
            throw .unknownSetting(key, known: Self.keys.map(\.name))
        }
    }

    /// The value of `key` as text.
    public func value(of key: String) throws(AccountError) -> String {
        switch key {
        case "one-account-per-email": String(oneAccountPerEmail)
        case "recent-login-seconds": String(recentLoginSeconds)
        case "storage": storage ?? "auto"
        default: throw .unknownSetting(key, known: Self.keys.map(\.name))
        }
    }
}

/// A credential kept after account-exists-with-different-credential, for `link --pending`.
/// Stored in `pending.json` (0600), never printed, and good for ``lifetime``.
public struct PendingCredential: Codable, Sendable, Equatable {
    /// The 10 minutes: long enough to sign in with the other provider, short for a secret.
    public static let lifetime: TimeInterval = 600

    public var credential: OAuthCredential
    public var profile: FederatedProfile
    /// The account whose email collided: only it may link this credential (nil where the backend
    /// does not say which account it is: then the signed-in user's email must be ``email``).
    public var accountUID: String?
    public var email: String
    public var expiresAt: Date
    /// The backend's handle for the credential (Firebase's `pendingToken`), sent instead of it.
    public var pendingToken: String?

    public init(
        credential: OAuthCredential, profile: FederatedProfile, accountUID: String?, email: String, expiresAt: Date, pendingToken: String? = nil
    ) {
        self.credential = credential
        self.profile = profile
        self.accountUID = accountUID
        self.email = email
        self.expiresAt = expiresAt
        self.pendingToken = pendingToken
    }
}

/// `pending.json`: at most one pending credential.
public struct PendingDocument: VersionedDocument, Equatable {
    public static let schemaVersion = 1
    public static let fileName = "pending.json"
    public static let sealedMembers = [
        SealedMember("credential", label: "pending credential"), SealedMember("pendingToken", label: "pending token"),
    ]
    public var pending: PendingCredential?

    public init() { pending = nil }
}
