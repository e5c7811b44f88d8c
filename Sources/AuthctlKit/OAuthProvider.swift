import Foundation

/// A sign-in provider by its Firebase provider id (FirebaseAuth's `OAuthProvider`): `github.com`,
/// `google.com`, `microsoft.com`, `oidc.<name>`, or any id a Firebase project enables.
///
/// Which flow runs is chosen as the `authctl` command does: a provider added in the home
/// (`authctl providers add`) runs its flow on this machine with its own client; otherwise, with a
/// Firebase project configured, the project runs it with the app in its console.
public struct OAuthProvider: Sendable {
    /// The provider id, as Firebase spells it.
    public let providerID: String
    /// Scopes beyond the provider's defaults (`user:email`, `groups`).
    public var scopes: [String] = []
    /// Extra authorization request parameters (`allow_signup`, `login_hint`, `prompt`). The OAuth
    /// parameters the flow sets itself (`state`, `nonce`, `redirect_uri`, ...) are refused.
    public var customParameters: [String: String] = [:]
    /// How long the person has to finish in the browser (five minutes).
    public var timeout: Duration = .seconds(300)
    /// The home and backend the provider signs in to.
    let auth: Auth

    /// The provider `providerID` of ``Auth/auth()``.
    public init(providerID: String) {
        self.init(providerID: providerID, auth: Auth.auth())
    }

    /// The provider `providerID` of `auth` (FirebaseAuth's `init(providerID:auth:)`).
    public init(providerID: String, auth: Auth) {
        self.providerID = providerID
        self.auth = auth
    }

    /// Runs the provider's sign-in in the browser `uiDelegate` presents and returns its credential,
    /// for ``Auth/signIn(with:)-(AuthCredential)``, ``User/link(with:)-(AuthCredential)`` or
    /// ``User/reauthenticate(with:)-(AuthCredential)``. With a provider the Firebase project runs
    /// (not added in the home), the browser opens when the credential is used, because the
    /// project exchanges the code and applies the account rules in one call.
    public func getCredentialWith(_ uiDelegate: BrowserPresenter?) async throws -> OAuthCredential {
        let presenter = uiDelegate ?? .systemBrowser
        return try await AuthError.translating { try await auth.engine.credential(for: self, presenter: presenter) }
    }

    /// A credential from an OpenID Connect ID token obtained elsewhere (a CI job's token, another
    /// app's sign-in), checked by the provider added in the home when it is used: signature,
    /// issuer, audience, expiry and, with `rawNonce`, the nonce (OpenID Connect Core §3.1.3.7).
    public static func credential(
        providerID: String, idToken: String, rawNonce: String? = nil, accessToken: String? = nil
    ) -> OAuthCredential {
        OAuthCredential(
            provider: providerID, accessToken: accessToken, idToken: idToken, rawNonce: rawNonce, kind: .idToken(idToken, rawNonce: rawNonce))
    }

    /// A credential from an access token obtained elsewhere (a GitHub token): the provider added
    /// in the home proves whose it is with its API when it is used. OpenID providers need the ID
    /// token (``credential(providerID:idToken:rawNonce:accessToken:)``).
    public static func credential(providerID: String, accessToken: String) -> OAuthCredential {
        OAuthCredential(provider: providerID, accessToken: accessToken, kind: .accessToken(accessToken))
    }
}
