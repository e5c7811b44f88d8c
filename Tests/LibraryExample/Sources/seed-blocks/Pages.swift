import AuthctlKit
import GitHubArabic1CreateProvider
import GitHubArabic2CustomParameters
import GitHubArabic3Scopes
import GitHubArabic4SignIn
import GitHubArabic5Link
import GitHubArabic6Reauthenticate
import GitHubArabic7AccountExists
import GitHubArabic8SignOut
import OpenIDArabic1CreateProvider
import OpenIDArabic2CustomParameters
import OpenIDArabic3Scopes
import OpenIDArabic4SignIn
import OpenIDArabic5Link
import OpenIDArabic6Reauthenticate
import OpenIDArabic7IDToken
import OpenIDArabic8SignOut
import YahooArabic1CreateProvider
import YahooArabic2CustomParameters
import YahooArabic3Scopes
import YahooArabic4SignIn
import YahooArabic5Link
import YahooArabic6Reauthenticate
import YahooArabic7AccountExists
import YahooArabic8SignOut
import YahooThai1CreateProvider
import YahooThai2CustomParameters
import YahooThai3Scopes
import YahooThai4SignIn
import YahooThai5Link
import YahooThai6Reauthenticate
import YahooThai7AccountExists
import YahooThai8SignOut
import YahooTurkish1CreateProvider
import YahooTurkish2CustomParameters
import YahooTurkish3Scopes
import YahooTurkish4SignIn
import YahooTurkish5Link
import YahooTurkish6Reauthenticate
import YahooTurkish7SignOut

/// One seed page's blocks by what they do (nil: the page has no such block).
@MainActor
struct Page {
    var createProvider: @MainActor () -> OAuthProvider
    var customParameters: @MainActor (OAuthProvider) -> Void
    var scopes: @MainActor (OAuthProvider) -> Void
    var signIn: @MainActor (OAuthProvider) -> Void
    var link: @MainActor (AuthCredential) -> Void
    var reauthenticate: @MainActor (AuthCredential) -> Void
    var accountExists: (@MainActor (OAuthProvider, String) -> Void)?
    var idToken: (@MainActor (String) -> Void)?
    var signOut: @MainActor () -> Void

    /// Steps 2-4 of the page: the provider it configures.
    func provider() -> OAuthProvider {
        let provider = createProvider()
        customParameters(provider)
        scopes(provider)
        return provider
    }

    static let all: [String: Page] = [
        "yahoo-arabic": Page(
            createProvider: yahooArabic1CreateProvider, customParameters: yahooArabic2CustomParameters(provider:),
            scopes: yahooArabic3Scopes(provider:), signIn: yahooArabic4SignIn(provider:), link: yahooArabic5Link(credential:),
            reauthenticate: yahooArabic6Reauthenticate(credential:), accountExists: yahooArabic7AccountExists(provider:password:),
            signOut: yahooArabic8SignOut),
        "github-arabic": Page(
            createProvider: gitHubArabic1CreateProvider, customParameters: gitHubArabic2CustomParameters(provider:),
            scopes: gitHubArabic3Scopes(provider:), signIn: gitHubArabic4SignIn(provider:), link: gitHubArabic5Link(credential:),
            reauthenticate: gitHubArabic6Reauthenticate(credential:), accountExists: gitHubArabic7AccountExists(provider:password:),
            signOut: gitHubArabic8SignOut),
        "yahoo-turkish": Page(
            createProvider: yahooTurkish1CreateProvider, customParameters: yahooTurkish2CustomParameters(provider:),
            scopes: yahooTurkish3Scopes(provider:), signIn: yahooTurkish4SignIn(provider:), link: yahooTurkish5Link(credential:),
            reauthenticate: yahooTurkish6Reauthenticate(credential:), signOut: yahooTurkish7SignOut),
        "openid-arabic": Page(
            createProvider: openIDArabic1CreateProvider, customParameters: openIDArabic2CustomParameters(provider:),
            scopes: openIDArabic3Scopes(provider:), signIn: openIDArabic4SignIn(provider:), link: openIDArabic5Link(credential:),
            reauthenticate: openIDArabic6Reauthenticate(credential:), idToken: openIDArabic7IDToken(idToken:),
            signOut: openIDArabic8SignOut),
        "yahoo-thai": Page(
            createProvider: yahooThai1CreateProvider, customParameters: yahooThai2CustomParameters(provider:),
            scopes: yahooThai3Scopes(provider:), signIn: yahooThai4SignIn(provider:), link: yahooThai5Link(credential:),
            reauthenticate: yahooThai6Reauthenticate(credential:), accountExists: yahooThai7AccountExists(provider:password:),
            signOut: yahooThai8SignOut),
    ]
}
