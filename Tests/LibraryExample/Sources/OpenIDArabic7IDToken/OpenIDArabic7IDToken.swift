// Authenticate using OpenID Connect (Arabic), Swift block 7 of 8 (003_*.txt in the seeds), as printed.
// Changed only where FirebaseAuth itself refuses the text:
// - `if error {`: an `Error?` is not a `Bool` -> `if error != nil {`
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func openIDArabic7IDToken(idToken: String) {
    // --- the page's block ---
    let credential = OAuthProvider.credential(
        withProviderID: "oidc.example-provider",  // As registered in Firebase console.
        idToken: idToken,  // ID token from OpenID Connect flow.
        rawNonce: nil
    )
    Auth.auth().signIn(with: credential) { authResult, error in
        if error != nil {
            // Handle error.
            return
        }
        // User is signed in.
        // IdP data available in authResult?.additionalUserInfo?.profile
    }
    // --- end of the block ---
}
