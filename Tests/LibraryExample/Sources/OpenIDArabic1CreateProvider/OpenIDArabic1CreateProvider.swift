// Authenticate using OpenID Connect (Arabic), Swift block 1 of 8 (003_*.txt in the seeds), as printed.
// Unchanged.
// Around it: a function whose parameters are what the page has in scope at that step.
import AuthctlKit
import Foundation

@MainActor
public func openIDArabic1CreateProvider() -> OAuthProvider {
    // --- the page's block ---
    var provider = OAuthProvider(providerID: "oidc.example-provider")
    // --- end of the block ---
    return provider
}
