import AuthCore
import AuthPlatform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A user as `accounts:lookup` describes it (Identity Toolkit `UserInfo`), turned into a ``User``.
enum FirebaseUserRecord {
    /// The first user of a lookup answer, with `lastAuthenticatedAt` as given (the project does not
    /// return when the person last proved who they are; the caller knows).
    static func user(from lookup: JSONValue, lastAuthenticatedAt: Date, now: Date) throws(FirebaseError) -> User {
        guard let record = lookup["users"]?.arrayValue?.first, let uid = record["localId"]?.stringValue, !uid.isEmpty else {
            throw .invalidResponse(method: "lookup", reason: "no user with a localId")
        }
        let identities = (record["providerUserInfo"]?.arrayValue ?? []).compactMap { info -> UserInfo? in
            guard let provider = info["providerId"]?.stringValue else { return nil }
            // rawId is the provider's own id for the person; for email/password it is the email.
            let subject = info["rawId"]?.stringValue ?? info["federatedId"]?.stringValue ?? info["email"]?.stringValue ?? ""
            return UserInfo(
                providerID: provider, uid: subject, email: info["email"]?.stringValue, displayName: info["displayName"]?.stringValue,
                photoURL: info["photoUrl"]?.stringValue, username: info["screenName"]?.stringValue
            )
        }
        return User(
            uid: uid, email: record["email"]?.stringValue, emailVerified: record["emailVerified"]?.boolValue ?? false,
            displayName: record["displayName"]?.stringValue, photoURL: record["photoUrl"]?.stringValue,
            createdAt: milliseconds(record["createdAt"]) ?? now, lastSignInAt: milliseconds(record["lastLoginAt"]) ?? now,
            lastAuthenticatedAt: lastAuthenticatedAt, providerData: identities
        )
    }

    /// Identity Toolkit's times: milliseconds since 1970, as a string.
    static func milliseconds(_ value: JSONValue?) -> Date? {
        guard let number = value?.stringValue.flatMap({ Double($0) }) ?? value?.numberValue, number.isFinite, number >= 0 else { return nil }
        return Date(timeIntervalSince1970: number / 1000)
    }
}
