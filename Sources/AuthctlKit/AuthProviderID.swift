import Foundation

/// A Firebase provider id (FirebaseAuth's `AuthProviderID`): the known ones by name, any other
/// (`oidc.corp`, `yahoo.com`, `microsoft.com`) with ``custom(_:)``.
public struct AuthProviderID: Sendable, Hashable {
    /// The id as Firebase spells it.
    public let rawValue: String

    private init(rawValue: String) { self.rawValue = rawValue }

    /// `apple.com`.
    public static var apple: Self { Self(rawValue: "apple.com") }
    /// `password`: email and password accounts.
    public static var email: Self { Self(rawValue: "password") }
    /// `facebook.com`.
    public static var facebook: Self { Self(rawValue: "facebook.com") }
    /// `gc.apple.com` (Game Center: not here, see Docs/Library.md).
    public static var gameCenter: Self { Self(rawValue: "gc.apple.com") }
    /// `github.com`.
    public static var gitHub: Self { Self(rawValue: "github.com") }
    /// `google.com`.
    public static var google: Self { Self(rawValue: "google.com") }
    /// `phone` (phone sign-in: not here, see Docs/Library.md).
    public static var phone: Self { Self(rawValue: "phone") }
    /// Any other id: `oidc.<name>`, `saml.<name>`, `yahoo.com`, `microsoft.com`, `twitter.com`.
    public static func custom(_ value: String) -> Self { Self(rawValue: value) }
}

/// `password`, as FirebaseAuth's constant.
public let EmailAuthProviderID = AuthProviderID.email.rawValue
/// `github.com`, as FirebaseAuth's constant.
public let GitHubAuthProviderID = AuthProviderID.gitHub.rawValue
/// `google.com`, as FirebaseAuth's constant.
public let GoogleAuthProviderID = AuthProviderID.google.rawValue
/// `facebook.com`, as FirebaseAuth's constant.
public let FacebookAuthProviderID = AuthProviderID.facebook.rawValue
/// `twitter.com`, as FirebaseAuth's constant.
public let TwitterAuthProviderID = "twitter.com"
/// `phone`, as FirebaseAuth's constant (phone sign-in is not here).
public let PhoneAuthProviderID = AuthProviderID.phone.rawValue
/// `gc.apple.com`, as FirebaseAuth's constant (Game Center is not here).
public let GameCenterAuthProviderID = AuthProviderID.gameCenter.rawValue
/// `password`: FirebaseAuth's sign-in method name for email and password.
public let EmailPasswordAuthSignInMethod = "password"
/// `emailLink`: FirebaseAuth's sign-in method name for email links (`fetchSignInMethods(forEmail:)`).
public let EmailLinkAuthSignInMethod = "emailLink"
/// `facebook.com`: FirebaseAuth's sign-in method name for Facebook.
public let FacebookAuthSignInMethod = "facebook.com"
/// `gc.apple.com`: FirebaseAuth's sign-in method name for Game Center (not signed in with here).
public let GameCenterAuthSignInMethod = "gc.apple.com"
/// `github.com`: FirebaseAuth's sign-in method name for GitHub.
public let GitHubAuthSignInMethod = "github.com"
/// `google.com`: FirebaseAuth's sign-in method name for Google.
public let GoogleAuthSignInMethod = "google.com"
/// `phone`: FirebaseAuth's sign-in method name for phone numbers (not signed in with here).
public let PhoneAuthSignInMethod = "phone"
/// `twitter.com`: FirebaseAuth's sign-in method name for Twitter.
public let TwitterAuthSignInMethod = "twitter.com"

/// Email and password credentials (FirebaseAuth's `EmailAuthProvider`), for a Firebase project.
open class EmailAuthProvider: NSObject {
    /// Not made: the class only holds the provider's static members, as in the SDK.
    @available(*, unavailable) override public init() { super.init() }

    /// `password`.
    public static let id = EmailAuthProviderID

    /// A credential that signs in with, reauthenticates with or links `email` and `password`.
    public static func credential(withEmail email: String, password: String) -> AuthCredential {
        EmailAuthCredential(email: email, password: password)
    }
}

/// GitHub credentials (FirebaseAuth's `GitHubAuthProvider`).
open class GitHubAuthProvider: NSObject {
    /// Not made: the class only holds the provider's static members, as in the SDK.
    @available(*, unavailable) override public init() { super.init() }

    /// `github.com`.
    public static let id = GitHubAuthProviderID

    /// A credential from a GitHub access token obtained elsewhere, proved by GitHub's API when used.
    public static func credential(withToken token: String) -> AuthCredential {
        OAuthProvider.credential(providerID: .gitHub, accessToken: token)
    }
}

/// Facebook credentials (FirebaseAuth's `FacebookAuthProvider`), for a Firebase project.
open class FacebookAuthProvider: NSObject {
    /// Not made: the class only holds the provider's static members, as in the SDK.
    @available(*, unavailable) override public init() { super.init() }

    /// `facebook.com`.
    public static let id = FacebookAuthProviderID

    /// A credential from a Facebook access token obtained elsewhere: the project asks Facebook
    /// whose it is when it is used.
    public static func credential(withAccessToken accessToken: String) -> AuthCredential {
        OAuthProvider.credential(providerID: .facebook, accessToken: accessToken)
    }
}

/// Twitter credentials (FirebaseAuth's `TwitterAuthProvider`), for a Firebase project.
open class TwitterAuthProvider: NSObject {
    /// Not made: the class only holds the provider's static members, as in the SDK.
    @available(*, unavailable) override public init() { super.init() }

    /// `twitter.com`.
    public static let id = TwitterAuthProviderID

    /// A credential from a Twitter OAuth 1.0a token and its secret obtained elsewhere: the project
    /// asks Twitter whose it is when it is used.
    public static func credential(withToken token: String, secret: String) -> AuthCredential {
        OAuthCredential(provider: TwitterAuthProviderID, accessToken: token, kind: .accessToken(token, secret: secret))
    }
}

/// Google credentials (FirebaseAuth's `GoogleAuthProvider`).
open class GoogleAuthProvider: NSObject {
    /// Not made: the class only holds the provider's static members, as in the SDK.
    @available(*, unavailable) override public init() { super.init() }

    /// `google.com`.
    public static let id = GoogleAuthProviderID

    /// A credential from a Google ID token (and access token) obtained elsewhere, checked when used.
    public static func credential(withIDToken idToken: String, accessToken: String) -> AuthCredential {
        OAuthProvider.credential(providerID: .google, idToken: idToken, accessToken: accessToken)
    }
}
