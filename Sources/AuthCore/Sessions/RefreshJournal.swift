import AuthCrypto
import AuthStorage

/// What a refresh in flight leaves behind if the process dies (Docs/Decisions/0014).
///
/// A provider that rotates refresh tokens (RFC 9700 §4.14.2) spends the old one the moment it
/// answers, so an answer that never reaches the keystore loses the session. Before sending, a
/// marker is written; the raw answer is written the moment it arrives, before it is checked. The
/// next refresh of that session reads the entry: an answer is checked and applied as if it had
/// just arrived, a marker alone explains a refusal of the stored token. Entries are written with
/// the home's lock held, durably (fsync), in a private file next to the keystore.
package struct RefreshJournal: VersionedDocument, Equatable {
    package static let fileName = "refresh-journal.json"
    package static let schemaVersion = 1
    /// A token endpoint's answer holds the new refresh token.
    package static let sealedMembers = [SealedMember("answer", label: "refresh answer")]

    package var entries: [Entry] = []

    package init() {}

    package struct Entry: Codable, Sendable, Equatable {
        package var providerID: String
        /// The account whose session was refreshed.
        package var uid: String
        /// SHA-256 (hex) of the refresh token sent: the entry concerns only a session that still
        /// holds that token; anything else (a new sign-in since) makes it stale.
        package var sentTokenDigest: String
        package var sentAt: Date
        /// The token endpoint's answer (a 2xx body, as received), once it arrived.
        package var answer: String?
        package var receivedAt: Date?
    }

    package func entry(providerID: String, uid: String) -> Entry? {
        entries.first { $0.providerID == providerID && $0.uid == uid }
    }

    /// Adds `entry`, replacing the one for the same session.
    package mutating func record(_ entry: Entry) {
        remove(providerID: entry.providerID, uid: entry.uid)
        entries.append(entry)
    }

    package mutating func remove(providerID: String, uid: String) {
        entries.removeAll { $0.providerID == providerID && $0.uid == uid }
    }

    /// The digest an entry keeps of a refresh token: enough to recognise it, useless to replay.
    package static func digest(_ refreshToken: String) -> String {
        String(hexadecimal: SHA256.hash(Array(refreshToken.utf8)))
    }
}
