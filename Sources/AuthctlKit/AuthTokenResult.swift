internal import AuthApp
internal import AuthPlatform
import Foundation

/// An ID token with its claims read (FirebaseAuth's `AuthTokenResult`). The claims are as the
/// token carries them, not verified here: a service that receives the token verifies it.
public final class AuthTokenResult: Sendable {
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
    public let claims: [String: any Sendable]

    init(_ output: IDTokenResult.Output) {
        token = output.token
        expirationDate = output.expirationDate
        authDate = output.authDate
        issuedAtDate = output.issuedAtDate
        signInProvider = output.signInProvider
        signInSecondFactor = output.signInSecondFactor ?? ""
        claims = output.claims.compactMapValues(AdditionalUserInfo.value)
    }
}
