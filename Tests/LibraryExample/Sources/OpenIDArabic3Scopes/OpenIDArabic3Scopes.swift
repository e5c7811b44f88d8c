// Authenticate using OpenID Connect (Arabic), Swift block 3 of 8 (003_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func openIDArabic3Scopes(provider: OAuthProvider) {
    // --- the page's block ---
    provider.scopes = ["mail.read", "calendars.read"]
    // --- end of the block ---
}
