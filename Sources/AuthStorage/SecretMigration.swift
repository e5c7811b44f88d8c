#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AuthPlatform

extension HomeDocumentStorage {
    /// Moves every secret of every document in the home to where the storage policy now keeps
    /// them (`authctl config set storage ...`), under the home's lock, one file at a time. Each
    /// file goes through the same steps as any write (Decisions/0024): to the keyring, its items
    /// are stored before the file naming them replaces the old one; to the file, the file with
    /// the secrets inline replaces the old one before the items are removed. Returns the files
    /// that changed. `forgetAutoChoice` lets `storage auto` choose again.
    public func migrateSecrets(forgetAutoChoice: Bool) throws -> [String] {
        guard let sealer else { return [] }
        try home.ensureExists()
        return try FileLock.withExclusiveLock(at: home.appending(HomeDirectory.lockFileName), timeout: lockTimeout) {
            if forgetAutoChoice { try StorageChoice.forget(home: home) }
            var changed: [String] = []
            for name in try documentNames() where try migrate(name, sealer: sealer) { changed.append(name) }
            return changed
        }
    }

    /// The documents of the home: its `*.json` files, but not the storage choice itself.
    func documentNames() throws(KeystoreError) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: home.path) else {
            throw .io(path: home.path, call: "opendir", errno: 0)
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && $0 != StorageChoice.fileName }.sorted()
    }

    private func migrate(_ name: String, sealer: SecretSealer) throws -> Bool {
        let path = home.appending(name)
        guard let bytes = try SecureFile.read(path, limit: KeystoreLimits.maximumFileBytes) else { return false }
        guard case .object(let stored)? = try? JSONValue.parse(bytes) else {
            throw KeystoreError.corrupt(path: path, reason: "not a JSON object")
        }
        var session = SealingSession(sealer, home: home, document: name)
        let members = try session.close(try session.open(stored))
        let changed = members != stored
        if changed {
            try SecureFile.replace(name, in: home, with: Array(JSONValue.object(members).serialized(pretty: true).utf8) + [UInt8(ascii: "\n")])
        }
        session.finish(members, always: true)
        return changed
    }
}
