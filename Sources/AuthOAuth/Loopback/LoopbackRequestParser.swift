import AuthPlatform

/// The head of one HTTP/1.x request to the loopback listener, as parsed (RFC 9112 §2-§5).
struct LoopbackRequestHead: Sendable, Equatable {
    /// The method token, case-sensitive (RFC 9110 §9.1): `GET`, `HEAD`, ...
    var method: String
    /// The path in origin form, not percent-decoded; an absolute-form target is reduced to this.
    var path: String
    /// The query without its `?`, not decoded; nil when the target has no `?`.
    var query: String?
    /// The query decoded as application/x-www-form-urlencoded.
    var parameters: [CallbackParameter]
    /// `HTTP/1.0` or `HTTP/1.1`.
    var version: String
    /// Header fields in order, names as received, values without surrounding whitespace.
    var headers: [LoopbackHeaderField]
    /// Bytes of the head, including the empty line that ends it.
    var length: Int
}

/// One header field line.
struct LoopbackHeaderField: Sendable, Equatable {
    var name: String
    var value: String
}

/// Why a request head is refused, and the status that says so.
enum LoopbackRequestError: Error, Sendable, Equatable {
    /// No complete head within ``LoopbackRequestParser/maximumHeadBytes``.
    case headTooLarge
    case tooManyHeaderFields
    /// Not `method SP target SP version` (RFC 9112 §3).
    case invalidRequestLine
    /// Only `method SP target` (an HTTP/0.9 request).
    case missingVersion
    case invalidMethod
    case invalidVersion
    /// An HTTP version other than 1.x.
    case unsupportedVersion
    /// A target with forbidden bytes, or in authority or asterisk form.
    case invalidTarget
    /// An absolute-form target naming a host other than this loopback listener.
    case nonLoopbackTarget
    /// A header line without a token name and a colon, or with whitespace before the colon (RFC 9112 §5.1).
    case invalidHeaderField
    /// A header line that continues the previous one (obs-fold, RFC 9112 §5.2).
    case obsoleteLineFolding
    /// NUL or another control byte where none is allowed.
    case controlCharacter
    /// A CR not followed by LF (RFC 9112 §2.2).
    case bareCarriageReturn
    /// An HTTP/1.1 request without exactly one Host (RFC 9112 §3.2).
    case missingHost
    case repeatedHost
    /// A Host that is not 127.0.0.1, [::1] or localhost (a DNS-rebinding guard).
    case nonLoopbackHost
    /// A `%` not followed by two hex digits.
    case invalidPercentEncoding
    /// Percent-decoded bytes that are not UTF-8.
    case invalidUTF8
    /// A POST without one `Content-Length` (or with `Transfer-Encoding`).
    case lengthRequired
    case invalidContentLength
    /// A POST body over ``LoopbackFormBody/maximumBytes``.
    case bodyTooLarge
    /// A POST body that is not a form (`application/x-www-form-urlencoded`).
    case unsupportedMediaType

    /// The response status for this refusal.
    var status: LoopbackHTTPStatus {
        switch self {
        case .headTooLarge, .tooManyHeaderFields: .requestHeaderFieldsTooLarge
        case .unsupportedVersion: .httpVersionNotSupported
        case .lengthRequired: .lengthRequired
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        default: .badRequest
        }
    }
}

/// A pure HTTP/1.x request-head parser: bytes in, a head (or "need more bytes") or an error out.
///
/// Decisions: lines end in CRLF, and a bare LF is accepted as a line end too (RFC 9112 §2.2 allows a
/// recipient to); a bare CR is refused. Empty lines before the request line are skipped (§2.2).
/// Target bytes must be visible ASCII without `#`, the way browsers send them (WHATWG URL encodes
/// the rest). Only a form POST's body is read (``LoopbackFormBody``); every response closes the
/// connection. The parser looks at
/// the bytes received so far and fails as early as it can, so garbage is refused before the
/// size limit is reached.
enum LoopbackRequestParser {
    /// The most bytes a request head may take, request line and empty line included.
    static let maximumHeadBytes = 16 * 1024
    /// The most header fields a request may carry.
    static let maximumHeaderFields = 100

