// Authenticate using Yahoo (Arabic), Swift block 4 of 8 (000_*.txt in the seeds), as printed.
// Changed only where FirebaseAuth itself refuses the text:
// - `Auth()` -> `Auth.auth()`; `signIn(with:)` takes a non-optional `AuthCredential` -> `credential!`
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooArabic4SignIn(provider: OAuthProvider) {
    // --- the page's block ---
    provider.getCredentialWith(nil) { credential, error in
    if error != nil {
    // Handle error.
    }
    if credential != nil {
    Auth.auth().signIn(with: credential!) { authResult, error in
      if error != nil {
        // Handle error.
      }
      // User is signed in.
      // IdP data available in authResult.additionalUserInfo.profile.
      // Yahoo OAuth access token can also be retrieved by:
      // (authResult.credential as? OAuthCredential)?.accessToken
      // Yahoo OAuth ID token can be retrieved by calling:
      // (authResult.credential as? OAuthCredential)?.idToken
    }
    }
    }
    // --- end of the block ---
}
