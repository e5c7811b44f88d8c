import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An Apple app's `GoogleService-Info.plist`, the file the Firebase console hands out and
/// `FirebaseApp.configure()` reads: an XML property list whose top-level dictionary holds
/// `API_KEY`, `PROJECT_ID`, `BUNDLE_ID`, `GOOGLE_APP_ID`, ... Parsed here, by both doors
/// (`authctl firebase use --plist`, the library's `FirebaseApp.configure()`), without Foundation:
/// the XML plist grammar's subset such files use (Apple's "plist" DTD 1.0): `dict`, `array`,
/// `key`, `string`, `integer`, `real`, `true`, `false`, `date`, `data`, comments and the
/// prologue. Binary plists and anything else are refused with the reason.
package struct GoogleServiceInfo: Sendable, Equatable {
    /// The environment variable naming the file for a program whose working directory has none
    /// (the library's `FirebaseApp.configure()`).
    package static let pathVariable = "AUTHCTL_GOOGLE_SERVICE_INFO_PLIST"
    /// Largest file accepted: the real ones are under 2 KiB.
    package static let maximumBytes = 64 * 1024
    /// A value of the top-level dictionary, as text (`true`/`false` for booleans).
    package let values: [String: String]

    /// The project the file names: its Web API key and project id, and, as the key may be
    /// restricted to the app, the app's bundle id (sent as `X-Ios-Bundle-Identifier`).
    package func project() throws(GoogleServiceInfoError) -> FirebaseProject {
        guard let apiKey = values["API_KEY"], !apiKey.isEmpty else { throw .missing("API_KEY") }
        guard let projectID = values["PROJECT_ID"], !projectID.isEmpty else { throw .missing("PROJECT_ID") }
        var project = FirebaseProject(apiKey: apiKey, projectID: projectID)
        project.clientIdentity = ClientIdentity(iosBundleID: values["BUNDLE_ID"].flatMap { $0.isEmpty ? nil : $0 }).orNil
        return project
    }

    /// Parses `bytes`, a file's contents.
    package init(bytes: [UInt8]) throws(GoogleServiceInfoError) {
        guard bytes.count <= Self.maximumBytes else { throw .malformed("it is larger than \(Self.maximumBytes) bytes") }
        guard !bytes.starts(with: Array("bplist".utf8)) else { throw .malformed("it is a binary property list; convert it with 'plutil -convert xml1'") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .malformed("it is not UTF-8 text") }
        var parser = PlistParser(Substring(text))
        values = try parser.document()
    }

    package init(values: [String: String]) { self.values = values }

    /// Reads and parses the file at `path`.
    package static func read(path: String) throws(GoogleServiceInfoError) -> GoogleServiceInfo {
        let bytes: [UInt8]
        do {
            let descriptor = try POSIX.open(path, O_RDONLY | O_CLOEXEC)
            defer { POSIX.close(descriptor) }
            bytes = try POSIX.read(descriptor, upTo: maximumBytes + 1)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        return try GoogleServiceInfo(bytes: bytes)
    }
}

/// Why a `GoogleService-Info.plist` could not be used.
package enum GoogleServiceInfoError: AuthCoreError, Equatable {
    case malformed(String)
    case missing(String)
    case unreadable(path: String, reason: String)

    package var code: ErrorCode { .configurationError }
    package var message: String {
        switch self {
        case .malformed(let reason): "the GoogleService-Info.plist is not an XML property list Firebase writes: \(reason)"
        case .missing(let key): "the GoogleService-Info.plist has no \(key); download the file again from the Firebase console"
        case .unreadable(let path, let reason): "\(path) cannot be read: \(reason)"
        }
    }
}

/// A small, strict reader of XML plists: tags in order, text with the five entities and
/// character references; no DTD processing, no external anything.
struct PlistParser {
    private var rest: Substring
    /// Deepest nesting accepted.
    static let maximumDepth = 16

    init(_ text: Substring) { rest = text }

    /// The top-level dictionary's scalar values (nested dictionaries and arrays are skipped).
    mutating func document() throws(GoogleServiceInfoError) -> [String: String] {
        skipProlog()
        guard let open = try nextTag(), open.name == "plist", !open.closing else { throw .malformed("it does not start with <plist>") }
        guard case .dictionary(let members)? = try value(depth: 0) else { throw .malformed("its top level is not a <dict>") }
        guard let close = try nextTag(), close.name == "plist", close.closing else { throw .malformed("it does not end with </plist>") }
        skipSpaceAndComments()
        guard rest.isEmpty else { throw .malformed("something follows </plist>") }
        return members.compactMapValues { if case .scalar(let text) = $0 { text } else { nil } }
    }

    enum Value { case scalar(String), dictionary([String: Value]), array }
    struct Tag { var name: String; var closing: Bool; var empty: Bool }

    private mutating func value(depth: Int) throws(GoogleServiceInfoError) -> Value? {
        guard depth < Self.maximumDepth else { throw .malformed("it nests deeper than \(Self.maximumDepth)") }
        guard let tag = try nextTag() else { throw .malformed("it ends inside a value") }
        if tag.closing { pushBack(tag); return nil }
        switch tag.name {
        case "true", "false":
            if !tag.empty { try expectClose(tag.name) }
            return .scalar(tag.name)
        case "string", "integer", "real", "date", "data":
            return .scalar(tag.empty ? "" : try text(until: tag.name))
        case "dict":
            var members: [String: Value] = [:]
            if tag.empty { return .dictionary(members) }
            while true {
                guard let keyTag = try nextTag() else { throw .malformed("a <dict> is not closed") }
                if keyTag.closing, keyTag.name == "dict" { return .dictionary(members) }
                guard keyTag.name == "key", !keyTag.closing, !keyTag.empty else { throw .malformed("a <dict> holds <\(keyTag.name)> where a <key> belongs") }
                let key = try text(until: "key")
                guard let member = try value(depth: depth + 1) else { throw .malformed("the key \(key) has no value") }
                guard members.updateValue(member, forKey: key) == nil else { throw .malformed("the key \(key) is there twice") }
            }
        case "array":
            if tag.empty { return .array }
            while try value(depth: depth + 1) != nil {}
            try expectClose("array")
            return .array
        default:
            throw .malformed("<\(tag.name)> is not a property list element")
        }
    }

    private var pushedBack: Tag?
    private mutating func pushBack(_ tag: Tag) { pushedBack = tag }

    private mutating func expectClose(_ name: String) throws(GoogleServiceInfoError) {
        guard let tag = try nextTag(), tag.closing, tag.name == name else { throw .malformed("<\(name)> is not closed") }
    }

    /// The text up to `</name>`, entities decoded.
    private mutating func text(until name: String) throws(GoogleServiceInfoError) -> String {
        guard let end = rest.firstIndex(of: "<") else { throw .malformed("<\(name)> is not closed") }
        let raw = rest[..<end]
        rest = rest[end...]
        try expectClose(name)
        return try Self.decodeEntities(raw)
    }

    private mutating func nextTag() throws(GoogleServiceInfoError) -> Tag? {
        if let tag = pushedBack { pushedBack = nil; return tag }
        skipSpaceAndComments()
        if rest.isEmpty { return nil }
        guard rest.first == "<" else { throw .malformed("text outside a value") }
        guard let end = rest.firstIndex(of: ">") else { throw .malformed("a tag is not closed") }
        var inside = rest[rest.index(after: rest.startIndex)..<end]
        rest = rest[rest.index(after: end)...]
        let closing = inside.first == "/"
        if closing { inside = inside.dropFirst() }
        let empty = inside.last == "/"
        if empty { inside = inside.dropLast() }
        let name = inside.prefix { !$0.isWhitespace }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter }) else { throw .malformed("<\(inside.prefix(20))> is not a tag") }
        return Tag(name: String(name), closing: closing, empty: empty)
    }

    private mutating func skipProlog() {
        while true {
            skipSpaceAndComments()
            guard rest.hasPrefix("<?") || rest.hasPrefix("<!DOCTYPE"), let end = rest.firstIndex(of: ">") else { return }
            rest = rest[rest.index(after: end)...]
        }
    }

    private mutating func skipSpaceAndComments() {
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard rest.hasPrefix("<!--") else { return }
            var index = rest.index(rest.startIndex, offsetBy: 4)
            while index < rest.endIndex, !rest[index...].hasPrefix("-->") { index = rest.index(after: index) }
            rest = index < rest.endIndex ? rest[rest.index(index, offsetBy: 3)...] : rest[rest.endIndex...]
        }
    }

    static func decodeEntities(_ raw: Substring) throws(GoogleServiceInfoError) -> String {
        guard raw.contains("&") else { return String(raw) }
        var out = ""
        var rest = raw
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw .malformed("an & is not an entity") }
            let name = rest[rest.index(after: amp)..<semi]
            switch name {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let number = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
                guard let scalar = number.flatMap(Unicode.Scalar.init) else { throw .malformed("&\(name.prefix(10)); is not an entity") }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
