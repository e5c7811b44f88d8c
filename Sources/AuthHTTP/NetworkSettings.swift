import AuthPlatform

/// What the environment says about the network, read once per process: proxies, CA
/// certificates, the libcurl to load, and the User-Agent authctl sends.
package struct NetworkSettings: Sendable, Equatable {
    package var proxies: ProxySettings
    package var trust: TrustSettings
    /// `AUTHCTL_LIBCURL`, or nil for the default (`libcurl.so.4`).
    package var libraryPath: String?
    /// `authctl/<version>`: providers' logs can tell authctl apart, and which version.
    package var userAgent: String

    package init(proxies: ProxySettings = ProxySettings(), trust: TrustSettings = TrustSettings(), libraryPath: String? = nil, userAgent: String) {
        self.proxies = proxies
        self.trust = trust
        self.libraryPath = libraryPath
        self.userAgent = userAgent
    }

    package init(environment: EnvironmentVariables, version: String) {
        self.init(
            proxies: ProxySettings(environment: environment), trust: TrustSettings(environment: environment),
            libraryPath: environment[CurlLibrary.pathVariable].flatMap { $0.isEmpty ? nil : $0 },
            userAgent: "authctl/\(version)"
        )
    }
}
