import AuthCore

/// A sign-in with a custom token minted by the project's own server (the SDK's
/// `signIn(withCustomToken:)`, `authctl signin --custom-token-stdin`), the same for both doors.
package struct CustomToken: Sendable {
    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// Signs in with `token`, as it is: the project checks it (signature, audience, expiry).
    package func signIn(_ token: String) async throws -> SignInResult {
        try await runtime.backend(as: (any CustomTokenAccounts).self, .customTokens).signIn(customToken: token)
    }
}
