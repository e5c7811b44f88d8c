import AuthCore
import AuthFirebase
import AuthOAuth
import AuthProviders
import AuthStorage
import AuthPlatform
import Testing

@testable import AuthctlKit

/// The library words an error's ``Remedy`` in its own API, never as an `authctl` command or option.
@Suite struct AuthErrorWordingTests {
    @Test(arguments: [
        (AccountError.sessionExpired(providerID: "oidc.corp") as any AuthCoreError,
         "the oidc.corp session has expired (the provider refused the refresh token); "
            + "sign in again with OAuthProvider(providerID: \"oidc.corp\")"),
        (AccountError.notSignedIn, "not signed in; sign in with Auth.signIn(with:)"),
        (AccountError.requiresRecentLogin(operation: "unlink", providerID: "github.com", maximumAge: 300),
         "unlink needs a sign-in within the last 300 seconds; "
            + "reauthenticate first with user.reauthenticate(with: OAuthProvider(providerID: \"github.com\"))"),
        (AccountError.accountExistsWithDifferentCredential(email: "a@example.com", providers: ["github.com"]),
         "an account already exists for a@example.com, which signs in with github.com; sign in with one of them, then link "
            + "error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] with user.link(with:) within 10 minutes"),
        (AccountError.accountExistsWithDifferentCredential(
            email: "a@example.com", providers: ["github.com"], routes: [SignInRoute(providerID: "github.com", way: .signIn)]),
         "an account already exists for a@example.com, which signs in with github.com; sign in with "
            + "OAuthProvider(providerID: \"github.com\"), then link error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] "
            + "with user.link(with:) within 10 minutes"),
        (FirebaseError.notConfigured,
         "no Firebase project is configured; configure a project with Auth.Backend.firebase(apiKey:projectID:) or in the home"),
        (ProviderError.unknownProvider("oidc.corp", configured: []),
         "no provider 'oidc.corp' is configured; add oidc.corp to the providers of the home (the authctl command's 'providers add' does)"),
        (KeystoreError.keyring(path: "/h/keystore.json", reason: "the keyring is locked"),
         "The system keyring could not be used for '/h/keystore.json': the keyring is locked. Nothing was changed. "
            + "Start or unlock the system keyring, or keep the home's secrets in its files (storage: file)."),
        (OAuthError.stateMismatch,
         "the redirect's state does not match the one sent: the response was not for this sign-in (possible CSRF); nothing was stored"),
    ] as [(any AuthCoreError, String)])
    func describes(error: any AuthCoreError, text: String) {
        #expect(PendingCredential.lifetime == 600, "the texts below say 10 minutes")
        #expect(AuthError(error, providerID: nil).localizedDescription == text)
    }

    /// No remedy is worded as a command or an option of the command line.
    @Test(arguments: RemedySamples.all)
    func wordsNoCommandOrOption(remedy: Remedy) {
        let text = AuthError.wording(remedy)
        #expect(!text.contains("--"), "\(text)")
        #expect(!text.contains("authctl signin") && !text.contains("authctl link") && !text.contains("authctl firebase"), "\(text)")
    }
}

enum RemedySamples {
    static let all: [Remedy] = [
        .signIn(providerID: "p"), .signIn(providerID: nil), .signIn(providerID: "password"), .signInAgain(providerID: "p"),
        .signInAgain(providerID: nil), .reauthenticate(providerID: "p"), .reauthenticate(providerID: nil),
        .addProvider(providerID: "p", needsIssuer: true, needsClientSecret: true), .removeProvider(providerID: "p"),
        .giveClientSecret(providerID: "p"), .configureProject(.project), .configureProject(.authDomain),
        .configureProject(.tenantID), .configureProject(.appRestriction),
        .linkPendingCredential(after: .addProvider(providerID: "p", needsIssuer: false, needsClientSecret: false), minutes: 15),
        .linkPendingCredential(after: .configureProject(.project), minutes: 15), .link(providerID: "p"), .link(providerID: nil),
        .deleteAccount, .chooseUser, .unlockKeyringOrKeepSecretsInFiles, .unlockKeyring, .replaceClientCredentials(providerID: "p"),
        .replaceClientCredentials(providerID: nil), .checkIssuer("https://id.example"), .chooseHome,
        .signInWithOneOf(providerIDs: ["p", "q"]), .signInWithOneOf(providerIDs: []),
        .signInAnotherWay(Remedy.SignInWay.allCases), .askForIDToken, .giveSecondFactorCode(enrollAuthenticatorFirst: true),
        .giveSecondFactorCode(enrollAuthenticatorFirst: false), .chooseRedirectPorts, .registerRedirectURI("http://127.0.0.1/cb"),
        .tryAgain, .requestNewLink(.signIn), .upgradeToIdentityPlatform(providerID: "oidc.corp"),
    ]
}
