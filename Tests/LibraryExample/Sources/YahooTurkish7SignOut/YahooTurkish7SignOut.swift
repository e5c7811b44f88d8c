// Authenticate using Yahoo (Turkish), Swift block 7 of 7 (002_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooTurkish7SignOut() {
    // --- the page's block ---
    let firebaseAuth = Auth.auth()
    do {
      try firebaseAuth.signOut()
    } catch let signOutError as NSError {
      print("Error signing out: %@", signOutError)
    }
    // --- end of the block ---
}
