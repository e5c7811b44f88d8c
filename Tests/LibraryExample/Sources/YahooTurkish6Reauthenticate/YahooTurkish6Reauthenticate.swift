// Authenticate using Yahoo (Turkish), Swift block 6 of 7 (002_*.txt in the seeds), as printed.
// Changed only where FirebaseAuth itself refuses the text:
// - `Auth()` -> `Auth.auth()`; `currentUser` is optional -> `?.`; `reauthenticateWithCredential(withCredential:)` is `reauthenticate(with:)` in FirebaseAuth's Swift
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooTurkish6Reauthenticate(credential: AuthCredential) {
    // --- the page's block ---
    Auth.auth().currentUser?.reauthenticate(with: credential) { authResult, error in
    if error != nil {
    // Handle error.
    }
    // User is re-authenticated with fresh tokens minted and
    // should be able to perform sensitive operations like account
    // deletion and email or password update.
    // IdP data available in result.additionalUserInfo.profile.
    // Additional OAuth access token is can also be retrieved by:
    // (authResult.credential as? OAuthCredential)?.accessToken
    // Yahoo OAuth ID token can be retrieved by calling:
    // (authResult.credential as? OAuthCredential)?.idToken
    }
    // --- end of the block ---
}
