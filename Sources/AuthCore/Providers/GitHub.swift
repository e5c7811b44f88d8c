import Foundation

/// Where GitHub's OAuth endpoints and REST API live: github.com, or a GitHub Enterprise Server
/// (`--api-base https://HOST`), which serves both from one host with the API under `/api/v3`.
public struct GitHubEndpoints: Sendable, Equatable {
    /// The provider id of GitHub, as in the Firebase SDK.
    public static let providerID = "github.com"
    /// `read:user` for the profile, `user:email` for `GET /user/emails`.
    public static let defaultScopes = ["read:user", "user:email"]
    /// GHES serves the REST API under this path of its own host.
    public static let enterpriseAPIPath = "/api/v3"

    public let authorizationEndpoint: URL
    public let tokenEndpoint: URL
    /// RFC 8628 device authorization endpoint.
    public let deviceAuthorizationEndpoint: URL
    /// The REST API root, without a trailing slash.
    public let apiBase: URL

    /// github.com.
    public static let github = GitHubEndpoints(
        authorizationEndpoint: URL(string: "https://github.com/login/oauth/authorize")!,
        tokenEndpoint: URL(string: "https://github.com/login/oauth/access_token")!,
        deviceAuthorizationEndpoint: URL(string: "https://github.com/login/device/code")!,
        apiBase: URL(string: "https://api.github.com")!
    )

    public init(authorizationEndpoint: URL, tokenEndpoint: URL, deviceAuthorizationEndpoint: URL, apiBase: URL) {
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.apiBase = apiBase
    }

    /// github.com for nil, else the Enterprise Server at `apiBase` (`https://HOST[/prefix]`).
    ///
    /// Trailing slashes and a trailing `/api/v3` are dropped, so both the web and the API address
    /// of a server work; `https://github.com` and `https://api.github.com` mean github.com. The
    /// address must obey ``ProviderURLPolicy`` (plain http only on loopback, as for test servers)
    /// and may not carry credentials, a query or a fragment.
    public init(apiBase: URL?) throws(ProviderError) {
        guard let apiBase else {
            self = .github
            return
        }
        let text = apiBase.absoluteString
        let checked = try ProviderURLPolicy.check(text, field: "--api-base")
        guard var components = URLComponents(url: checked, resolvingAgainstBaseURL: false), components.user == nil,
            components.password == nil
        else { throw .malformedURL(field: "--api-base", url: text) }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        if path.lowercased().hasSuffix(Self.enterpriseAPIPath) { path.removeLast(Self.enterpriseAPIPath.count) }
        while path.hasSuffix("/") { path.removeLast() }
        let host = components.host?.lowercased() ?? ""
        if components.scheme?.lowercased() == "https", components.port == nil, path.isEmpty,
            host == "github.com" || host == "api.github.com"
        {
            self = .github
            return
        }
        components.path = path
        guard let root = components.string else { throw .malformedURL(field: "--api-base", url: text) }
        func url(_ suffix: String) throws(ProviderError) -> URL {
            guard let url = URL(string: root + suffix) else { throw .malformedURL(field: "--api-base", url: text) }
            return url
        }
        self.init(
            authorizationEndpoint: try url("/login/oauth/authorize"), tokenEndpoint: try url("/login/oauth/access_token"),
            deviceAuthorizationEndpoint: try url("/login/device/code"), apiBase: try url(Self.enterpriseAPIPath)
        )
    }

    /// `{api}/applications/{client_id}/token`: GitHub's "delete an app token".
    public func tokenDeletionURL(clientID: String) -> URL {
        URL(string: apiBase.absoluteString + "/applications/" + FormEncoding.encode(clientID) + "/token")!
    }
}

/// The headers every GitHub REST call sends.
public enum GitHubAPI {
    /// GitHub's REST media type.
    public static let mediaType = "application/vnd.github+json"
    /// The REST API version authctl is written against.
    public static let apiVersion = "2022-11-28"
    /// GitHub refuses requests without a User-Agent.
    public static let userAgent = "authctl"
    /// Profiles and email lists are small.
    public static let maximumResponseBytes = 256 * 1024
    /// Longest piece of a GitHub error `message` quoted back to the person.
    static let maximumMessageLength = 200

    static func headers(authorization: String) -> [(name: String, value: String)] {
        [("Authorization", authorization), ("Accept", mediaType), ("X-GitHub-Api-Version", apiVersion), ("User-Agent", userAgent)]
    }

    /// GitHub's `{"message": ...}`, without control characters and cut short.
    static func message(in body: [UInt8]) -> String? {
        guard let message = (try? JSONValue.parse(body))?["message"]?.stringValue else { return nil }
        let clean = String(String.UnicodeScalarView(message.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        let trimmed = clean.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > maximumMessageLength ? String(trimmed.prefix(maximumMessageLength)) + "…" : trimmed
    }
}

/// Reads who signed in from the GitHub REST API: `GET /user` and `GET /user/emails`.
///
/// GitHub is not an OpenID provider: there is no ID token, so this profile is what the access token
/// says. The subject is GitHub's numeric user id (logins can be renamed; ids cannot).
public struct GitHubProfileClient: Sendable {
    public let endpoints: GitHubEndpoints
    private let transport: any HTTPTransport

    public init(endpoints: GitHubEndpoints, transport: any HTTPTransport) {
        self.endpoints = endpoints
        self.transport = transport
    }

    /// The person's profile. The email is the primary one, and only if GitHub has verified it;
    /// otherwise there is no email and `emailVerified` is false.
    ///
    /// HTTP 401 throws ``OAuthError/githubTokenRejected(message:)`` (`.invalidCredential`); other
    /// failures throw ``OAuthError/githubAPIFailed(path:status:message:)`` (`.providerError`),
    /// except 404 on `/user/emails` (a token without `user:email`), which just means no email.
    public func fetchProfile(accessToken: String) async throws -> FederatedProfile {
        let user = try await get("/user", accessToken: accessToken)
        guard let object = user.objectValue else { throw OAuthError.invalidGitHubResponse(path: "/user", reason: "not a JSON object") }
        guard let id = user["id"]?.intValue, id > 0 else {
            throw OAuthError.invalidGitHubResponse(path: "/user", reason: "no numeric id")
        }
        let email = try await primaryVerifiedEmail(accessToken: accessToken)
        return FederatedProfile(
            providerID: GitHubEndpoints.providerID, subject: String(id), email: email, emailVerified: email != nil,
            displayName: user["name"]?.stringValue, photoURL: user["avatar_url"]?.stringValue,
            username: user["login"]?.stringValue, rawProfile: .object(object)
        )
    }

    /// The address marked both `primary` and `verified` in `GET /user/emails`, if any.
    func primaryVerifiedEmail(accessToken: String) async throws -> String? {
        let emails: JSONValue
        do {
            emails = try await get("/user/emails", query: "per_page=100", accessToken: accessToken)
        } catch OAuthError.githubAPIFailed(_, 404, _) {
            return nil
        }
        guard let list = emails.arrayValue else { throw OAuthError.invalidGitHubResponse(path: "/user/emails", reason: "not a JSON array") }
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
                throw OAuthError.invalidGitHubResponse(path: path, reason: "not JSON")
            }
            return json
        case 401:
            throw OAuthError.githubTokenRejected(message: GitHubAPI.message(in: response.body))
        default:
            throw OAuthError.githubAPIFailed(path: path, status: response.status, message: GitHubAPI.message(in: response.body))
        }
    }
}
