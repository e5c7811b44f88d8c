// Authenticate using OpenID Connect (Arabic), Swift block 5 of 8 (003_*.txt in the seeds), as printed.
// Changed only where FirebaseAuth itself refuses the text:
// - `Auth()` -> `Auth.auth()` (FirebaseAuth has no public initialiser); `currentUser` is optional -> `?.`; `link(withCredential:)` is `link(with:)` in FirebaseAuth's Swift
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func openIDArabic5Link(credential: AuthCredential) {
    // --- the page's block ---
    Auth.auth().currentUser?.link(with: credential) { authResult, error in
      if error != nil {
        // Handle error.
      }
      // OIDC credential is linked to the current user.
      // IdP data available in authResult.additionalUserInfo.profile.
      // OAuth access token can also be retrieved:
      // (authResult.credential as? OAuthCredential)?.accessToken
      // OAuth ID token can also be retrieved:
      // (authResult.credential as? OAuthCredential)?.idToken
    }
    // --- end of the block ---
}
