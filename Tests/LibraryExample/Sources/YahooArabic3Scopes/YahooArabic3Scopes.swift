// Authenticate using Yahoo (Arabic), Swift block 3 of 8 (000_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func yahooArabic3Scopes(provider: OAuthProvider) {
    // --- the page's block ---
    // Request access to Yahoo Mail API.
    // Request read/write access to user contacts.
    // This must be preconfigured in the app's API permissions.
    provider.scopes = ["mail-r", "sdct-w"]
    // --- end of the block ---
}
