import AuthPlatform

/// An answer of the project (strict JSON, parsed by ``JSONValue``), read by its response type and
/// by nothing else: the one place members are looked up by name. An optional member that is
/// missing, null or of another type reads as nil; a response type turns a required one that
/// reads nil into ``invalid(_:)``, a typed error naming the call, never a crash.
struct AnswerReader: Sendable {
    /// The call answered, for errors.
    let method: String
    let members: [String: JSONValue]

    /// The answer, which must be a JSON object.
    init(_ answer: JSONValue, method: String) throws(FirebaseError) {
        guard let members = answer.objectValue else { throw .invalidResponse(method: method, reason: "not a JSON object") }
        self.init(members: members, method: method)
    }

    private init(members: [String: JSONValue], method: String) {
        self.members = members
        self.method = method
    }

    /// The answer is unusable: `reason` says which required member it lacks.
    func invalid(_ reason: String) -> FirebaseError {
        .invalidResponse(method: method, reason: reason)
    }

    func contains(_ key: String) -> Bool { members[key] != nil }
    func string(_ key: String) -> String? { members[key]?.stringValue }
    /// A string member that is there and not empty.
    func nonEmptyString(_ key: String) -> String? { string(key).flatMap { $0.isEmpty ? nil : $0 } }
    func bool(_ key: String) -> Bool? { members[key]?.boolValue }
    func int(_ key: String) -> Int? { members[key]?.intValue }
    /// The string elements of an array member.
    func strings(_ key: String) -> [String]? { members[key]?.arrayValue?.compactMap(\.stringValue) }

    /// `expires_in` / `expiresIn`: seconds as a string (Identity Toolkit) or a number.
    func seconds(_ key: String) -> Int? {
        int(key) ?? string(key).flatMap { Int($0) }
    }

    /// Identity Toolkit's times: milliseconds since 1970, as a string (or a number).
    func milliseconds(_ key: String) -> Date? {
        guard let number = string(key).flatMap({ Double($0) }) ?? members[key]?.numberValue, number.isFinite, number >= 0 else { return nil }
        return Date(timeIntervalSince1970: number / 1000)
    }

    /// A JSON document inside a string member (signInWithIdp's `rawUserInfo`).
    func embeddedDocument(_ key: String) -> JSONValue? {
        string(key).flatMap { try? JSONValue.parse(Array($0.utf8)) }
    }

    /// An object member, read the same way.
    func object(_ key: String) -> AnswerReader? {
        members[key]?.objectValue.map { AnswerReader(members: $0, method: method) }
    }

    /// The object elements of an array member.
    func objects(_ key: String) -> [AnswerReader] {
        (members[key]?.arrayValue ?? []).compactMap { $0.objectValue.map { AnswerReader(members: $0, method: method) } }
    }
}
