import AuthctlKit
import Foundation

// The GitHub and Yahoo pages' account-exists block (block 7) checks for
// accountExistsWithDifferentCredential in getCredentialWith's completion. FirebaseAuth never
// reports it there: its getCredentialWith only runs the web flow and hands back the credential
// (errors there are the presenter's and the handler page's: webSignInUserInteractionFailure,
// webNetworkRequestFailed, webInternalError, invalidClientID); the project's answer, and so
// account-exists with its email and pending credential, comes to signIn(with:)'s completion.
// AuthctlKit does the same, so the printed block runs as it runs with the SDK: the credential
// comes, signIn is refused, and the block's "handle the error" returns with nobody signed in.

/// Runs the printed block with `provider`, then, when a line arrives on standard input (the test
/// sends it once the project has answered the block's sign-in), reports who is signed in.
@MainActor
func printedAccountExists(_ block: @escaping @MainActor (OAuthProvider, String) -> Void, provider: OAuthProvider, password: String) async -> [String: Any] {
    block(provider, password)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            _ = readLine()
            continuation.resume()
        }
    }
    return describe(Auth.auth().currentUser)
}

/// The block's recovery, in completion style, where FirebaseAuth reports account-exists: in
/// signIn(with:)'s completion. The page's lines otherwise.
@MainActor
func recoverInSignInCompletion(provider: OAuthProvider, password: String) {
    provider.getCredentialWith(nil) { credential, error in
      if error != nil {
        // handle the error.
        return
      }
      Auth.auth().signIn(with: credential!) { result, error in
        // An account with the same email already exists.
        if (error as NSError?)?.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue {
          // Get pending credential and email of existing account.
          let existingAcctEmail = (error! as NSError).userInfo[AuthErrorUserInfoEmailKey] as! String
          let pendingCred = (error! as NSError).userInfo[AuthErrorUserInfoUpdatedCredentialKey] as! AuthCredential
          // Lookup existing account identifier by the email.
          Auth.auth().fetchSignInMethods(forEmail: existingAcctEmail) { providers, error in
            // Existing email/password account.
            if (providers?.contains(EmailAuthProviderID))! {
              // Sign in with existing account.
              Auth.auth().signIn(withEmail: existingAcctEmail, password: password) { user, error in
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
        }
      }
    }
}
