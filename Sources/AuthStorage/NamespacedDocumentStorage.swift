/// Another storage's documents under a prefix: `keystore.json` becomes
/// `firebase.my-project.keystore.json`. Each account backend keeps its accounts, pending credential
/// and settings apart, so switching backends never mixes users, and switching back finds them.
package struct NamespacedDocumentStorage: DocumentStorage {
    package let base: any DocumentStorage
    /// Letters, digits, `-`, `_` and `.`: it becomes part of a file name.
    package let namespace: String

    package init(_ base: any DocumentStorage, namespace: String) {
        precondition(!namespace.isEmpty && namespace.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) },
            "a storage namespace is part of a file name")
        self.base = base
        self.namespace = namespace
    }

    package func store<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) -> any DocumentStore<Document> {
        base.store(namespace + "." + fileName, of: type)
    }

    package func changeStamp(of fileName: String) -> String? { base.changeStamp(of: namespace + "." + fileName) }

    /// The base's documents under this namespace, without the prefix.
    package func documentNames() throws -> [String] {
        let prefix = namespace + "."
        return try base.documentNames().filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}
