import AuthCrypto
import Foundation

/// An ID token obtained elsewhere (a CI job's token, `signin --id-token-stdin`): the SDK's
/// `OAuthProvider.credential(withProviderID:idToken:rawNonce:)`. Nothing is asked of the
/// server; the provider verifies the token like any other.
public struct IDTokenGrant: AuthorizationGrant {
    public var idToken: String
    /// When given, the token's `nonce` must be SHA-256(raw nonce) in hex, as in Firebase's Apple
    /// and generic OIDC flows.
    public var rawNonce: String?

    public init(idToken: String, rawNonce: String?) {
        self.idToken = idToken
        self.rawNonce = rawNonce
    }

    /// SHA-256 of `rawNonce`, lower-case hex: what an ID token obtained with that nonce carries.
    public static func hashedNonce(_ rawNonce: String) -> String {
        SHA256.hash(Array(rawNonce.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    public func tokens(from server: AuthorizationServer, request: GrantRequest, context: GrantContext) async throws -> GrantedTokens {
        GrantedTokens(
            accessToken: nil, idToken: idToken, receivedAt: context.clock.now(),
            expectedNonce: rawNonce.map(Self.hashedNonce), rawNonce: rawNonce
        )
    }
}
