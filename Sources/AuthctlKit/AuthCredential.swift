internal import AuthApp
import Foundation

/// A proof of identity to sign in, link or reauthenticate with (FirebaseAuth's `AuthCredential`):
/// an open `NSObject` class as in the SDK, whose subclasses are ``OAuthCredential`` and the email
/// credentials of ``EmailAuthProvider``; immutable, so `Sendable` holds.
open class AuthCredential: NSObject, @unchecked Sendable {
    /// The provider id the credential is for (`github.com`, `oidc.corp`, `password`).
    public let provider: String

    init(provider: String) {
        self.provider = provider
    }
}

/// An OAuth 2.0 or OpenID Connect credential (FirebaseAuth's `OAuthCredential`): made from tokens
/// obtained elsewhere (``OAuthProvider/credential(providerID:idToken:rawNonce:accessToken:)``), by
/// ``OAuthProvider/getCredentialWith(_:)``, or returned in ``AuthDataResult/credential``.
public final class OAuthCredential: AuthCredential, @unchecked Sendable {
    /// What the credential holds, and so what using it does.
    enum Kind: Sendable {
        /// Tokens a provider configured here issued and proved (the local flow), ready to use.
        case verified(ProviderCredential, FederatedProfile)
        /// An ID token from elsewhere, checked by the provider configured here when used.
        case idToken(String, rawNonce: String?)
        /// An access token from elsewhere: proved by the provider's API when the provider is added
        /// here (GitHub), else posted to the project (Google, Facebook; Twitter's with its secret).
        case accessToken(String, secret: String?)
        /// A provider whose flow the Firebase project runs: its answer, obtained by
        /// ``OAuthProvider/getCredentialWith(_:completion:)`` (the browser has been and gone); using
        /// it hands it to the project (signInWithIdp with its `requestUri` and `sessionId`), once.
        case providerAnswer(ProviderAnswer)
        /// The credential an account-exists sign-in kept for linking (the error's updated credential).
        case pending
        /// The tokens of a finished sign-in (``AuthDataResult/credential``): for reading only.
        case issued
    }

    /// The provider's access token, when there is one.
    public let accessToken: String?
    /// The provider's ID token (OpenID Connect), when there is one.
    public let idToken: String?
    /// The nonce the ID token was requested with, when the credential was made with one.
    public let rawNonce: String?
    /// The OAuth 1.0a token secret (``TwitterAuthProvider/credential(withToken:secret:)``); nil otherwise.
    public var secret: String? {
        if case .accessToken(_, let secret) = kind { return secret }
        return nil
    }
    /// The name Apple hands on a first sign-in (``OAuthProvider/appleCredential(withIDToken:rawNonce:fullName:)``),
    /// internal as in the SDK.
    let fullName: PersonNameComponents?
    let kind: Kind

    init(
        provider: String, accessToken: String? = nil, idToken: String? = nil, rawNonce: String? = nil,
        fullName: PersonNameComponents? = nil, kind: Kind
    ) {
        self.accessToken = accessToken
        self.idToken = idToken
        self.rawNonce = rawNonce
        self.fullName = fullName
        self.kind = kind
        super.init(provider: provider)
    }

    /// A verified credential of the local flow.
    convenience init(verified credential: ProviderCredential, profile: FederatedProfile) {
        self.init(
            provider: credential.providerID, accessToken: credential.accessToken, idToken: credential.idToken,
            rawNonce: credential.rawNonce, kind: .verified(credential, profile))
    }

    /// The tokens of a finished sign-in.
    convenience init(issued credential: ProviderCredential) {
        self.init(
            provider: credential.providerID, accessToken: credential.accessToken, idToken: credential.idToken,
            rawNonce: credential.rawNonce, kind: .issued)
    }
}

/// An email and password (``EmailAuthProvider/credential(withEmail:password:)``), for a Firebase project.
final class EmailAuthCredential: AuthCredential, @unchecked Sendable {
    let email: String
    let password: String

    init(email: String, password: String) {
        self.email = email
        self.password = password
        super.init(provider: EmailAuthProviderID)
    }
}
