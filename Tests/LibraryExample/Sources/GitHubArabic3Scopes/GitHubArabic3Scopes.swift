// Authenticate using GitHub (Arabic), Swift block 3 of 8 (001_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func gitHubArabic3Scopes(provider: OAuthProvider) {
    // --- the page's block ---
    // Request read access to a user's email addresses.
    // This must be preconfigured in the app's API permissions.
    provider.scopes = ["user:email"]
    // --- end of the block ---
}
