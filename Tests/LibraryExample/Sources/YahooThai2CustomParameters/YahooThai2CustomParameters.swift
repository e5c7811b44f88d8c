// Authenticate using Yahoo (Thai), Swift block 2 of 8 (004_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooThai2CustomParameters(provider: OAuthProvider) {
    // --- the page's block ---
    provider.customParameters = [
    "prompt": "login",
    "language": "fr"
    ]
    // --- end of the block ---
}
