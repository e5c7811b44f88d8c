import AuthHTTP
import AuthPlatform
import Foundation
import Testing

@Suite struct ProxySettingsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var environment: [String: String]
        var url: String
        /// The proxy URL and the variable it came from, or nil for a direct connection.
        var expected: (url: String, variable: String)?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "HTTPS_PROXY for https", environment: ["HTTPS_PROXY": "http://proxy:3128"], url: "https://idp.example/token",
             expected: ("http://proxy:3128", "HTTPS_PROXY")),
        Case(name: "lower case wins", environment: ["https_proxy": "http://a:1", "HTTPS_PROXY": "http://b:2"], url: "https://idp.example",
             expected: ("http://a:1", "https_proxy")),
        Case(name: "HTTP_PROXY is not for https", environment: ["HTTP_PROXY": "http://h:1"], url: "https://idp.example", expected: nil),
        Case(name: "ALL_PROXY for both", environment: ["ALL_PROXY": "socks5h://s:1080"], url: "https://idp.example",
             expected: ("socks5h://s:1080", "ALL_PROXY")),
        Case(name: "the scheme's own beats ALL_PROXY", environment: ["ALL_PROXY": "http://all:1", "HTTPS_PROXY": "http://s:2"],
             url: "https://idp.example", expected: ("http://s:2", "HTTPS_PROXY")),
        Case(name: "empty is unset", environment: ["HTTPS_PROXY": " "], url: "https://idp.example", expected: nil),
        Case(name: "127.0.0.1 is never proxied", environment: ["HTTPS_PROXY": "http://p:1", "HTTP_PROXY": "http://p:1"],
             url: "http://127.0.0.1:8080/o", expected: nil),
        Case(name: "localhost is never proxied", environment: ["HTTPS_PROXY": "http://p:1"], url: "https://localhost:8443", expected: nil),
        Case(name: "[::1] is never proxied", environment: ["HTTPS_PROXY": "http://p:1"], url: "https://[::1]:8443", expected: nil),
        Case(name: "NO_PROXY host", environment: ["HTTPS_PROXY": "http://p:1", "NO_PROXY": "idp.example"], url: "https://idp.example",
             expected: nil),
        Case(name: "NO_PROXY covers subdomains", environment: ["HTTPS_PROXY": "http://p:1", "NO_PROXY": "idp.example"],
             url: "https://login.idp.example", expected: nil),
        Case(name: "NO_PROXY is not a bare suffix", environment: ["HTTPS_PROXY": "http://p:1", "NO_PROXY": "idp.example"],
             url: "https://evilidp.example", expected: ("http://p:1", "HTTPS_PROXY")),
        Case(name: "NO_PROXY leading dot", environment: ["HTTPS_PROXY": "http://p:1", "NO_PROXY": "other, .corp.example"],
             url: "https://sso.corp.example", expected: nil),
        Case(name: "NO_PROXY with a port", environment: ["HTTPS_PROXY": "http://p:1", "NO_PROXY": "idp.example:443"],
             url: "https://idp.example", expected: nil),
        Case(name: "NO_PROXY star", environment: ["HTTPS_PROXY": "http://p:1", "NO_PROXY": "*"], url: "https://idp.example", expected: nil),
        Case(name: "NO_PROXY CIDR", environment: ["HTTPS_PROXY": "http://p:1", "NO_PROXY": "10.0.0.0/8"], url: "https://10.20.30.40",
             expected: nil),
        Case(name: "NO_PROXY CIDR miss", environment: ["HTTPS_PROXY": "http://p:1", "NO_PROXY": "10.0.0.0/8"], url: "https://11.0.0.1",
             expected: ("http://p:1", "HTTPS_PROXY")),
        Case(name: "no_proxy wins over NO_PROXY", environment: ["HTTPS_PROXY": "http://p:1", "no_proxy": "a.example", "NO_PROXY": "idp.example"],
             url: "https://idp.example", expected: ("http://p:1", "HTTPS_PROXY")),
    ]

    @Test(arguments: cases)
    func choosesTheProxyCurlWould(_ testCase: Case) throws {
        let settings = ProxySettings(environment: EnvironmentVariables(testCase.environment))
        let proxy = settings.proxy(for: try #require(URL(string: testCase.url)))
        #expect(proxy?.url == testCase.expected?.url)
        #expect(proxy?.variable == testCase.expected?.variable)
    }

    @Test func messagesNeverShowTheProxyPassword() {
        let proxy = ProxySettings.Proxy(url: "http://alice:s3cret@proxy.corp:3128", variable: "HTTPS_PROXY")
        #expect(proxy.display == "http://***@proxy.corp:3128 (from HTTPS_PROXY)")
        #expect(ProxySettings.Proxy(url: "proxy.corp:3128", variable: "https_proxy").display == "proxy.corp:3128 (from https_proxy)")
    }

    @Test func caCertificatesComeFromTheVariablesCurlReads() {
        let bundle = TrustSettings(environment: ["CURL_CA_BUNDLE": "/a.pem", "SSL_CERT_FILE": "/b.pem", "SSL_CERT_DIR": "/certs"])
        #expect(bundle.file == TrustSettings.Source(path: "/a.pem", variable: "CURL_CA_BUNDLE"))
        #expect(bundle.directory == TrustSettings.Source(path: "/certs", variable: "SSL_CERT_DIR"))
        #expect(bundle.describe(builtIn: nil) == "/a.pem (CURL_CA_BUNDLE) and /certs (SSL_CERT_DIR)")
        let file = TrustSettings(environment: ["SSL_CERT_FILE": "/b.pem"])
        #expect(file.describe(builtIn: "/etc/ssl/certs/ca-certificates.crt") == "/b.pem (SSL_CERT_FILE)")
        let none = TrustSettings(environment: ["SSL_CERT_FILE": ""])
        #expect(none.file == nil)
        #expect(none.describe(builtIn: "/etc/ssl/certs/ca-certificates.crt") == "/etc/ssl/certs/ca-certificates.crt (the system default)")
    }
}
