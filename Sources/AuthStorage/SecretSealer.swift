import AuthPlatform

/// Moves a document's long-lived secrets to the keyring and back, on its JSON members, between
/// the codec and the file (Decisions/0024).
///
/// A sealed member's value is replaced in the file by a reference, `"authctl-keyring:<id>"`, and
/// kept in the ``SecretVault`` as one item (its JSON text). Which members are sealed each document
/// type says (``VersionedDocument/sealedMembers``). The order of a write makes a kill -9 at any
/// point harmless: new items are stored before the file that names them is renamed into place,
/// and items are removed only after the file that no longer names them is.
package struct SecretSealer: Sendable {
    /// What a reference in a file starts with.
    package static let referencePrefix = "authctl-keyring:"

    package let vault: any SecretVault
    /// The storage policy, asked only by a write that holds a secret.
    package let policy: @Sendable () throws -> SecretPlacement
    /// `storage auto`'s one line about what it chose.
    package let notice: @Sendable (String) -> Void

    package init(vault: any SecretVault, policy: @escaping @Sendable () throws -> SecretPlacement, notice: @escaping @Sendable (String) -> Void) {
        self.vault = vault
        self.policy = policy
        self.notice = notice
    }

    package static func isReference(_ text: String?) -> Bool { text?.hasPrefix(referencePrefix) ?? false }

    /// Under `storage keyring`, whether the keyring can keep secrets now (a session bus, a
    /// service, an unlocked collection), asked before a sign-in involves a person: a locked
    /// keyring then fails at once with its fix (exit 11), not after the person signed in in the
    /// browser. `auto` and `file` need nothing: auto falls back to the file.
    package func preflight(path: String) throws {
        guard try policy() == .keyring else { return }
        do {
            try vault.probe()
        } catch {
            // Before a sign-in nothing of it is in the keyring yet: keeping the secrets in the files
            // is as good a fix as unlocking, so a locked keyring keeps that remedy here.
            throw KeystoreError.keyring(path: path, reason: "\(vault.name): \(error.reason)")
        }
    }

    /// What a walk found: references (to resolve) and inline secrets (to seal).
    static func census(_ value: JSONValue, sealing table: [SealedMember]) -> (references: Int, inline: Int) {
        var found = (references: 0, inline: 0)
        _ = walk(value, table, Labels()) { _, member, _ in
            if isReference(member.stringValue) { found.references += 1 } else { found.inline += 1 }
            return member
        }
        return found
    }

    // MARK: Resolving and sealing

    /// `members` with every reference replaced by its secret; `known` maps each secret's JSON
    /// text to its item id, so an unchanged secret keeps its item.
    func resolve(
        _ members: [String: JSONValue], sealing table: [SealedMember], document: String, path: String, known: inout [String: String]
    ) throws(KeystoreError) -> [String: JSONValue] {
        var seen: [String: String] = [:]
        let vault = vault
        let resolved = try Self.mapSecrets(members, table, path: path, vaultName: vault.name) { member, _ in
            guard let text = member.stringValue, Self.isReference(text) else { return member }
            let id = String(text.dropFirst(Self.referencePrefix.count))
            guard let secret = try vault.secret(id: id, document: document) else {
                throw SecretVaultError("\(vault.name) has no item \(id) for \(document); it was removed outside authctl. Sign in again")
            }
            guard let value = try? JSONValue.parse(secret) else { throw SecretVaultError("the item \(id) for \(document) is not one authctl wrote") }
            seen[value.serialized()] = id
            return value
        }
        known.merge(seen) { first, _ in first }
        return resolved
    }

    /// `members` with every inline secret stored in the vault (an unchanged one keeps its item)
    /// and replaced by its reference.
    func seal(
        _ members: [String: JSONValue], sealing table: [SealedMember], document: String, path: String, known: [String: String]
    ) throws(KeystoreError) -> [String: JSONValue] {
        let vault = vault
        return try Self.mapSecrets(members, table, path: path, vaultName: vault.name) { member, labels in
            if Self.isReference(member.stringValue) { return member }
            let text = member.serialized()
            let id = known[text] ?? Self.newID()
            if known[text] == nil {
                let item = SecretItem(id: id, document: document, label: labels.label, provider: labels.provider, account: labels.account)
                try vault.store(text, as: item)
            }
            return .string(Self.referencePrefix + id)
        }
    }

    /// Removes the items of `document` that `members` (as written) no longer names: the ones an
    /// update replaced, a migration to the file emptied, or a crashed writer left behind.
    func collect(_ members: [String: JSONValue], sealing table: [SealedMember], document: String) throws(SecretVaultError) {
        var named = Set<String>()
        _ = Self.walk(.object(members), table, Labels()) { _, member, _ in
            if let text = member.stringValue, Self.isReference(text) { named.insert(String(text.dropFirst(Self.referencePrefix.count))) }
            return member
        }
        for id in try vault.ids(document: document) where !named.contains(id) {
            try vault.remove(id: id, document: document)
        }
    }

    /// 128 random bits, hex: an item id (never derived from the secret).
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }

    private static func mapSecrets(
        _ members: [String: JSONValue], _ table: [SealedMember], path: String, vaultName: String, _ body: (JSONValue, Labels) throws -> JSONValue
    ) throws(KeystoreError) -> [String: JSONValue] {
        do {
            return try walk(.object(members), table, Labels()) { _, member, labels in try body(member, labels) }.objectValue ?? members
        } catch let error as SecretVaultError {
            if error.isLocked { throw .keyringLocked(path: path, vault: vaultName) }
            throw .keyring(path: path, reason: error.reason)
        } catch {
            throw .keyring(path: path, reason: "\(error)")
        }
    }
}

