extension SealedDocumentStorage {
    /// Moves every secret of every document of the storage to where the storage policy now keeps
    /// them (`authctl config set storage ...`), one document at a time, each under the lock and
    /// through the same steps as any write (Decisions/0024): to the keyring, its items are stored
    /// before the document naming them replaces the old one; to the file, the document with the
    /// secrets inline replaces the old one before the items are removed. `documents` gives each
    /// document's type by its name (`keystore.json`, also under a namespace:
    /// `firebase.p.keystore.json`); a document of no known type, or one without secrets, is left alone. Returns the
    /// documents that changed. `forgetAutoChoice` lets `storage auto` choose again.
    package func migrateSecrets(_ documents: [String: any VersionedDocument.Type], forgetAutoChoice: Bool) throws -> [String] {
        if forgetAutoChoice {
            try base.store(StorageChoice.fileName, of: StorageChoice.self).update { $0 = StorageChoice() }
        }
        var changed: [String] = []
        for name in try documentNames() where name != StorageChoice.fileName {
            let type = documents.first { own, _ in name == own || name.hasSuffix("." + own) }?.value
            guard let type, !type.sealedMembers.isEmpty else { continue }
            if try migrate(name, as: type) { changed.append(name) }
        }
        return changed
    }

    private func migrate<Document: VersionedDocument>(_ name: String, as type: Document.Type) throws -> Bool {
        try SealedDocumentStore<Base, Document>(name: name, base: base, sealer: sealer).migrate()
    }
}
