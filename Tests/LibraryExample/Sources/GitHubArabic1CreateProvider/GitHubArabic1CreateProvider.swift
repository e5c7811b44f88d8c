// Authenticate using GitHub (Arabic), Swift block 1 of 8 (001_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func gitHubArabic1CreateProvider() -> OAuthProvider {
    // --- the page's block ---
    var provider = OAuthProvider(providerID: "github.com")
    // --- end of the block ---
    return provider
}
