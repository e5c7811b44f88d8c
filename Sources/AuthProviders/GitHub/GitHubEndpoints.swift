import AuthOAuth
import AuthPlatform

/// Where GitHub's OAuth endpoints and REST API live: github.com, or a GitHub Enterprise Server
/// (`--api-base https://HOST`), which serves both from one host with the API under `/api/v3`.
package struct GitHubEndpoints: Sendable, Equatable {
    /// GHES serves the REST API under this path of its own host.
    package static let enterpriseAPIPath = "/api/v3"

    package let authorizationEndpoint: URL
    package let tokenEndpoint: URL
    /// RFC 8628 device authorization endpoint.
    package let deviceAuthorizationEndpoint: URL
    /// The REST API root, without a trailing slash.
    package let apiBase: URL

    /// github.com.
    package static let github = GitHubEndpoints(
        authorizationEndpoint: URL(string: "https://github.com/login/oauth/authorize")!,
        tokenEndpoint: URL(string: "https://github.com/login/oauth/access_token")!,
        deviceAuthorizationEndpoint: URL(string: "https://github.com/login/device/code")!,
        apiBase: URL(string: "https://api.github.com")!
    )

    package init(authorizationEndpoint: URL, tokenEndpoint: URL, deviceAuthorizationEndpoint: URL, apiBase: URL) {
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.apiBase = apiBase
    }

    /// github.com for nil, else the Enterprise Server at `apiBase` (`https://HOST[/prefix]`).
    ///
    /// Trailing slashes and a trailing `/api/v3` are dropped, so both the web and the API address
    /// of a server work; `https://github.com` and `https://api.github.com` mean github.com. The
    /// address must obey ``URLPolicy`` (plain http only on loopback, as for test servers)
    /// and may not carry credentials, a query or a fragment.
    package init(apiBase: URL?) throws(URLPolicyError) {
        guard let apiBase else {
            self = .github
            return
        }
        let text = apiBase.absoluteString
        let checked = try URLPolicy.check(text, field: "the API base URL")
        guard var components = URLComponents(url: checked, resolvingAgainstBaseURL: false), components.user == nil,
            components.password == nil
        else { throw .malformedURL(field: "the API base URL", url: text) }
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
        guard let root = components.string else { throw .malformedURL(field: "the API base URL", url: text) }
        func url(_ suffix: String) throws(URLPolicyError) -> URL {
            guard let url = URL(string: root + suffix) else { throw .malformedURL(field: "the API base URL", url: text) }
            return url
        }
        self.init(
            authorizationEndpoint: try url("/login/oauth/authorize"), tokenEndpoint: try url("/login/oauth/access_token"),
            deviceAuthorizationEndpoint: try url("/login/device/code"), apiBase: try url(Self.enterpriseAPIPath)
        )
    }

    /// `{api}/applications/{client_id}/token`: GitHub's "delete an app token".
    package func tokenDeletionURL(clientID: String) -> URL {
        URL(string: apiBase.absoluteString + "/applications/" + FormEncoding.encode(clientID) + "/token")!
    }
}
