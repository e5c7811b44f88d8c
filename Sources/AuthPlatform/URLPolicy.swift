/// Where authctl may send a request or a person: https anywhere, plain http to loopback hosts
/// only (RFC 8252 §8.3 for the redirect; the same reasoning lets test and demo providers run on
/// 127.0.0.1). Provider issuers, every endpoint from discovery, and the transport all obey it.
package enum URLPolicy {
    /// Throws unless `string` is an absolute https URL, or http on a loopback host, with a host,
    /// and without fragment or (unless `allowQuery`) query (OpenID Discovery §3: the issuer has
    /// neither). `field` names the value in the error (`issuer`, `token_endpoint`, `--api-base`).
    @discardableResult
    package static func check(_ string: String, field: String, allowQuery: Bool = false) throws(URLPolicyError) -> URL {
        guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty, components.fragment == nil,
            allowQuery || components.query == nil, let url = components.url
        else { throw .malformedURL(field: field, url: string) }
        switch scheme {
        case "https": return url
        case "http" where isLoopbackHost(host): return url
        case "http": throw .insecureURL(field: field, url: string)
        default: throw .malformedURL(field: field, url: string)
        }
    }

    /// Why a transport must not send to `url`, or nil when it may: https to any host, http to a
    /// loopback host, nothing else. The transports' own check, after every configured URL passed
    /// ``check(_:field:allowQuery:)``.
    package static func refusal(toSend url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return "not an absolute URL" }
        switch scheme {
        case "https": return nil
        case "http" where isLoopbackHost(host): return nil
        case "http": return "plain http is allowed only to loopback hosts; use https"
        default: return "only http and https are spoken"
        }
    }

    /// A host as hosts are compared: lower-case, an IPv6 literal without its brackets.
    package static func comparableHost(_ host: some StringProtocol) -> String {
        host.lowercased().trimming(while: { "[]".contains($0) })
    }

    /// 127.0.0.0/8, ::1 and localhost.
    package static func isLoopbackHost(_ rawHost: String) -> Bool {
        let host = comparableHost(rawHost)
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            guard let value = Int(octet), (0...255).contains(value), String(value) == octet else { return false }
            return true
        }
    }
}

/// A URL that ``URLPolicy`` refuses (a configuration error: the fix is another URL).
package enum URLPolicyError: AuthCoreError, Equatable {
    /// Plain http to a host that is not loopback.
    case insecureURL(field: String, url: String)
    /// Not an absolute http(s) URL with a host, or it has a fragment or an unwanted query.
    case malformedURL(field: String, url: String)

    package var code: ErrorCode { .configurationError }

    package var message: String {
        switch self {
        case .insecureURL(let field, let url):
            "\(field) '\(url)' must use https (plain http is allowed only for loopback hosts)"
        case .malformedURL(let field, let url):
            "\(field) '\(url)' is not an absolute URL without query or fragment"
        }
    }
}
