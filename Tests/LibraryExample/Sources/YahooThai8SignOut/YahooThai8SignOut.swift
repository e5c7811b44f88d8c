// Authenticate using Yahoo (Thai), Swift block 8 of 8 (004_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooThai8SignOut() {
    // --- the page's block ---
    let firebaseAuth = Auth.auth()
    do {
      try firebaseAuth.signOut()
    } catch let signOutError as NSError {
      print("Error signing out: %@", signOutError)
    }
    // --- end of the block ---
}
