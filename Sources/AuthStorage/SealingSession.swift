import AuthPlatform

/// One locked write's dealings with the keyring: references resolved when the document is
/// loaded, secrets sealed per the storage policy before it is stored, stale items removed after.
struct SealingSession {
    let sealer: SecretSealer
    /// The document's sealed members (``VersionedDocument/sealedMembers``).
    let table: [SealedMember]
    /// The document's name (its items' `document` attribute) and location (for errors).
    let document: String
    let path: String
    /// Where `storage auto` keeps its choice: the same storage, under the same lock.
    let choice: any DocumentStore<StorageChoice>
    /// Each resolved secret's JSON text and its item id: an unchanged secret keeps its item.
    private var known: [String: String] = [:]
    /// The vault answered in this write (references resolved or secrets sealed): collect after.
    private var usedVault = false

    init(_ sealer: SecretSealer, table: [SealedMember], document: String, path: String, choice: any DocumentStore<StorageChoice>) {
        self.sealer = sealer
        self.table = table
        self.document = document
        self.path = path
        self.choice = choice
    }

    /// The stored members with their secrets in place (the vault is asked only for references).
    mutating func open(_ members: [String: JSONValue]) throws(KeystoreError) -> [String: JSONValue] {
        guard SecretSealer.census(.object(members), sealing: table).references > 0 else { return members }
        usedVault = true
        return try sealer.resolve(members, sealing: table, document: document, path: path, known: &known)
    }

    /// The members to store: inline secrets sealed when the policy keeps them in the keyring.
    mutating func close(_ members: [String: JSONValue]) throws -> [String: JSONValue] {
        guard SecretSealer.census(.object(members), sealing: table).inline > 0, try keepsSecretsInKeyring() else { return members }
        usedVault = true
        return try sealer.seal(members, sealing: table, document: document, path: path, known: known)
    }

    /// After the document is stored: the items it no longer names are removed. Best effort: an
    /// item left behind holds a secret nothing names, and the next write removes it. A write
    /// that never needed the vault leaves it alone, unless `always` (a migration: the person
    /// asked for the move, and a crashed earlier move may have left items no file names).
    func finish(_ written: [String: JSONValue], always: Bool = false) {
        guard usedVault || always else { return }
        try? sealer.collect(written, sealing: table, document: document)
    }

    private func keepsSecretsInKeyring() throws -> Bool {
        switch try sealer.policy() {
        case .file: return false
        case .keyring: return true
        case .auto: return try usedVault || StorageChoice.decide(in: choice, sealer: sealer)
        }
    }
}

/// `storage auto`'s choice for one home (`storage.json`): made at the first write that holds a
/// secret, said once, kept until the policy is set again.
struct StorageChoice: VersionedDocument, Equatable {
    static let schemaVersion = 1
    static let fileName = "storage.json"

    var chosen: String?
    var reason: String?

    init() {}

    /// Whether secrets go to the keyring under `auto`; probes the vault and says what it chose
    /// the first time. The caller holds the storage's lock.
    static func decide(in store: any DocumentStore<StorageChoice>, sealer: SecretSealer) throws -> Bool {
        if let chosen = try store.read().chosen { return chosen == SecretPlacement.keyring.rawValue }
        var choice = StorageChoice()
        do {
            try sealer.vault.probe()
            choice.chosen = SecretPlacement.keyring.rawValue
            sealer.notice("authctl: storage auto: long-lived secrets (refresh tokens, client secrets) are kept in \(sealer.vault.name) (each user's status says where theirs are).")
        } catch {
            choice.chosen = SecretPlacement.file.rawValue
            choice.reason = error.reason
            // The files' directory: where the choice itself is kept.
            let directory = store.location.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            // Short and plain: it is printed once, at a person's first write (issue 39: five lines at 80 columns).
            sealer.notice("authctl: storage auto: refresh tokens and client secrets are kept in private files in \(directory), as no keyring answered: \(error.reason).")
        }
        try store.replaceWhileLocked(choice)
        return choice.chosen == SecretPlacement.keyring.rawValue
    }
}

/// The document where `storage auto` keeps what it chose for a home, and why (``StorageChoice``).
package enum StorageChoiceDocument {
    package static let fileName = StorageChoice.fileName
}
