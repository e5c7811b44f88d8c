internal import AuthPlatform
import Foundation

/// What FirebaseAuth's `AuthUIDelegate` is here: the presenter of the provider's page.
public typealias AuthUIDelegate = BrowserPresenter

/// A sign-in provider by its Firebase provider id (FirebaseAuth's `OAuthProvider`): `github.com`,
/// `google.com`, `microsoft.com`, `oidc.<name>`, or any id a Firebase project enables. A class, as
/// in the SDK: `let provider = OAuthProvider(providerID: "github.com"); provider.scopes = [...]`.
/// Its settings sit behind a lock, so one provider may be shared between tasks.
///
/// Which flow runs is chosen as the `authctl` command does: a provider added in the home
/// (`authctl providers add`) runs its flow on this machine with its own client; otherwise, with a
/// Firebase project configured, the project runs it with the app in its console.
public final class OAuthProvider: NSObject, FederatedAuthProvider, Sendable {
    /// What a caller may change, as one value.
    struct Settings: Sendable {
        var scopes: [String]?
        var customParameters: [String: String]?
        var timeout: Duration = .seconds(300)
    }

    /// FirebaseAuth's `OAuthProvider.id`.
    public static let id = "OAuth"
    /// The provider id, as Firebase spells it.
    public let providerID: String
    /// The home and backend the provider signs in to.
    let auth: Auth
    private let settings = LockedState(Settings())

    /// Scopes beyond the provider's defaults (`user:email`, `groups`).
    public var scopes: [String]? {
        get { settings.withLock { $0.scopes } }
        set { settings.withLock { $0.scopes = newValue } }
    }
    /// Extra authorization request parameters (`allow_signup`, `login_hint`, `prompt`). The OAuth
    /// parameters the flow sets itself (`state`, `nonce`, `redirect_uri`, ...) are refused.
    public var customParameters: [String: String]? {
        get { settings.withLock { $0.customParameters } }
        set { settings.withLock { $0.customParameters = newValue } }
    }
    /// How long the person has to finish in the browser (five minutes). Not in FirebaseAuth.
    public var timeout: Duration {
        get { settings.withLock { $0.timeout } }
        set { settings.withLock { $0.timeout = newValue } }
    }

    /// The provider `providerID` of `auth` (``Auth/auth()`` by default).
    public init(providerID: String, auth: Auth = Auth.auth()) {
        self.providerID = providerID
        self.auth = auth
        super.init()
    }

    /// The provider `providerID` of `auth`.
    public convenience init(providerID: AuthProviderID, auth: Auth = Auth.auth()) {
        self.init(providerID: providerID.rawValue, auth: auth)
    }

    /// FirebaseAuth's factory: the provider `providerID` of ``Auth/auth()``.
    public class func provider(providerID: String) -> OAuthProvider {
        OAuthProvider(providerID: providerID)
    }

    /// FirebaseAuth's factory: the provider `providerID` of `auth`.
    public class func provider(providerID: String, auth: Auth) -> OAuthProvider {
        OAuthProvider(providerID: providerID, auth: auth)
    }

    /// FirebaseAuth's factory: the provider `providerID` of ``Auth/auth()``.
    public class func provider(providerID: AuthProviderID) -> OAuthProvider {
        OAuthProvider(providerID: providerID)
    }

    /// FirebaseAuth's factory: the provider `providerID` of `auth`.
    public class func provider(providerID: AuthProviderID, auth: Auth) -> OAuthProvider {
        OAuthProvider(providerID: providerID, auth: auth)
    }

    /// Runs the provider's sign-in in the browser `uiDelegate` presents (nil: `AUTHCTL_BROWSER`'s
    /// command when set, else the system browser)
    /// and returns its credential, for ``Auth/signIn(with:)-(AuthCredential)``,
    /// ``User/link(with:)-(AuthCredential)`` or ``User/reauthenticate(with:)-(AuthCredential)``.
    /// With a provider the Firebase project runs (not added in the home), the browser opens when
    /// the credential is used, because the project exchanges the code and applies the account
    /// rules in one call.
    public func credential(with uiDelegate: AuthUIDelegate?) async throws -> AuthCredential {
        let presenter = uiDelegate ?? auth.engine.defaultPresenter()
        return try await AuthError.translating { try await auth.engine.credential(for: self, presenter: presenter) }
    }

