// Authenticate using GitHub (Arabic), Swift block 2 of 8 (001_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func gitHubArabic2CustomParameters(provider: OAuthProvider) {
    // --- the page's block ---
    provider.customParameters = [
      "allow_signup": "false"
    ]
    // --- end of the block ---
}
