import AuthPlatform
import CCurl

/// libcurl, loaded with `dlopen` at the first request and never before: commands that send
/// nothing (`token` with a valid token, `whoami`) load no networking library at all.
enum CurlLibrary {
    /// What the dynamic loader is asked for: the SONAME every distribution's libcurl 7 and 8 carry.
    #if canImport(Darwin)
    static let defaultPath = "libcurl.4.dylib"
    #else
    static let defaultPath = "libcurl.so.4"
    #endif
    /// Names another libcurl to load (a full path, or `libcurl-gnutls.so.4`).
    static let pathVariable = "AUTHCTL_LIBCURL"

    /// Loads the library (once per process; later calls answer the first result).
    static func load(path: String) throws(HTTPTransportError) {
        var reason = [CChar](repeating: 0, count: 512)
        guard ccurl_load(path, &reason, reason.count) == 0 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .libraryMissing(library: "libcurl (\(path))", reason: text.isEmpty ? "cannot be loaded" : text)
        }
    }

    /// `libcurl/7.88.1 OpenSSL/3.0.19 ...`, after a successful load.
    static var version: String { String(cString: ccurl_version()) }
}
