import AuthPlatform

/// An account backend's own tokens for the signed-in user: a Firebase project's ID token (what a
/// backend or Security Rules check) and the refresh token that renews it.
package struct BackendSession: Codable, Sendable, Equatable {
    /// What issued the session, such as `firebase:my-project`.
    package var issuer: String
    package var idToken: String
    package var refreshToken: String
    package var expiresAt: Date
    package var obtainedAt: Date

    package init(issuer: String, idToken: String, refreshToken: String, expiresAt: Date, obtainedAt: Date) {
        self.issuer = issuer
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.obtainedAt = obtainedAt
    }
}

extension BackendSession: JSONObjectDecodable {
    package init(reading object: JSONObjectReader) throws {
        self.init(
            issuer: try object.string("issuer"), idToken: try object.string("idToken"),
            refreshToken: try object.string("refreshToken"), expiresAt: try object.date("expiresAt"),
            obtainedAt: try object.date("obtainedAt"))
    }
}
