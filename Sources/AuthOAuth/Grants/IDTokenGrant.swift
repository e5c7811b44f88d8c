/// An ID token obtained elsewhere (a CI job's token, `signin --id-token-stdin`): the SDK's
/// `OAuthProvider.credential(withProviderID:idToken:rawNonce:)`. Nothing is asked of the
/// server; the provider verifies the token like any other.
package struct IDTokenGrant: AuthorizationGrant {
    package var idToken: String
    /// When given, the token's `nonce` must be SHA-256(raw nonce) in hex, as in Firebase's Apple
    /// and generic OIDC flows.
    package var rawNonce: String?

    package init(idToken: String, rawNonce: String?) {
        self.idToken = idToken
        self.rawNonce = rawNonce
    }

    package func tokens(from server: AuthorizationServer, request: SignInRequest, context: GrantContext) async throws -> GrantOutcome {
        outcome(context: context)
    }

    /// The token as granted; no server is involved (an issuer of ID tokens only has none).
    package func outcome(context: GrantContext) -> GrantOutcome {
        GrantOutcome(tokens: GrantedTokens(
            accessToken: nil, idToken: idToken, receivedAt: context.clock.now(),
            expectedNonce: rawNonce.map(Nonce.hashed), rawNonce: rawNonce
        ))
    }
}
