internal import AuthApp
internal import AuthPlatform
import Foundation

/// What a sign-in, link or reauthentication returns (FirebaseAuth's `AuthDataResult`, a class there and here).
public final class AuthDataResult: NSObject, Sendable {
    /// The user signed in, linked or reauthenticated.
    public let user: User
    /// The provider's tokens of this sign-in, for calling the provider's API (`accessToken`) or
    /// another service (`idToken`). For reading: they cannot sign in again.
    public let credential: OAuthCredential?
    /// What the provider said about the person.
    public let additionalUserInfo: AdditionalUserInfo?

    init(_ result: SignInResult, auth: Auth) {
        user = User(result.user, auth: auth)
        credential = OAuthCredential(issued: result.credential)
        additionalUserInfo = AdditionalUserInfo(result.additionalUserInfo)
    }
}

/// The provider's view of the person (FirebaseAuth's `AdditionalUserInfo`). `Sendable` is
/// `@unchecked` only for ``profile``, typed `[String: Any]` as in the SDK: every property is an
/// immutable `let`, and the profile is built here from JSON and holds only `String`, `Double`,
/// `Bool` and arrays and dictionaries of them, all values, so no reference is shared.
public final class AdditionalUserInfo: NSObject, @unchecked Sendable {
    /// The provider id the sign-in used.
    public let providerID: String
    /// The provider's profile as it sent it (OpenID claims, GitHub's user object): strings,
    /// numbers (`Double`), booleans, arrays and dictionaries of them; JSON nulls are left out.
    public let profile: [String: Any]?
    /// The name the person signs in with there (GitHub's login, `preferred_username`).
    public let username: String?
    /// Whether this sign-in created the user.
    public let isNewUser: Bool
    /// ``isNewUser``, by the SDK's Objective-C getter name.
    public func newUser() -> Bool { isNewUser }

    init(_ info: SignInDetails) {
        providerID = info.providerID
        if case .object(let members) = info.profile { profile = members.compactMapValues(Self.value) } else { profile = nil }
        username = info.username
        isNewUser = info.isNewUser
    }

    static func value(_ json: JSONValue) -> Any? {
        switch json {
        case .null: nil
        case .bool(let bool): bool
        case .number(let number): number
        case .string(let string): string
        case .array(let values): values.compactMap(value)
        case .object(let members): members.compactMapValues(value)
        }
    }
}
