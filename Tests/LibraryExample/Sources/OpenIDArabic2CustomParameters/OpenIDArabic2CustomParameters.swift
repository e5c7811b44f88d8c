// Authenticate using OpenID Connect (Arabic), Swift block 2 of 8 (003_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func openIDArabic2CustomParameters(provider: OAuthProvider) {
    // --- the page's block ---
    provider.customParameters = [
      "login_hint": "user@example.com"
    ]
    // --- end of the block ---
}
