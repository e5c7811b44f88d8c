/// Where long-lived secrets live when they are not in the files (Decisions/0024): the system
/// keyring (the freedesktop Secret Service through libsecret on Linux, the Keychain on macOS).
///
/// One item per secret, found by its ``SecretItem/id`` within one authctl home. Every call
/// answers within the vault's deadline or throws ``SecretVaultError`` with the reason; none of
/// them prompts. Nothing here ever puts a secret in an error message.
package protocol SecretVault: Sendable {
    /// What the vault is, for messages: "the Secret Service (libsecret)", "the Keychain".
    var name: String { get }
    /// Answers when the vault can keep secrets now (a session bus, a service, an unlocked
    /// collection); throws the reason otherwise. `storage auto` asks this once per home.
    func probe() throws(SecretVaultError)
    /// Stores `secret` as `item`, replacing an item with the same id.
    func store(_ secret: String, as item: SecretItem) throws(SecretVaultError)
    /// The secret of the item `id` of `document`, or nil when there is none.
    func secret(id: String, document: String) throws(SecretVaultError) -> String?
    /// Removes the item `id` of `document`; no such item is not an error.
    func remove(id: String, document: String) throws(SecretVaultError)
    /// The ids of every item this home keeps for `document`.
    func ids(document: String) throws(SecretVaultError) -> [String]
}

/// One secret's item: what a person sees in Seahorse or Keychain Access, and how it is found.
package struct SecretItem: Sendable, Equatable {
    package var id: String
    /// The file the secret belongs to (`keystore.json`, `providers.json`, ...).
    package var document: String
    /// `authctl: oidc.corp refresh token for alice@example.com`.
    package var label: String
    /// The provider and account, when known: attributes to look items up by hand.
    package var provider: String?
    package var account: String?

    package init(id: String, document: String, label: String, provider: String? = nil, account: String? = nil) {
        self.id = id
        self.document = document
        self.label = label
        self.provider = provider
        self.account = account
    }
}

/// Why the keyring did not answer. The CLI turns it into exit 11 (``KeystoreError/keyring``).
package struct SecretVaultError: Error, Sendable, Equatable {
    package var reason: String
    /// The item is there but its collection is locked: not a missing item, and not a keyring
    /// that is absent (``KeystoreError/keyringLocked(path:vault:)``).
    package var isLocked: Bool
    package init(_ reason: String, isLocked: Bool = false) {
        self.reason = reason
        self.isLocked = isLocked
    }

    /// A locked collection, as `vault` says it.
    package static func locked(_ reason: String) -> SecretVaultError { SecretVaultError(reason, isLocked: true) }
}

/// Where long-lived secrets go on the next write: the storage policy, `authctl config set storage`.
package enum SecretPlacement: String, Sendable, CaseIterable {
    /// The keyring when one answers within a short deadline, else the file; chosen once per home.
    case auto
    /// The keyring, or fail (exit 11) naming what is missing.
    case keyring
    /// The 0600 files, as before.
    case file
}

/// The vault of a context that has none: every call fails with `reason`.
package struct UnavailableSecretVault: SecretVault {
    package let name = "the system keyring"
    package let reason: String
    package init(reason: String) { self.reason = reason }
    package func probe() throws(SecretVaultError) { throw SecretVaultError(reason) }
    package func store(_ secret: String, as item: SecretItem) throws(SecretVaultError) { throw SecretVaultError(reason) }
    package func secret(id: String, document: String) throws(SecretVaultError) -> String? { throw SecretVaultError(reason) }
    package func remove(id: String, document: String) throws(SecretVaultError) { throw SecretVaultError(reason) }
    package func ids(document: String) throws(SecretVaultError) -> [String] { throw SecretVaultError(reason) }
}
