import AuthOAuth
import AuthPlatform

/// GitHub's "delete an app token": `DELETE {api}/applications/{client_id}/token`, authenticated
/// with the app's client id and secret. GitHub has no RFC 7009 endpoint, and nothing that revokes
/// a refresh token by itself.
package struct GitHubTokenDeletion: TokenRevocation {
    /// GitHub's answers for a token it no longer knows.
    package static let alreadyInvalidStatuses: Set<Int> = [404, 422]

    package let endpoints: GitHubEndpoints
    package let clientID: String
    package let clientSecret: String?
    let transport: any HTTPTransport

    package init(endpoints: GitHubEndpoints, clientID: String, clientSecret: String?, transport: any HTTPTransport) {
        self.endpoints = endpoints
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.transport = transport
    }

    package func revoke(_ token: String, kind: RevocableToken) async -> RevocationOutcome {
        guard kind == .accessToken else {
            return .unsupported("GitHub has no endpoint that revokes a refresh token by itself")
        }
        guard let clientSecret else {
            return .unsupported("GitHub revokes a token only with the app's client secret; revoke it in GitHub's settings (Applications)")
        }
        return await RevocationOutcome.catching {
            // RFC 7617 Basic credentials: GitHub takes them as they are, not form-encoded.
            let basic = Data((clientID + ":" + clientSecret).utf8).base64EncodedString()
            var headers = GitHubAPI.headers(authorization: "Basic " + basic)
            headers.append(("Content-Type", "application/json"))
            let body: JSONValue = ["access_token": .string(token)]
            let request = HTTPRequest(
                method: "DELETE", url: endpoints.tokenDeletionURL(clientID: clientID), headers: headers,
                body: Array(body.serialized().utf8), maxResponseBytes: GitHubAPI.maximumResponseBytes
            )
            return Self.outcome(try await transport.send(request))
        }
    }

    static func outcome(_ response: HTTPResponse) -> RevocationOutcome {
        switch response.status {
        case 204, 200: return .revoked
        case _ where alreadyInvalidStatuses.contains(response.status): return .alreadyInvalid
        case 401: return .failed("GitHub refused the app's client id and secret (HTTP 401)")
        default:
            return .failed("GitHub answered HTTP \(response.status)" + (GitHubAPI.message(in: response.body).map { ": \($0)" } ?? ""))
        }
    }
}
