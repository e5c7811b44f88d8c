// Authenticate using Yahoo (Turkish), Swift block 2 of 7 (002_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooTurkish2CustomParameters(provider: OAuthProvider) {
    // --- the page's block ---
    provider.customParameters = [
    "prompt": "login",
    "language": "fr"
    ]
    // --- end of the block ---
}
