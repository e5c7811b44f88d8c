import AuthPlatform
import AuthStorage

/// A keyring in memory, for the storage tests: items by (document, id), with their labels, and a
/// switch that makes every call fail as an absent or locked keyring does.
package final class InMemorySecretVault: SecretVault, @unchecked Sendable {
    package let name = "the test keyring"
    private let state = LockedState<State>(State())

    struct State {
        var items: [String: (item: SecretItem, secret: String)] = [:]
        var failure: String?
        var locked = false
        var calls = 0
    }

    package init() {}

    /// Every call fails with `reason` from now on (nil: the vault answers again).
    package func fail(with reason: String?) { state.withLock { $0.failure = reason } }
    /// Locks the collection, as the Secret Service's does: its items are listed, but their
    /// secrets are not given, nothing is stored and nothing is removed (``SecretVaultError/isLocked``).
    package func lock(_ locked: Bool) { state.withLock { $0.locked = locked } }
    /// The stored items, by id.
    package var items: [String: SecretItem] { state.withLock { $0.items.mapValues(\.item) } }
    package var secrets: [String] { state.withLock { $0.items.values.map(\.secret).sorted() } }
    /// How many calls reached the vault (the hot path must make none).
    package var calls: Int { state.withLock { $0.calls } }

    private func answer() throws(SecretVaultError) {
        let failure = state.withLock { state -> String? in
            state.calls += 1
            return state.failure
        }
        if let failure { throw SecretVaultError(failure) }
    }

    private func unlocked() throws(SecretVaultError) {
        if state.withLock({ $0.locked }) { throw .locked("the collection holding the item is locked") }
    }

    private static func key(_ id: String, _ document: String) -> String { document + "/" + id }

    package func probe() throws(SecretVaultError) {
        try answer()
        try unlocked()
    }

    package func store(_ secret: String, as item: SecretItem) throws(SecretVaultError) {
        try answer()
        try unlocked()
        state.withLock { $0.items[Self.key(item.id, item.document)] = (item, secret) }
    }

    package func secret(id: String, document: String) throws(SecretVaultError) -> String? {
        try answer()
        try unlocked()
        return state.withLock { $0.items[Self.key(id, document)]?.secret }
    }

    package func remove(id: String, document: String) throws(SecretVaultError) {
        try answer()
        try unlocked()
        _ = state.withLock { $0.items.removeValue(forKey: Self.key(id, document)) }
    }

    package func ids(document: String) throws(SecretVaultError) -> [String] {
        try answer()
        return state.withLock { $0.items.values.filter { $0.item.document == document }.map(\.item.id) }
    }
}
