// Authenticate using Yahoo (Thai), Swift block 1 of 8 (004_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooThai1CreateProvider() -> OAuthProvider {
    // --- the page's block ---
    var provider = OAuthProvider(providerID: "yahoo.com")
    // --- end of the block ---
    return provider
}
