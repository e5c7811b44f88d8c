/// The JWS algorithms authctl verifies (RFC 7518 §3.1). `none` is deliberately not a case.
///
/// RS256 is the OpenID Connect default (Core §3.1.3.7 rule 7); PS256 and ES256 are the other
/// asymmetric algorithms providers publish; HS256 is accepted only with a configured client
/// secret (Core §10.1), never with a key from a key set.
package enum JWSAlgorithm: String, Sendable, CaseIterable, Equatable {
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3).
    case rs256 = "RS256"
    /// RSASSA-PSS with SHA-256, MGF1-SHA-256 and a 32-byte salt (RFC 7518 §3.5).
    case ps256 = "PS256"
    /// ECDSA P-256 with SHA-256, signature as 64-byte R ‖ S (RFC 7518 §3.4).
    case es256 = "ES256"
    /// HMAC with SHA-256 keyed with the client secret (RFC 7518 §3.2).
    case hs256 = "HS256"

    /// RFC 7518 §3.2: an HS256 key must be at least as long as the hash output.
    package static let minimumHMACKeyBytes = 32

    /// The algorithm named by a header's `alg` value, refusing `none` and anything unknown.
    package static func named(_ name: String) throws(JOSEError) -> JWSAlgorithm {
        // RFC 7518 §3.6 "none" (any capitalisation): an unsecured JWS is never accepted.
        if name.lowercased() == "none" { throw .unsecuredToken }
        guard let algorithm = JWSAlgorithm(rawValue: name) else { throw .unsupportedAlgorithm(JOSEError.short(name, 32)) }
        return algorithm
    }
}
