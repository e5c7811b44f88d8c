import AuthCrypto
import AuthJOSE

/// Proof Key for Code Exchange (RFC 7636) with the S256 method.
package struct PKCE: Sendable, Equatable {
    /// RFC 7636 §4.1 recommends 32 random octets, base64url-encoded to a 43-character verifier.
    package static let codeVerifierBytes = 32
    /// RFC 7636 §4.2.
    package static let method = "S256"

    package let codeVerifier: String
    /// BASE64URL(SHA256(ASCII(code_verifier))), RFC 7636 §4.2.
    package let codeChallenge: String

    package init(codeVerifier: String) {
        self.codeVerifier = codeVerifier
        self.codeChallenge = Base64URL.encode(SHA256.hash(Array(codeVerifier.utf8)))
    }

    /// A fresh verifier from `random`.
    package static func generate(using random: any RandomSource) -> PKCE {
        PKCE(codeVerifier: Base64URL.encode(random.bytes(count: codeVerifierBytes)))
    }
}