    enum Outcome: Sendable, Equatable {
        case needMoreBytes
        case complete(LoopbackRequestHead)
    }

    static func parse(_ bytes: [UInt8]) throws(LoopbackRequestError) -> Outcome {
        var index = 0
        var requestLine: ArraySlice<UInt8>?
        var fields: [LoopbackHeaderField] = []
        while true {
            guard let newline = bytes[index...].firstIndex(of: .lineFeed) else {
                try checkIncompleteLine(bytes[index...])
                if bytes.count > maximumHeadBytes { throw .headTooLarge }
                return .needMoreBytes
            }
            let lineEnd = newline > index && bytes[newline - 1] == .carriageReturn ? newline - 1 : newline
            let line = bytes[index..<lineEnd]
            index = newline + 1
            if index > maximumHeadBytes { throw .headTooLarge }
            if line.contains(.carriageReturn) { throw .bareCarriageReturn }
            guard requestLine != nil else {
                if !line.isEmpty { requestLine = line }  // RFC 9112 §2.2: skip empty lines before it
                continue
            }
            if line.isEmpty { break }
            guard fields.count < maximumHeaderFields else { throw .tooManyHeaderFields }
            fields.append(try parseField(line))
        }
        guard let requestLine else { return .needMoreBytes }  // unreachable: the loop breaks only after one
        var head = try parseRequestLine(requestLine)
        head.headers = fields
        head.length = index
        try checkHost(fields, version: head.version)
        return .complete(head)
    }

    /// Refuses a partial line early when it already holds a byte no request line or field may hold.
    private static func checkIncompleteLine(_ tail: ArraySlice<UInt8>) throws(LoopbackRequestError) {
        for (offset, byte) in zip(tail.indices, tail) where byte.isControl && byte != .tab {
            if byte == .carriageReturn && offset == tail.endIndex - 1 { continue }
            throw byte == .carriageReturn ? .bareCarriageReturn : .controlCharacter
        }
    }

    // MARK: Request line (RFC 9112 §3)

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(LoopbackRequestError) -> LoopbackRequestHead {
        if line.contains(where: { $0.isControl }) { throw .controlCharacter }
        let parts = line.split(separator: .space, omittingEmptySubsequences: false)
        if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty { throw .missingVersion }
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else { throw .invalidRequestLine }
        guard parts[0].allSatisfy(\.isTokenCharacter) else { throw .invalidMethod }
        let version = try parseVersion(parts[2])
        let (path, query) = try parseTarget(parts[1])
        var parameters: [CallbackParameter] = []
        if let query { parameters = try LoopbackQueryDecoder.decode(query.utf8) }
        return LoopbackRequestHead(
            method: String(decoding: parts[0], as: UTF8.self), path: path, query: query, parameters: parameters,
            version: version, headers: [], length: 0)
    }

