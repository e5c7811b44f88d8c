import AuthOAuth
import AuthPlatform

/// The headers every GitHub REST call sends.
package enum GitHubAPI {
    /// GitHub's REST media type.
    package static let mediaType = "application/vnd.github+json"
    /// The REST API version authctl is written against.
    package static let apiVersion = "2022-11-28"
    /// Profiles and email lists are small.
    package static let maximumResponseBytes = 256 * 1024
    /// Longest piece of a GitHub error `message` quoted back to the person.
    static let maximumMessageLength = 200

    /// GitHub refuses requests without a User-Agent: the transport sends `authctl/<version>` on
    /// every request, so none is set here (one here would hide the version).
    static func headers(authorization: String) -> [(name: String, value: String)] {
        [("Authorization", authorization), ("Accept", mediaType), ("X-GitHub-Api-Version", apiVersion)]
    }

    /// GitHub's `{"message": ...}`, without control characters and cut short.
    static func message(in body: [UInt8]) -> String? {
        guard let message = (try? JSONValue.parse(body))?["message"]?.stringValue else { return nil }
        let clean = String(String.UnicodeScalarView(message.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        let trimmed = clean.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > maximumMessageLength ? String(trimmed.prefix(maximumMessageLength)) + "…" : trimmed
    }
}

/// Reads who signed in from the GitHub REST API: `GET /user` and `GET /user/emails`.
///
/// GitHub is not an OpenID provider: there is no ID token, so this profile is what the access token
/// says. The subject is GitHub's numeric user id (logins can be renamed; ids cannot).
package struct GitHubProfileClient: Sendable {
    package let endpoints: GitHubEndpoints
    /// The id the profile is recorded under (`github.com`).
    package let providerID: String
    private let transport: any HTTPTransport

    package init(endpoints: GitHubEndpoints, providerID: String = ProviderPreset.github.id, transport: any HTTPTransport) {
        self.endpoints = endpoints
        self.providerID = providerID
        self.transport = transport
    }

    /// The person's profile. The email is the primary one, and only if GitHub has verified it;
    /// otherwise there is no email and `emailVerified` is false.
    ///
    /// HTTP 401 throws ``GitHubError/tokenRejected(message:)`` (`.invalidCredential`); other
    /// failures throw ``GitHubError/apiFailed(path:status:message:)`` (`.providerError`),
    /// except 404 on `/user/emails` (a token without `user:email`), which just means no email.
    package func fetchProfile(accessToken: String) async throws -> FederatedProfile {
        let user = try await get("/user", accessToken: accessToken)
        guard let object = user.objectValue else { throw GitHubError.invalidResponse(path: "/user", reason: "not a JSON object") }
        guard let id = user["id"]?.intValue, id > 0 else {
            throw GitHubError.invalidResponse(path: "/user", reason: "no numeric id")
        }
        let email = try await primaryVerifiedEmail(accessToken: accessToken)
        return FederatedProfile(
            providerID: providerID, subject: String(id), email: email, emailVerified: email != nil,
            displayName: user["name"]?.stringValue, photoURL: user["avatar_url"]?.stringValue,
            username: user["login"]?.stringValue, rawProfile: .object(object)
        )
    }

    /// The address marked both `primary` and `verified` in `GET /user/emails`, if any.
    func primaryVerifiedEmail(accessToken: String) async throws -> String? {
        let emails: JSONValue
        do {
            emails = try await get("/user/emails", query: "per_page=100", accessToken: accessToken)
        } catch GitHubError.apiFailed(_, 404, _) {
            return nil
        }
        guard let list = emails.arrayValue else { throw GitHubError.invalidResponse(path: "/user/emails", reason: "not a JSON array") }
        return list.first { $0["primary"]?.boolValue == true && $0["verified"]?.boolValue == true }?["email"]?.stringValue
    }

    private func get(_ path: String, query: String? = nil, accessToken: String) async throws -> JSONValue {
        let url = URL(string: endpoints.apiBase.absoluteString + path + (query.map { "?" + $0 } ?? ""))!
        let response = try await transport.send(
            HTTPRequest(url: url, headers: GitHubAPI.headers(authorization: "Bearer " + accessToken),
                        maxResponseBytes: GitHubAPI.maximumResponseBytes)
        )
        switch response.status {
        case 200:
            guard let json = try? JSONValue.parse(response.body) else {
                throw GitHubError.invalidResponse(path: path, reason: "not JSON")
            }
            return json
        case 401:
            throw GitHubError.tokenRejected(message: GitHubAPI.message(in: response.body))
        default:
            throw GitHubError.apiFailed(path: path, status: response.status, message: GitHubAPI.message(in: response.body))
        }
    }
}