extension SecretSealer {
    /// What a label says about a secret: whose, at which provider, what it is.
    struct Labels {
        var provider: String?
        var account: String?
        var kind = "secret"

        var label: String {
            "authctl: " + [provider, kind].compactMap { $0 }.joined(separator: " ") + (account.map { " for \($0)" } ?? "")
        }
    }

    /// `value` with `body` applied to every sealed member's (non-null) value, depth first: one
    /// `table` names whose condition holds in its object, and any reference whatever the
    /// condition now says (it was sealed when it held). The labels come from the enclosing
    /// objects (a provider id, a user's email).
    static func walk(
        _ value: JSONValue, _ table: [SealedMember], _ labels: Labels, _ body: (String, JSONValue, Labels) throws -> JSONValue
    ) rethrows -> JSONValue {
        switch value {
        case .object(let members):
            var labels = labels
            if let provider = members["providerID"]?.stringValue ?? members["providerId"]?.stringValue ?? members["id"]?.stringValue
                ?? members["issuer"]?.stringValue {
                labels.provider = provider
            }
            if let email = members["user"]?["email"]?.stringValue ?? members["email"]?.stringValue { labels.account = email }
            var result = members
            for (key, member) in members {
                if member != .null, let rule = table.first(where: { $0.name == key }),
                    isReference(member.stringValue) || rule.applies(in: members) {
                    var own = labels
                    own.kind = rule.label
                    result[key] = try body(key, member, own)
                } else {
                    result[key] = try walk(member, table, labels, body)
                }
            }
            return .object(result)
        case .array(let elements):
            return .array(try elements.map { try walk($0, table, labels, body) })
        default:
            return value
        }
    }
}

/// A member whose value is a long-lived secret: its name (at any depth of the document), what a
/// person calls it (the keyring item's label), and when it is one.
package struct SealedMember: Sendable {
    package let name: String
    package let label: String
    /// Whether the member is sealed in the object that holds it; nil: always.
    package let condition: (@Sendable (_ object: [String: JSONValue]) -> Bool)?

    package init(_ name: String, label: String, when condition: (@Sendable (_ object: [String: JSONValue]) -> Bool)? = nil) {
        self.name = name
        self.label = label
        self.condition = condition
    }

    func applies(in object: [String: JSONValue]) -> Bool { condition?(object) ?? true }
}