    /// `HTTP/1.0` or `HTTP/1.1`; any other `HTTP/d.d` is unsupported, anything else invalid (RFC 9112 §2.3).
    private static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(LoopbackRequestError) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let digits = Array(bytes.dropFirst(5))
        guard text.hasPrefix("HTTP/"), digits.count == 3, digits[0].isDigit, digits[1] == UInt8(ascii: "."), digits[2].isDigit
        else { throw .invalidVersion }
        guard digits[0] == UInt8(ascii: "1") else { throw .unsupportedVersion }
        return text
    }

    /// The path and raw query of an origin-form target, or of an absolute-form one naming this host.
    private static func parseTarget(_ bytes: ArraySlice<UInt8>) throws(LoopbackRequestError) -> (path: String, query: String?) {
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }) else { throw .invalidTarget }
        var target = Substring(String(decoding: bytes, as: UTF8.self))
        if !target.hasPrefix("/") {
            // Absolute form (RFC 9112 §3.2.2) is accepted for http://<loopback host> only.
            guard target.lowercased().hasPrefix("http://") else { throw .invalidTarget }
            target = target.dropFirst("http://".count)
            let authorityEnd = target.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? target.endIndex
            guard isLoopbackAuthority(target[..<authorityEnd]) else { throw .nonLoopbackTarget }
            target = target[authorityEnd...]
            if !target.hasPrefix("/") { target = "/" + target }
        }
        guard let question = target.firstIndex(of: "?") else { return (String(target), nil) }
        return (String(target[..<question]), String(target[target.index(after: question)...]))
    }

    // MARK: Header fields (RFC 9112 §5)

    private static func parseField(_ line: ArraySlice<UInt8>) throws(LoopbackRequestError) -> LoopbackHeaderField {
        if line.first == .space || line.first == .tab { throw .obsoleteLineFolding }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .invalidHeaderField }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(\.isTokenCharacter) else {
            throw name.contains(where: { $0.isControl }) ? .controlCharacter : .invalidHeaderField
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == .space || first == .tab { value = value.dropFirst() }
        while let last = value.last, last == .space || last == .tab { value = value.dropLast() }
        guard !value.contains(where: { $0.isControl && $0 != .tab }) else { throw .controlCharacter }
        // Values may hold obs-text (0x80-0xFF); decoded leniently, since only Host is read.
        return LoopbackHeaderField(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    /// One Host for HTTP/1.1 (at most one for 1.0), naming this loopback listener.
    private static func checkHost(_ fields: [LoopbackHeaderField], version: String) throws(LoopbackRequestError) {
        let hosts = fields.filter { $0.name.lowercased() == "host" }
        guard hosts.count <= 1 else { throw .repeatedHost }
        guard let host = hosts.first else {
            if version == "HTTP/1.0" { return }
            throw .missingHost
        }
        guard isLoopbackAuthority(Substring(host.value)) else { throw .nonLoopbackHost }
    }

    /// `127.0.0.1`, `[::1]` or `localhost`, with an optional port.
    static func isLoopbackAuthority(_ authority: Substring) -> Bool {
        var host = authority
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            let port = authority[authority.index(after: colon)...]
            guard port.count <= 5, port.utf8.allSatisfy(\.isDigit), (Int(port) ?? 0) <= 65535 else { return false }
            host = authority[..<colon]
        }
        return host == "127.0.0.1" || host == "[::1]" || host.lowercased() == "localhost"
    }
}

/// application/x-www-form-urlencoded decoding (WHATWG URL §5.1): `&`-separated pairs, `+` is a
/// space, `%XX` a byte; empty pairs are skipped; a name without `=` has an empty value.
enum LoopbackQueryDecoder {
    static func decode(_ query: some Collection<UInt8>) throws(LoopbackRequestError) -> [CallbackParameter] {
        var parameters: [CallbackParameter] = []
        for pair in query.split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let name = try decodeComponent(pair[pair.startIndex..<equals])
            let value = equals == pair.endIndex ? "" : try decodeComponent(pair[pair.index(after: equals)...])
            parameters.append(CallbackParameter(name: name, value: value))
        }
        return parameters
    }

    static func decodeComponent(_ bytes: some Collection<UInt8>) throws(LoopbackRequestError) -> String {
        guard let decoded = PercentDecoding.decode(bytes, plusIsSpace: true) else { throw .invalidPercentEncoding }
        guard let text = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }
}

extension UInt8 {
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let space = UInt8(ascii: " ")

    /// CTL (RFC 5234 B.1): 0x00-0x1F and DEL.
    fileprivate var isControl: Bool { self < 0x20 || self == 0x7F }
    fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    /// tchar (RFC 9110 §5.6.2).
    fileprivate var isTokenCharacter: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(self)
        }
    }
}