    /// ``credential(with:)`` with a completion handler, called on the main queue.
    public func getCredentialWith(_ uiDelegate: AuthUIDelegate?, completion: ((AuthCredential?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await self.credential(with: uiDelegate) }
    }

    /// A credential from an OpenID Connect ID token obtained elsewhere (a CI job's token, another
    /// app's sign-in), checked by the provider added in the home when it is used: signature,
    /// issuer, audience and expiry; with a Firebase project and the provider not added here, the
    /// project is given it (`signInWithIdp`).
    public static func credential(providerID: AuthProviderID, idToken: String, accessToken: String? = nil) -> OAuthCredential {
        credential(providerID: providerID.rawValue, idToken: idToken, rawNonce: nil, accessToken: accessToken)
    }

    /// ``credential(providerID:idToken:accessToken:)`` with the nonce the ID token was requested
    /// with, also checked when it is used (OpenID Connect Core §3.1.3.7).
    public static func credential(
        providerID: AuthProviderID, idToken: String, rawNonce: String, accessToken: String? = nil
    ) -> OAuthCredential {
        credential(providerID: providerID.rawValue, idToken: idToken, rawNonce: rawNonce, accessToken: accessToken)
    }

    /// ``credential(providerID:idToken:rawNonce:accessToken:)`` with a nonce that may be absent.
    public static func credential(
        providerID: AuthProviderID, idToken: String, rawNonce: String?, accessToken: String? = nil
    ) -> OAuthCredential {
        credential(providerID: providerID.rawValue, idToken: idToken, rawNonce: rawNonce, accessToken: accessToken)
    }

    /// An Apple ID token obtained elsewhere (Sign in with Apple on another device, a web flow),
    /// with the nonce it was requested with, for a Firebase project's `apple.com` provider: used as
    /// any ID-token credential of ``credential(providerID:idToken:rawNonce:accessToken:)``. The
    /// name Apple hands only on the first sign-in is kept on the credential (``fullName``) and sent
    /// with the token, as the SDK does (signInWithIdp's `user`): the project names a new user with
    /// it. Its given and family names are the parts sent.
    public static func appleCredential(withIDToken idToken: String, rawNonce: String?, fullName: PersonNameComponents?) -> OAuthCredential {
        let credential = credential(providerID: AuthProviderID.apple.rawValue, idToken: idToken, rawNonce: rawNonce)
        guard let fullName else { return credential }
        return OAuthCredential(
            provider: credential.provider, idToken: idToken, rawNonce: rawNonce, fullName: fullName, kind: .idToken(idToken, rawNonce: rawNonce))
    }

    /// A credential from an access token obtained elsewhere: the provider added in the home proves
    /// whose it is with its API when it is used (a GitHub token); with a Firebase project and the
    /// provider not added here, the project is given it (Google's; a Yahoo token is refused before
    /// any request, as the project cannot tell which app it was issued to).
    public static func credential(providerID: AuthProviderID, accessToken: String) -> OAuthCredential {
        credential(providerID: providerID.rawValue, accessToken: accessToken)
    }

    /// ``credential(providerID:idToken:rawNonce:accessToken:)-(AuthProviderID,_,_,_)`` with the id as a string.
    public static func credential(
        providerID: String, idToken: String, rawNonce: String? = nil, accessToken: String? = nil
    ) -> OAuthCredential {
        OAuthCredential(
            provider: providerID, accessToken: accessToken, idToken: idToken, rawNonce: rawNonce, kind: .idToken(idToken, rawNonce: rawNonce))
    }

    /// ``credential(providerID:accessToken:)-(AuthProviderID,_)`` with the id as a string.
    public static func credential(providerID: String, accessToken: String) -> OAuthCredential {
        OAuthCredential(provider: providerID, accessToken: accessToken, kind: .accessToken(accessToken, secret: nil))
    }

    /// The older spelling the Firebase docs still print.
    @available(*, deprecated, message: "use credential(providerID: AuthProviderID, idToken:rawNonce:accessToken:)")
    public static func credential(withProviderID providerID: String, idToken: String, rawNonce: String?) -> OAuthCredential {
        credential(providerID: providerID, idToken: idToken, rawNonce: rawNonce)
    }

    /// The older spelling.
    @available(*, deprecated, message: "use credential(providerID: AuthProviderID, idToken:rawNonce:accessToken:)")
    public static func credential(withProviderID providerID: String, idToken: String, accessToken: String?) -> OAuthCredential {
        credential(providerID: providerID, idToken: idToken, accessToken: accessToken)
    }

    /// The older spelling.
    @available(*, deprecated, message: "use credential(providerID: AuthProviderID, accessToken:)")
    public static func credential(withProviderID providerID: String, accessToken: String) -> OAuthCredential {
        credential(providerID: providerID, accessToken: accessToken)
    }

    /// What a sign-in of this provider asks for, as one value.
    var current: Settings { settings.withLock { $0 } }
}
