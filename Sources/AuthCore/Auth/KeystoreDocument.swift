import Foundation

/// The keystore file (`keystore.json`): users, their provider sessions, and who is signed in.
public struct KeystoreDocument: VersionedDocument, Equatable {
    public static let schemaVersion = 1

    public struct Account: Codable, Sendable, Equatable {
        public var user: User
        /// The live tokens, one per provider; empty when signed out.
        public var sessions: [OAuthCredential]
        /// The provider the user signed in with last (the default for `token` and `reauth`).
        public var lastProviderID: String?
    }

    public var accounts: [Account]
    /// The uid of the signed-in user, if any.
    public var currentUID: String?

    public init() {
        accounts = []
        currentUID = nil
    }

    var currentAccountIndex: Int? {
        guard let currentUID else { return nil }
        return accounts.firstIndex { $0.user.uid == currentUID }
    }
}
