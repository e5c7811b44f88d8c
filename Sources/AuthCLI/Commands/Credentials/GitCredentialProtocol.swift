/// What git sends a credential helper (git-credential(1), "INPUT/OUTPUT FORMAT"): `key=value`
/// lines up to a blank line or the end. A key ending in `[]` is a list (`capability[]`,
/// `wwwauth[]`, `state[]`) whose values come in order, an empty value clearing it; any other
/// key keeps its first value. Unknown keys are kept and never acted on, as git asks.
struct GitCredentialRequest: Equatable {
    /// The single-valued attributes (`protocol`, `host`, `password`, `credential`...).
    var attributes: [String: String] = [:]
    /// The list attributes, by their name without `[]`.
    var lists: [String: [String]] = [:]

    init(attributes: [String: String] = [:], lists: [String: [String]] = [:]) {
        self.attributes = attributes
        self.lists = lists
    }

    init(parsing text: String) {
        // "\r\n" is one Character in Swift: split on both line ends.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if line.isEmpty { break }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals])
            let value = String(line[line.index(after: equals)...])
            if key.hasSuffix("[]") {
                let name = String(key.dropLast(2))
                lists[name] = value.isEmpty ? [] : (lists[name] ?? []) + [value]
            } else if attributes[key] == nil {
                attributes[key] = value
            }
        }
    }

    subscript(key: String) -> String? { attributes[key] }

    /// git 2.46 and later announce `capability[]=authtype`: they take an `Authorization` header
    /// value (`authtype` + `credential`) in place of a username and password.
    var takesAuthType: Bool { lists["capability"]?.contains(GitCredentialAnswer.authTypeCapability) ?? false }

    /// The secret git was given and now reports on (`store`, `erase`): the `credential` of an
    /// authtype answer, or the password.
    var presentedSecret: String? {
        if let credential = attributes["credential"], !credential.isEmpty { return credential }
        if let password = attributes["password"], !password.isEmpty { return password }
        return nil
    }
}

/// What the helper answers a `get` with: the token as `credential` with `authtype=Bearer` when
/// git announced the `authtype` capability (marked `ephemeral`: git keeps it in no other helper,
/// and asks again next time), else as the password of `x-access-token`. The expiry goes with
/// either (`password_expiry_utc`, git 2.41 and later; older versions ignore the line).
struct GitCredentialAnswer: Equatable {
    static let authTypeCapability = "authtype"
    /// What git sends as the username with a token (GitHub documents `x-access-token`).
    static let username = "x-access-token"
    /// `git credential capability`'s format, which helpers may answer too: a version line, then
    /// one line per capability.
    static let capabilityAdvertisement = "version 0\ncapability \(authTypeCapability)\n"

    var token: String
    var expiresAt: Date?
    var bearer: Bool

    /// The answer's attributes, in the order git reads them (the capability before what needs it).
    var attributes: [(key: String, value: String)] {
        var lines: [(key: String, value: String)] =
            bearer
            ? [("capability[]", Self.authTypeCapability), ("authtype", "Bearer"), ("credential", token), ("ephemeral", "1")]
            : [("username", Self.username), ("password", token)]
        if let expiresAt { lines.append(("password_expiry_utc", String(Int(expiresAt.timeIntervalSince1970)))) }
        return lines
    }

    var text: String { attributes.map { "\($0.key)=\($0.value)\n" }.joined() }
}
