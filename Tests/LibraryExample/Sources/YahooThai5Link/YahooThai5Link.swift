// Authenticate using Yahoo (Thai), Swift block 5 of 8 (004_*.txt in the seeds), as printed.
// Changed only where FirebaseAuth itself refuses the text:
// - `Auth()` -> `Auth.auth()` (FirebaseAuth has no public initialiser); `currentUser` is optional -> `?.`; `link(withCredential:)` is `link(with:)` in FirebaseAuth's Swift
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooThai5Link(credential: AuthCredential) {
    // --- the page's block ---
    Auth.auth().currentUser?.link(with: credential) { authResult, error in
    if error != nil {
    // Handle error.
    }
    // Yahoo credential is linked to the current user.
    // IdP data available in authResult.additionalUserInfo.profile.
    // Yahoo OAuth access token can also be retrieved by:
    // (authResult.credential as? OAuthCredential)?.accessToken
    // Yahoo OAuth ID token can be retrieved by calling:
    // (authResult.credential as? OAuthCredential)?.idToken
    }
    // --- end of the block ---
}
