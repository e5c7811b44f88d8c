import Foundation
import Testing

/// The project's answers are read by name in one place: the response types under
/// `Sources/AuthFirebase/Calls/` (through ``AnswerReader``). Everywhere else in AuthFirebase a
/// string-keyed subscript read (`answer["idToken"]`, `json?["error"]`) is an answer read around its
/// type, and fails here. Writes (`body["x"] = ...`) are a request being built, and dictionary
/// literals are not subscripts.
@Suite struct AnswersAreReadByTheirTypesTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AuthFirebase")

    /// Files outside Calls/ that read JSON by name, and why what they read is not an answer.
    static let notAnswers: [String: String] = [
        "FirebaseIDTokenVerifier.swift": "the header and claims of an ID token, checked on this machine",
        "GoogleServiceInfo.swift": "the keys of a GoogleService-Info.plist",
    ]

    /// A subscript with a string literal right after a value (a name, `)`, `]` or `?`), not assigned to.
    static let stringKeyRead = try! NSRegularExpression(pattern: #"[A-Za-z0-9_)\]?]\[\s*"[^"\n]*"\s*\](?!\s*=[^=])"#)

    static func reads(in line: String) -> Int {
        let code = line.components(separatedBy: "//").first ?? line
        return stringKeyRead.numberOfMatches(in: code, range: NSRange(code.startIndex..., in: code))
    }

    /// Every Swift file of AuthFirebase, by its path under the target.
    static func files() throws -> [(path: String, text: String)] {
        let paths = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test func noAnswerIsReadByNameOutsideItsResponseType() throws {
        let files = try Self.files()
        #expect(files.count > 25 && files.filter { $0.path.hasPrefix("Calls/") }.count >= 10, "the walk found \(files.map(\.path))")
        var offences: [String] = []
        for file in files where !file.path.hasPrefix("Calls/") {
            let lines = file.text.components(separatedBy: "\n")
            let found = lines.indices.filter { Self.reads(in: lines[$0]) > 0 }
            if let reason = Self.notAnswers[file.path] {
                // An allowance that no longer matches anything goes, so it cannot hide a new read.
                #expect(!found.isEmpty, "\(file.path) is allowed to read \(reason) by name, and no longer does: drop it from the list")
                continue
            }
            offences += found.map { "AuthFirebase/\(file.path):\($0 + 1): \(lines[$0].trimmingCharacters(in: .whitespaces))" }
        }
        #expect(offences.isEmpty, "answers read by name outside their response type (decode them in Calls/):\n\(offences.joined(separator: "\n"))")
    }

    @Test func onlyTheOneSendTalksToTheProjectAndTheTenantJoinsOnce() throws {
        let files = try Self.files()
        let sends = files.filter { $0.text.contains("transport.send(") }.map(\.path)
        #expect(sends == ["IdentityToolkit.swift"])
        let tenant = files.flatMap { file in file.text.components(separatedBy: "\n").filter { $0.contains("\"tenantId\"") }.map { "\(file.path): \($0)" } }
        #expect(tenant.count == 1 && tenant[0].hasPrefix("IdentityToolkit.swift"), "\(tenant)")
        let decoders = files.filter { !$0.path.hasPrefix("Calls/") && $0.text.contains("AnswerReader(") }.map(\.path)
        #expect(decoders == ["IdentityToolkit.swift"], "answers are decoded by the one send, into Calls/' types: \(decoders)")
    }

    /// The pattern finds the reads this test exists for, and leaves alone what is not one.
    @Test(arguments: [
        (#"guard let t = answer["idToken"]?.stringValue"#, 1),
        (#"let m = json?["error"]?["message"]"#, 2),
        (#"lookup["users"]?.arrayValue?.first?["mfaInfo"]"#, 2),
        (#"if merged[ "localId" ] == nil {"#, 1),
        (#"(reply)["x"]"#, 1),
        (#"body["tenantId"] = .string(tenant)"#, 0),
        (#"let details = ["serverCode": .string(code)]"#, 0),
        (#"let methods = ["password"]"#, 0),
        (#"call(["password"])"#, 0),
        (#"// answer["idToken"] in a comment"#, 0),
        (#"if answer["a"] == b {"#, 1),
    ])
    func thePatternFindsReadsAndOnlyReads(line: String, count: Int) {
        #expect(Self.reads(in: line) == count)
    }
}
