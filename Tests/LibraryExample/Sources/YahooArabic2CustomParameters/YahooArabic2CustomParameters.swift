// Authenticate using Yahoo (Arabic), Swift block 2 of 8 (000_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooArabic2CustomParameters(provider: OAuthProvider) {
    // --- the page's block ---
    provider.customParameters = [
    "prompt": "login",
    "language": "fr"
    ]
    // --- end of the block ---
}
