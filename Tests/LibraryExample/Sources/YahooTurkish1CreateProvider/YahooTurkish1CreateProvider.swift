// Authenticate using Yahoo (Turkish), Swift block 1 of 7 (002_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooTurkish1CreateProvider() -> OAuthProvider {
    // --- the page's block ---
    var provider = OAuthProvider(providerID: "yahoo.com")
    // --- end of the block ---
    return provider
}
