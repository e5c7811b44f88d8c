internal import AuthApp
internal import AuthPlatform
import Foundation

/// An ID token with its claims read (FirebaseAuth's `AuthTokenResult`). The claims are as the
/// token carries them, not verified here: a service that receives the token verifies it.
/// `@unchecked` only for ``claims``, typed `[String: Any]` as in the SDK: every property is an
/// immutable `let`, and the claims are built here from JSON and hold only `String`, `Double`,
/// `Bool`, arrays and dictionaries of them (as ``AdditionalUserInfo/profile``).
public final class AuthTokenResult: NSObject, @unchecked Sendable {
    /// The token.
    public let token: String
    /// When it expires (`exp`).
    public let expirationDate: Date
    /// When the user signed in (`auth_time`, else `iat`).
    public let authDate: Date
    /// When it was issued (`iat`).
    public let issuedAtDate: Date
    /// The provider the user signed in with (`firebase.sign_in_provider`, else the last linked one).
    public let signInProvider: String
    /// The second factor of the sign-in, when there was one.
    public let signInSecondFactor: String
    /// The payload: strings, numbers (`Double`), booleans, arrays and dictionaries of them.
    public let claims: [String: Any]

    convenience init(_ output: IDTokenResult.Output) {
        self.init(
            token: output.token, claims: output.claims, signInProvider: output.signInProvider,
            signInSecondFactor: output.signInSecondFactor, expirationDate: output.expirationDate,
            issuedAtDate: output.issuedAtDate, authDate: output.authDate)
    }

    init(
        token: String, claims: [String: JSONValue], signInProvider: String, signInSecondFactor: String?,
        expirationDate: Date, issuedAtDate: Date, authDate: Date
    ) {
        self.token = token
        self.expirationDate = expirationDate
        self.authDate = authDate
        self.issuedAtDate = issuedAtDate
        self.signInProvider = signInProvider
        self.signInSecondFactor = signInSecondFactor ?? ""
        self.claims = claims.compactMapValues(AdditionalUserInfo.value)
    }
}
