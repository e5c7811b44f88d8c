#if canImport(Security)
import AuthStorage
import Foundation
import Security

/// The macOS Keychain: one generic password per secret, service `authctl`, account
/// `<home>|<document>|<id>`, labelled as on Linux (Decisions/0024), readable only while the
/// keychain is unlocked, on this device. The Keychain is a local service; these calls take no
/// deadline of their own (unlike the Secret Service's). Compile-checked on macOS; the tests run
/// the Secret Service.
package struct KeychainVault: SecretVault {
    package static let service = "authctl"
    package let name = "the macOS Keychain"
    package let home: String

    package init(home: String) { self.home = home }

    private func account(_ document: String, _ id: String) -> String { home + "|" + document + "|" + id }

    private func query(_ document: String, _ id: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: Self.service,
         kSecAttrAccount as String: account(document, id)]
    }

    private func check(_ status: OSStatus, _ what: String) throws(SecretVaultError) {
        guard status == errSecSuccess || status == errSecItemNotFound else {
            let message = (SecCopyErrorMessageString(status, nil) as String?) ?? "OSStatus \(status)"
            throw SecretVaultError("the Keychain refused to \(what): \(message)", isLocked: status == errSecInteractionNotAllowed)
        }
    }

    package func probe() throws(SecretVaultError) {
        let item = SecretItem(id: "probe", document: "probe", label: "authctl: probe (removed at once)")
        try store("probe", as: item)
        try remove(id: "probe", document: "probe")
    }

    package func store(_ secret: String, as item: SecretItem) throws(SecretVaultError) {
        try remove(id: item.id, document: item.document)
        var attributes = query(item.document, item.id)
        attributes[kSecAttrLabel as String] = item.label
        attributes[kSecValueData as String] = Data(secret.utf8)
        attributes[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        try check(SecItemAdd(attributes as CFDictionary, nil), "store an item")
    }

    package func secret(id: String, document: String) throws(SecretVaultError) -> String? {
        var lookup = query(document, id)
        lookup[kSecReturnData as String] = true
        lookup[kSecMatchLimit as String] = kSecMatchLimitOne
        var found: CFTypeRef?
        let status = SecItemCopyMatching(lookup as CFDictionary, &found)
        try check(status, "read an item")
        guard status == errSecSuccess, let data = found as? Data else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    package func remove(id: String, document: String) throws(SecretVaultError) {
        try check(SecItemDelete(query(document, id) as CFDictionary), "remove an item")
    }

    package func ids(document: String) throws(SecretVaultError) -> [String] {
        let lookup: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: Self.service,
            kSecReturnAttributes as String: true, kSecMatchLimit as String: kSecMatchLimitAll,
        ]
        var found: CFTypeRef?
        let status = SecItemCopyMatching(lookup as CFDictionary, &found)
        try check(status, "list items")
        let prefix = home + "|" + document + "|"
        let accounts = (found as? [[String: Any]] ?? []).compactMap { $0[kSecAttrAccount as String] as? String }
        return accounts.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}
#endif
