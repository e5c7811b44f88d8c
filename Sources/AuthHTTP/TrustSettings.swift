import AuthPlatform

/// The certificate authorities the environment names for TLS, as curl and OpenSSL read them:
/// `CURL_CA_BUNDLE`, else `SSL_CERT_FILE` (a PEM file of CA certificates), and `SSL_CERT_DIR` (a
/// hashed directory). Unset, libcurl's built-in default is used (on Debian and Ubuntu
/// `/etc/ssl/certs/ca-certificates.crt`). Either replaces the default, as it does for curl.
public struct TrustSettings: Sendable, Equatable {
    /// A path and the variable that named it.
    public struct Source: Sendable, Equatable {
        public var path: String
        public var variable: String

        public init(path: String, variable: String) {
            self.path = path
            self.variable = variable
        }
    }

    public var file: Source?
    public var directory: Source?

    public init(file: Source? = nil, directory: Source? = nil) {
        self.file = file
        self.directory = directory
    }

    public init(environment: EnvironmentVariables) {
        func named(_ name: String) -> Source? {
            environment[name].flatMap { $0.isEmpty ? nil : Source(path: $0, variable: name) }
        }
        self.init(file: named("CURL_CA_BUNDLE") ?? named("SSL_CERT_FILE"), directory: named("SSL_CERT_DIR"))
    }

    /// Where the CA certificates came from, for a TLS error: the configured file or directory, or
    /// the library's default (`builtIn`, when it says).
    public func describe(builtIn: String?) -> String {
        switch (file, directory) {
        case (let file?, let directory?): "\(file.path) (\(file.variable)) and \(directory.path) (\(directory.variable))"
        case (let file?, nil): "\(file.path) (\(file.variable))"
        case (nil, let directory?): "\(directory.path) (\(directory.variable))"
        case (nil, nil): builtIn.map { "\($0) (the system default)" } ?? "the system default"
        }
    }
}
