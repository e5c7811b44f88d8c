import Foundation
import AuthCrypto
import AuthJOSE
import AuthPlatform

/// An OpenID provider behind a ``FakeTransport``: discovery, the standard test JWK set, a token
/// endpoint that checks the code and the PKCE verifier (RFC 7636 §4.6) and signs an ID token with
/// the nonce of the last authorization, and userinfo.
package final class FakeOpenIDServer: Sendable {
    package let issuer: String
    package let clientID: String
    /// The code the token endpoint accepts.
    package let code: String
    /// The query of the authorization request the person's browser sent (e.g. ``FakeRedirect/lastAuthorization``).
    private let authorization: @Sendable () -> [String: String]
    /// Claims the token endpoint's ID token carries besides the usual ones (nil removes one).
    private let extraClaims: [String: JSONValue?]
    private let requests = LockedValue<[HTTPRequest]>([])

    package init(
        issuer: String = TestTokenFactory.issuer, clientID: String = TestTokenFactory.clientID, code: String = "code-123",
        extraClaims: [String: JSONValue?] = [:], authorization: @escaping @Sendable () -> [String: String]
    ) {
        self.extraClaims = extraClaims
        self.issuer = issuer
        self.clientID = clientID
        self.code = code
        self.authorization = authorization
    }

    package var discovery: JSONValue {
        [
            "issuer": .string(issuer), "authorization_endpoint": .string(issuer + "/authorize"),
            "token_endpoint": .string(issuer + "/token"), "jwks_uri": .string(issuer + "/jwks"),
            "userinfo_endpoint": .string(issuer + "/userinfo"), "code_challenge_methods_supported": ["S256"],
            "authorization_response_iss_parameter_supported": true,
        ]
    }

    /// Every request the transport received.
    package var received: [HTTPRequest] { requests.withLock { $0 } }

    package var transport: FakeTransport {
        FakeTransport { [self] request in
            requests.withLock { $0.append(request) }
            return respond(request)
        }
    }

    /// The answer to `request`, without recording it.
    package func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard request.url.absoluteString.hasPrefix(issuer) else { return HTTPResponse(status: 404) }
        switch request.url.path.replacingOccurrences(of: URL(string: issuer)?.path ?? "", with: "") {
        case "/.well-known/openid-configuration": return .json(discovery)
        case "/jwks": return .json(TestTokenFactory.standardJWKS)
        case "/token": return token(GrantTestSupport.form(request))
        case "/userinfo":
            return .json(["sub": .string(TestTokenFactory.subject), "email": "alice@example.com", "email_verified": true, "name": "Alice"])
        default: return HTTPResponse(status: 404)
        }
    }

    /// RFC 6749 §4.1.3 with RFC 7636 §4.6: the code, and BASE64URL(SHA256(verifier)) == challenge.
    private func token(_ form: [String: String]) -> HTTPResponse {
        let authorization = authorization()
        let challenge = Base64URL.encode(SHA256.hash(Array((form["code_verifier"] ?? "").utf8)))
        guard form["grant_type"] == "authorization_code", form["code"] == code, challenge == authorization["code_challenge"],
            form["redirect_uri"] == authorization["redirect_uri"]
        else { return .json(["error": "invalid_grant"], status: 400) }
        let idToken = TestTokenFactory.idToken(claims: [
            "iss": .string(issuer), "aud": .string(clientID), "nonce": authorization["nonce"].map { .string($0) },
        ].merging(extraClaims) { _, extra in extra })
        return .json([
            "access_token": .string(TestTokenFactory.accessToken), "token_type": "Bearer", "expires_in": 3600,
            "id_token": .string(idToken), "refresh_token": "rt-1",
        ])
    }
}
