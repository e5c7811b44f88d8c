import AuthPlatform

/// The proxies the environment names, as curl and most tools read them: `https_proxy` /
/// `HTTPS_PROXY` for https URLs, `http_proxy` / `HTTP_PROXY` for http ones, `all_proxy` /
/// `ALL_PROXY` for both, `no_proxy` / `NO_PROXY` for the hosts that go direct; the lower-case
/// name wins. Loopback hosts never use a proxy (a provider on 127.0.0.1 is on this machine).
/// authctl picks the proxy itself, so that an error can say which one it used and where from.
package struct ProxySettings: Sendable, Equatable {
    /// A proxy and the variable that named it.
    package struct Proxy: Sendable, Equatable {
        /// As given, for libcurl (`http://proxy:3128`, `socks5h://...`; no scheme means http).
        package var url: String
        package var variable: String

        package init(url: String, variable: String) {
            self.url = url
            self.variable = variable
        }

        /// The proxy without credentials, for messages: `http://proxy.corp:3128 (from HTTPS_PROXY)`.
        package var display: String { "\(Self.redacted(url)) (from \(variable))" }

        static func redacted(_ url: String) -> String {
            guard let at = url.lastIndex(of: "@") else { return url }
            let schemeEnd = url.firstRange(of: "://")?.upperBound ?? url.startIndex
            return schemeEnd <= at ? String(url[..<schemeEnd]) + "***@" + url[url.index(after: at)...] : url
        }
    }

    package var https: Proxy?
    package var http: Proxy?
    /// The `no_proxy` entries, lower-cased: `*`, host names and domains (`.corp.example` and
    /// `corp.example` both match the domain and its subdomains), IP addresses, IPv4 CIDR ranges.
    package var bypass: [String]

    package init(https: Proxy? = nil, http: Proxy? = nil, bypass: [String] = []) {
        self.https = https
        self.http = http
        self.bypass = bypass
    }

    package init(environment: EnvironmentVariables) {
        func named(_ names: String...) -> Proxy? {
            for name in names {
                if let value = environment[name]?.trimmingSpaces(), !value.isEmpty {
                    return Proxy(url: value, variable: name)
                }
            }
            return nil
        }
        let all = named("all_proxy", "ALL_PROXY")
        self.init(
            https: named("https_proxy", "HTTPS_PROXY") ?? all,
            http: named("http_proxy", "HTTP_PROXY") ?? all,
            bypass: (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
                .split(whereSeparator: { $0 == "," || $0 == " " })
                .map { $0.lowercased() }
        )
    }

    /// The proxy for `url`, or nil to connect directly.
    package func proxy(for url: URL) -> Proxy? {
        guard let host = url.host.map(URLPolicy.comparableHost), !host.isEmpty,
            !URLPolicy.isLoopbackHost(host), !bypasses(host)
        else { return nil }
        return url.scheme?.lowercased() == "https" ? https : http
    }

    /// Whether a `no_proxy` entry covers `host`.
    func bypasses(_ host: String) -> Bool {
        bypass.contains { entry in
            if entry == "*" { return true }
            let pattern = URLPolicy.comparableHost(Self.stripPort(entry))
            if let range = IPv4Range(pattern) { return IPv4Range.address(host).map(range.contains) ?? false }
            let domain = pattern.hasPrefix(".") ? String(pattern.dropFirst()) : pattern
            return !domain.isEmpty && (host == domain || host.hasSuffix("." + domain))
        }
    }

    /// `host:port` → `host`; an IPv6 literal keeps its colons.
    static func stripPort(_ entry: String) -> String {
        if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") { return String(entry[...close]) }
        let colons = entry.filter { $0 == ":" }.count
        guard colons == 1, let colon = entry.firstIndex(of: ":") else { return entry }
        return String(entry[..<colon])
    }
}

/// An IPv4 address or CIDR range from `no_proxy` (`10.0.0.0/8`, `192.168.1.7`).
struct IPv4Range: Equatable {
    var network: UInt32
    var prefixLength: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let address = Self.address(String(parts[0])) else { return nil }
        let length = parts.count == 2 ? Int(parts[1]) : 32
        guard let length, (0...32).contains(length) else { return nil }
        prefixLength = length
        network = address & Self.mask(length)
    }

    func contains(_ address: UInt32) -> Bool { address & Self.mask(prefixLength) == network }

    static func mask(_ length: Int) -> UInt32 { length == 0 ? 0 : UInt32.max << UInt32(32 - length) }

    /// A dotted-quad address, or nil.
    static func address(_ text: String) -> UInt32? {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var value: UInt32 = 0
        for octet in octets {
            guard octet.count <= 3, let byte = UInt8(octet), String(byte) == octet else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }
}
