import AuthPlatform
import AuthStorage

/// A keyring in memory, for the storage tests: items by (document, id), with their labels, and a
/// switch that makes every call fail as an absent or locked keyring does.
public final class InMemorySecretVault: SecretVault, @unchecked Sendable {
    public let name = "the test keyring"
    private let state = LockedState<State>(State())

    struct State {
        var items: [String: (item: SecretItem, secret: String)] = [:]
        var failure: String?
        var calls = 0
    }

    public init() {}

    /// Every call fails with `reason` from now on (nil: the vault answers again).
    public func fail(with reason: String?) { state.withLock { $0.failure = reason } }
    /// The stored items, by id.
    public var items: [String: SecretItem] { state.withLock { $0.items.mapValues(\.item) } }
    public var secrets: [String] { state.withLock { $0.items.values.map(\.secret).sorted() } }
    /// How many calls reached the vault (the hot path must make none).
    public var calls: Int { state.withLock { $0.calls } }

    private func answer() throws(SecretVaultError) {
        let failure = state.withLock { state -> String? in
            state.calls += 1
            return state.failure
        }
        if let failure { throw SecretVaultError(failure) }
    }

    private static func key(_ id: String, _ document: String) -> String { document + "/" + id }

    public func probe() throws(SecretVaultError) { try answer() }

    public func store(_ secret: String, as item: SecretItem) throws(SecretVaultError) {
        try answer()
        state.withLock { $0.items[Self.key(item.id, item.document)] = (item, secret) }
    }

    public func secret(id: String, document: String) throws(SecretVaultError) -> String? {
        try answer()
        return state.withLock { $0.items[Self.key(id, document)]?.secret }
    }

    public func remove(id: String, document: String) throws(SecretVaultError) {
        try answer()
        _ = state.withLock { $0.items.removeValue(forKey: Self.key(id, document)) }
    }

    public func ids(document: String) throws(SecretVaultError) -> [String] {
        try answer()
        return state.withLock { $0.items.values.filter { $0.item.document == document }.map(\.item.id) }
    }
}
