// Authenticate using GitHub (Arabic), Swift block 5 of 8 (001_*.txt in the seeds), as printed.
// Changed only where FirebaseAuth itself refuses the text:
// - `Auth()` -> `Auth.auth()` (FirebaseAuth has no public initialiser); `currentUser` is optional -> `?.`; `link(withCredential:)` is `link(with:)` in FirebaseAuth's Swift
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func gitHubArabic5Link(credential: AuthCredential) {
    // --- the page's block ---
    Auth.auth().currentUser?.link(with: credential) { authResult, error in
      if error != nil {
        // Handle error.
      }
      // GitHub credential is linked to the current user.
      // IdP data available in authResult.additionalUserInfo.profile.
      // GitHub OAuth access token can also be retrieved by:
      // (authResult.credential as? OAuthCredential)?.accessToken
      // GitHub OAuth ID token can be retrieved by calling:
      // (authResult.credential as? OAuthCredential)?.idToken
    }
    // --- end of the block ---
}
