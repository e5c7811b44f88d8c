import AuthJOSE
import AuthPlatform

/// A Firebase ID token that passed ``FirebaseIDTokenVerifier``.
package struct VerifiedFirebaseToken: Sendable {
    package var claims: JSONValue
    /// The uid (`sub`).
    package var uid: String
    /// `RS256`, or nil for the emulator's unsigned tokens.
    package var algorithm: JWSAlgorithm?
}

/// Verifies Firebase ID tokens as a backend must (Firebase "Verify ID tokens using a third-party
/// JWT library"): RS256 with a key from Google's securetoken JWK set (cached by its Cache-Control),
/// `iss` = `https://securetoken.google.com/<project>`, `aud` = the project id, `sub` not empty,
/// `iat` and `auth_time` not in the future, `exp` not past.
///
/// With the emulator host set, the keys come from the emulator's path for the same JWK set when it
/// serves one; the real emulator signs nothing, so an unsigned (`alg: none`) token is accepted then,
/// and only then, with every claim still checked. ``VerifiedFirebaseToken/algorithm`` says which.
package struct FirebaseIDTokenVerifier: Sendable {
    let projectID: String
    /// The Identity Platform tenant the token must be of (`firebase.tenant`); nil: no tenant.
    let tenantID: String?
    let endpoints: FirebaseEndpoints
    let validator: IDTokenValidator

    package init(
        projectID: String, tenantID: String? = nil, endpoints: FirebaseEndpoints, cacheDirectory: String, transport: any HTTPTransport, clock: Clock
    ) throws {
        self.projectID = projectID
        self.tenantID = tenantID
        self.endpoints = endpoints
        validator = IDTokenValidator(
            issuer: "https://securetoken.google.com/" + projectID, clientID: projectID,
            keys: HTTPJWKSetSource(
                jwksURI: try URLPolicy.check(endpoints.publicKeys, field: "Firebase public keys"),
                cacheDirectory: cacheDirectory, transport: transport, clock: clock
            ),
            clock: clock
        )
    }

    package func verify(_ token: String) async throws -> VerifiedFirebaseToken {
        if endpoints.emulatorHost != nil, let claims = try Self.unsignedClaims(token) {
            return try check(claims, algorithm: nil)
        }
        let verified = try await validator.validate(token, expectedNonce: nil, accessToken: nil)
        return try check(verified.claims, algorithm: verified.algorithm)
    }

    /// The claims every Firebase ID token has, signed or not.
    private func check(_ claims: JSONValue, algorithm: JWSAlgorithm?) throws(JOSEError) -> VerifiedFirebaseToken {
        _ = try validator.checkIssuer(claims)
        _ = try validator.checkAudience(claims, expected: projectID)
        let now = validator.clock.now()
        _ = try validator.checkTimes(claims, now: now)
        let uid = try IDTokenValidator.checkSubject(claims)
        guard let authTime = claims["auth_time"]?.numberValue else { throw .missingClaim("auth_time") }
        guard Date(timeIntervalSince1970: authTime) <= now.addingTimeInterval(validator.leeway) else {
            throw .invalidClaim(name: "auth_time", reason: "it is in the future")
        }
        // A tenant's users carry `firebase.tenant`; a project-level user of another tenant must not pass.
        let tenant = claims["firebase"]?["tenant"]?.stringValue
        guard tenant == tenantID else {
            throw .invalidClaim(
                name: "firebase.tenant",
                reason: tenantID.map { "it is \(tenant.map { "'\($0)'" } ?? "absent"), not the tenant '\($0)'" }
                    ?? "the token is of tenant '\(tenant ?? "")', and no tenant is configured")
        }
        return VerifiedFirebaseToken(claims: claims, uid: uid, algorithm: algorithm)
    }

    /// The payload of an `alg: none` token (the emulator's), or nil for any other token.
    static func unsignedClaims(_ token: String) throws(JOSEError) -> JSONValue? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, token.utf8.count <= CompactJWS.maximumTokenBytes,
            let headerBytes = Base64URL.decode(String(parts[0])), let header = try? JSONValue.parse(headerBytes),
            header["alg"]?.stringValue == "none"
        else { return nil }
        guard let payloadBytes = Base64URL.decode(String(parts[1])), let claims = try? JSONValue.parse(payloadBytes), claims.objectValue != nil else {
            throw .malformedToken(reason: "the unsigned token's payload is not a JSON object")
        }
        return claims
    }
}
