import AuthCore
import AuthStorage

/// Whether the keyring that holds a keystore's secrets is locked now: `status` names a locked
/// keyring (a refresh or a sign-out would meet it) instead of calling a session "refreshable"
/// that cannot be refreshed until it is unlocked. One read of one item; none when the keystore
/// keeps no secret in the keyring (the keyring is then never loaded).
package struct KeyringLock: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// True when an item `keystore` names is in a locked collection; false when it was read, or
    /// failed for another reason (which the command that needs it reports).
    package func isLocked(_ keystore: KeystoreDocument) -> Bool {
        let secrets = keystore.accounts.flatMap { account in
            account.sessions.compactMap { $0.refreshToken ?? $0.accessToken } + [account.backendSession?.refreshToken].compactMap { $0 }
        }
        guard let reference = secrets.first(where: SecretSealer.isReference) else { return false }
        let id = String(reference.dropFirst(SecretSealer.referencePrefix.count))
        let vault = runtime.sealer.vault
        do {
            _ = try vault.secret(id: id, document: KeystoreDocument.fileName)
            return false
        } catch {
            return error.isLocked
        }
    }
}
