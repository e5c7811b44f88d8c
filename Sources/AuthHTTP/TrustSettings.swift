import AuthPlatform

/// The certificate authorities the environment names for TLS, as curl and OpenSSL read them:
/// `CURL_CA_BUNDLE`, else `SSL_CERT_FILE` (a PEM file of CA certificates), and `SSL_CERT_DIR` (a
/// hashed directory). Unset, libcurl's built-in default is used (on Debian and Ubuntu
/// `/etc/ssl/certs/ca-certificates.crt`). Either replaces the default, as it does for curl.
package struct TrustSettings: Sendable, Equatable {
    /// A path and the variable that named it.
    package struct Source: Sendable, Equatable {
        package var path: String
        package var variable: String

        package init(path: String, variable: String) {
            self.path = path
            self.variable = variable
        }
    }

    package var file: Source?
    package var directory: Source?

    package init(file: Source? = nil, directory: Source? = nil) {
        self.file = file
        self.directory = directory
    }

    package init(environment: EnvironmentVariables) {
        func named(_ name: String) -> Source? {
            environment[name].flatMap { $0.isEmpty ? nil : Source(path: $0, variable: name) }
        }
        self.init(file: named("CURL_CA_BUNDLE") ?? named("SSL_CERT_FILE"), directory: named("SSL_CERT_DIR"))
    }

    /// Where the CA certificates came from, for a TLS error: the configured file or directory, or
    /// the library's default (`builtIn`, when it says).
    package func describe(builtIn: String?) -> String {
        switch (file, directory) {
        case (let file?, let directory?): "\(file.path) (\(file.variable)) and \(directory.path) (\(directory.variable))"
        case (let file?, nil): "\(file.path) (\(file.variable))"
        case (nil, let directory?): "\(directory.path) (\(directory.variable))"
        case (nil, nil): builtIn.map { "\($0) (the system default)" } ?? "the system default"
        }
    }
}
