// Authenticate using GitHub (Arabic), Swift block 7 of 8 (001_*.txt in the seeds), as printed.
// Changed only where FirebaseAuth itself refuses the text:
// - `fetchProviders(forEmail:)` was renamed `fetchSignInMethods(forEmail:)`
// - `linkAndRetrieveData(with:)` was renamed `link(with:)`
// - `signInAndRetrieveData(with:)` was renamed `signIn(with:)`
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func gitHubArabic7AccountExists(provider: OAuthProvider, password: String) {
    // --- the page's block ---
    // Sign-in with an OAuth credential.
    provider.getCredentialWith(nil) { credential, error in
      // An account with the same email already exists.
      if (error as NSError?)?.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue {
        // Get pending credential and email of existing account.
        let existingAcctEmail = (error! as NSError).userInfo[AuthErrorUserInfoEmailKey] as! String
        let pendingCred = (error! as NSError).userInfo[AuthErrorUserInfoUpdatedCredentialKey] as! AuthCredential
        // Lookup existing account identifier by the email.
        Auth.auth().fetchSignInMethods(forEmail:existingAcctEmail) { providers, error in
          // Existing email/password account.
          if (providers?.contains(EmailAuthProviderID))! {
            // Existing password account for email. Ask user to provide the password of the
            // existing account.
            // Sign in with existing account.
            Auth.auth().signIn(withEmail:existingAcctEmail, password:password) { user, error in
              // Successfully signed in.
              if user != nil {
                // Link pending credential to account.
                Auth.auth().currentUser?.link(with: pendingCred) { result, error in
                  // ...
                }
              }
            }
          }
        }
        return
      }

      // Other errors.
      if error != nil {
        // handle the error.
        return
      }

      // Sign in with the credential.
      if credential != nil {
        Auth.auth().signIn(with: credential!) { result, error in
          if error != nil {
            // handle the error.
            return
          }
        }
      }
    }
    // --- end of the block ---
}
