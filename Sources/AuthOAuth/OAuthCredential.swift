#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AuthPlatform

/// The tokens one sign-in produced (the SDK's `OAuthCredential`).
public struct OAuthCredential: Codable, Sendable, Equatable {
    public var providerID: String
    /// Nil for a sign-in with an ID token obtained elsewhere (`--id-token-stdin`).
    public var accessToken: String?
    public var tokenType: String
    public var idToken: String?
    public var refreshToken: String?
    /// Absolute expiry, computed from `expires_in` when the response arrived.
    public var expiresAt: Date?
    /// When the access token arrived; with ``expiresAt`` it gives the provider's token lifetime.
    public var obtainedAt: Date?
    public var scope: String?
    /// The nonce sent with the request that produced the ID token.
    public var rawNonce: String?
    /// For the client's own session (RFC 6749 §4.4): the request that re-acquires its token.
    public var clientCredentials: ClientCredentialsRequest?
    /// For a CI job's session (`signin --ci`): where a new ID token comes from when this one expires.
    public var ciSource: CITokenSource?

    public init(
        providerID: String, accessToken: String?, tokenType: String = "Bearer", idToken: String? = nil,
        refreshToken: String? = nil, expiresAt: Date? = nil, obtainedAt: Date? = nil, scope: String? = nil, rawNonce: String? = nil,
        clientCredentials: ClientCredentialsRequest? = nil, ciSource: CITokenSource? = nil
    ) {
        self.providerID = providerID
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.obtainedAt = obtainedAt
        self.scope = scope
        self.rawNonce = rawNonce
        self.clientCredentials = clientCredentials
        self.ciSource = ciSource
    }
}

extension OAuthCredential: JSONObjectDecodable {
    /// A stored credential, read by hand: the members its `Encodable` conformance writes.
    public init(reading object: JSONObjectReader) throws {
        self.init(
            providerID: try object.string("providerID"), accessToken: try object.string(ifPresent: "accessToken"),
            tokenType: try object.string("tokenType"), idToken: try object.string(ifPresent: "idToken"),
            refreshToken: try object.string(ifPresent: "refreshToken"), expiresAt: try object.date(ifPresent: "expiresAt"),
            obtainedAt: try object.date(ifPresent: "obtainedAt"), scope: try object.string(ifPresent: "scope"),
            rawNonce: try object.string(ifPresent: "rawNonce"), clientCredentials: try object.object(ifPresent: "clientCredentials"),
            ciSource: try object.object(ifPresent: "ciSource"))
    }
}
