import AuthPlatform

/// What the environment says about the network, read once per process: proxies, CA
/// certificates, the libcurl to load, and the User-Agent authctl sends.
public struct NetworkSettings: Sendable, Equatable {
    public var proxies: ProxySettings
    public var trust: TrustSettings
    /// `AUTHCTL_LIBCURL`, or nil for the default (`libcurl.so.4`).
    public var libraryPath: String?
    /// `authctl/<version>`: providers' logs can tell authctl apart, and which version.
    public var userAgent: String

    public init(proxies: ProxySettings = ProxySettings(), trust: TrustSettings = TrustSettings(), libraryPath: String? = nil, userAgent: String) {
        self.proxies = proxies
        self.trust = trust
        self.libraryPath = libraryPath
        self.userAgent = userAgent
    }

    public init(environment: EnvironmentVariables, version: String) {
        self.init(
            proxies: ProxySettings(environment: environment), trust: TrustSettings(environment: environment),
            libraryPath: environment[CurlLibrary.pathVariable].flatMap { $0.isEmpty ? nil : $0 },
            userAgent: "authctl/\(version)"
        )
    }
}
