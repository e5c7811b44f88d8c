import Foundation
import Testing

/// Issue 35's architecture rules that the compiler cannot hold, read from the sources: the home's
/// storage is built in one place, and the doors' vocabulary is values, never services
/// (Docs/Decisions/0048).
@Suite struct ArchitectureRulesTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

    /// Every Swift file under `folder` (relative to the package root), as (path, text).
    static func sources(under folder: String) throws -> [(path: String, text: String)] {
        let start = root.appending(path: folder)
        let files = (FileManager.default.enumerator(at: start, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "swift" }
        return try files.map { file in
            (folder + "/" + String(file.standardized.path.dropFirst(start.standardized.path.count + 1)),
             try String(contentsOf: file, encoding: .utf8))
        }.sorted { $0.path < $1.path }
    }

    /// The code of a file, comment lines left out.
    static func codeLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }

    @Test func theHomesStorageIsBuiltOnlyByTheRuntime() throws {
        let sources = try Self.sources(under: "Sources")
        #expect(sources.count > 100)
        let builders = sources.filter { file in
            Self.codeLines(file.text).contains { $0.contains("HomeDocumentStorage(") }
        }.map(\.path)
        #expect(builders == ["Sources/AuthApp/Runtime/AuthRuntime.swift"])
    }

    /// `package typealias Name = Module.Path.Type` lines of a vocabulary file.
    static func aliases(in text: String) -> [(name: String, target: String)] {
        codeLines(text).compactMap { line in
            line.firstMatch(of: #/^\s*(?:package|public)\s+typealias\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([A-Za-z_][A-Za-z0-9_.]*)\s*$/#)
                .map { (String($0.output.1), String($0.output.2)) }
        }
    }

    /// How `name` is declared in `sources`: its kinds (struct, enum, class, actor, protocol) and
    /// every conformance its declarations and extensions state.
    static func declaration(of name: String, in sources: [(path: String, text: String)]) -> (kinds: Set<String>, conformances: Set<String>) {
        var kinds = Set<String>(), conformances = Set<String>()
        let declared = try! Regex("(?:^|\\s)(struct|enum|class|actor|protocol|extension)\\s+(?:[A-Za-z_.]*\\.)?\(name)\\b([^{]*)")
        for file in sources {
            for line in codeLines(file.text) {
                guard let match = try? declared.firstMatch(in: line), let kind = match.output[1].substring else { continue }
                if kind != "extension" { kinds.insert(String(kind)) }
                let rest = match.output[2].substring.map(String.init) ?? ""
                guard let colon = rest.firstIndex(of: ":") else { continue }
                let list = rest[rest.index(after: colon)...].split(separator: "where").first ?? ""
                for item in list.split(separator: ",") {
                    conformances.insert(item.trimmingCharacters(in: .whitespaces))
                }
            }
        }
        return (kinds, conformances)
    }

    /// A value a door renders: an enum, or a struct that can be compared, stored or thrown. A
    /// service (a store, a client, a registry, a refresher) is none of these.
    static let valueConformances: Set<String> = ["Equatable", "Hashable", "Codable", "Decodable", "Encodable", "Error", "AuthCoreError"]

    static func isValue(_ declaration: (kinds: Set<String>, conformances: Set<String>)) -> Bool {
        guard !declaration.kinds.isEmpty, declaration.kinds.isSubset(of: ["struct", "enum"]) else { return false }
        return declaration.kinds == ["enum"] || !declaration.conformances.isDisjoint(with: valueConformances)
    }

    @Test func theDoorsVocabularyIsValuesNotServices() throws {
        let vocabulary = try Self.sources(under: "Sources/AuthApp/Vocabulary")
        let core = try Self.sources(under: "Sources").filter { !$0.path.hasPrefix("Sources/AuthApp/") }
        var count = 0
        for file in vocabulary {
            let codeLines = Self.codeLines(file.text).filter { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return !trimmed.isEmpty && !trimmed.hasPrefix("import ") && !trimmed.hasPrefix("///")
            }
            let aliases = Self.aliases(in: file.text)
            #expect(codeLines.count == aliases.count, "\(file.path): a vocabulary file declares typealiases only")
            for (name, target) in aliases {
                count += 1
                let declared = Self.declaration(of: String(target.split(separator: ".").last ?? ""), in: core)
                #expect(!declared.kinds.isEmpty, "\(file.path): \(name) = \(target), which no core target declares")
                #expect(Self.isValue(declared),
                        "\(file.path): \(name) = \(target) is not a value (an enum, or a struct that is Equatable, Codable or an Error): a door names values, a service stays behind a use case")
            }
        }
        #expect(count > 0 || vocabulary.isEmpty)
    }

    @Test(arguments: [
        ("package typealias AccountRecord = AuthCore.AccountRecord", ["AccountRecord": "AuthCore.AccountRecord"]),
        ("    package typealias X = AuthOAuth.ProviderCredential.Kind", ["X": "AuthOAuth.ProviderCredential.Kind"]),
        ("// package typealias Y = AuthCore.Y", [:]),
        ("let typealias = 3", [:]),
    ])
    func aliasesAreReadFromCode(line: String, expected: [String: String]) {
        let found = Dictionary(uniqueKeysWithValues: Self.aliases(in: line).map { ($0.name, $0.target) })
        #expect(found == expected)
    }

    @Test func aServiceInTheVocabularyIsFound() {
        let sources = [(path: "Sources/AuthCore/A.swift", text: """
            package final class TokenRefresher {}
            package struct AccountService: Sendable {
            package struct AccountRecord: Sendable, Codable {
            package enum FederatedPurpose: String, Sendable {
            package struct AccountError: Sendable {
            extension AccountError: Error {}
            """)]
        #expect(!Self.isValue(Self.declaration(of: "TokenRefresher", in: sources)))
        #expect(!Self.isValue(Self.declaration(of: "AccountService", in: sources)))
        #expect(Self.isValue(Self.declaration(of: "AccountRecord", in: sources)))
        #expect(Self.isValue(Self.declaration(of: "FederatedPurpose", in: sources)))
        #expect(Self.isValue(Self.declaration(of: "AccountError", in: sources)))
        #expect(Self.declaration(of: "Missing", in: sources).kinds.isEmpty)
    }
}
