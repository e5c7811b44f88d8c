import AuthOAuth
import AuthProviders
import AuthStorage

/// The account rules a person can tune with `authctl config set` (stored in `config.json`).
package struct AccountPolicy: VersionedDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "config.json"

    /// Firebase's "one account per email address": a new identity whose verified email belongs
    /// to an existing user is refused with account-exists-with-different-credential.
    package var oneAccountPerEmail: Bool
    /// How recent a sign-in must be for `unlink` and `account delete` (the Firebase SDK's 5 minutes).
    package var recentLoginSeconds: Int
    /// Where long-lived secrets are kept: `auto` (nil), `keyring` or `file` (Decisions/0024).
    package var storage: String?

    package static let defaultRecentLoginSeconds = 300
    package static let storageValues = ["auto", "keyring", "file"]

    package init() {
        oneAccountPerEmail = true
        recentLoginSeconds = Self.defaultRecentLoginSeconds
    }

    /// The settable keys, as typed on the command line, with what each accepts.
    package static let keys: [(name: String, help: String)] = [
        ("one-account-per-email", "true or false (default true)"),
        ("recent-login-seconds", "seconds, 0 to 86400 (default 300)"),
        ("storage", "auto, keyring or file (default auto): where refresh tokens and client secrets are kept"),
    ]

    /// Sets `key` from its command-line text.
    package mutating func set(_ key: String, to text: String) throws(AccountError) {
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
    package func value(of key: String) throws(AccountError) -> String {
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
package struct PendingCredential: Codable, Sendable, Equatable {
    /// The 10 minutes: long enough to sign in with the other provider, short for a secret.
    package static let lifetime: TimeInterval = 600

    package var credential: ProviderCredential
    package var profile: FederatedProfile
    /// The account whose email collided: only it may link this credential (nil where the backend
    /// does not say which account it is: then the signed-in user's email must be ``email``).
    package var accountUID: String?
    package var email: String
    package var expiresAt: Date
    /// The backend's handle for the credential (Firebase's `pendingToken`), sent instead of it.
    package var pendingToken: String?

    package init(
        credential: ProviderCredential, profile: FederatedProfile, accountUID: String?, email: String, expiresAt: Date, pendingToken: String? = nil
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
package struct PendingDocument: VersionedDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "pending.json"
    package static let sealedMembers = [
        SealedMember("credential", label: "pending credential"), SealedMember("pendingToken", label: "pending token"),
    ]
    package var pending: PendingCredential?

    package init() { pending = nil }
}
