import AuthOAuth
import AuthPlatform

/// The userinfo endpoint (OpenID Connect Core §5.3).
struct Userinfo: Sendable {
    let endpoint: String
    let transport: any HTTPTransport
    let log: @Sendable (String) -> Void

    /// The claims userinfo returns for `accessToken`; its `sub` must be `subject` (§5.3.2). A
    /// signed (JWT) answer is not read: the ID token's claims stand alone then.
    func claims(accessToken: String, subject: String) async throws -> [String: JSONValue] {
        let url = try URLPolicy.check(endpoint, field: "userinfo_endpoint")
        let response = try await transport.send(
            HTTPRequest(
                url: url, headers: [("Authorization", "Bearer " + accessToken), ("Accept", "application/json")],
                maxResponseBytes: TokenClient.maximumResponseBytes
            )
        )
        guard response.status == 200 else { throw OAuthError.userinfoFailed(status: response.status) }
        guard let claims = (try? JSONValue.parse(response.body))?.objectValue else {
            log("userinfo is not a JSON object (perhaps a signed JWT); using the ID token's claims only")
            return [:]
        }
        let received = claims["sub"]?.stringValue ?? ""
        guard received == subject else { throw OAuthError.userinfoSubjectMismatch(expected: subject, received: received) }
        return claims
    }
}
