import Foundation
import Testing

/// The size limits of the architecture issue, kept by a test so that growth shows in review:
/// no source file over 300 lines (the crypto field arithmetic excepted), no function over 60.
@Suite struct SourceShapeTests {
    static let maximumFileLines = 300
    static let maximumFunctionLines = 60
    /// Field arithmetic reads best as one unit (Docs/Decisions/0001).
    static let exempt: Set<String> = ["P256Field.swift"]

    static var sources: [URL] {
        let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Sources").standardized
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "swift" }
    }

    @Test func sourcesAreFound() {
        #expect(Self.sources.count > 100)
    }

    @Test func noFileIsLongerThanItShouldBe() throws {
        for file in Self.sources where !Self.exempt.contains(file.lastPathComponent) {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= Self.maximumFileLines, "\(file.lastPathComponent): \(lines.count) lines")
        }
    }

    @Test func noFunctionIsLongerThanItShouldBe() throws {
        for file in Self.sources {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            for (name, length) in Self.functionLengths(lines) {
                #expect(length <= Self.maximumFunctionLines, "\(file.lastPathComponent): \(name) has \(length) lines")
            }
        }
    }

    @Test func functionLengthsAreMeasuredFromDeclarationToClosingBrace() {
        let lines = ["struct S {", "    func a() {", "        x()", "        y()", "    }", "    init(v: Int) {", "    }",
                     "    init(w: Int) { self.w = w }", "}"]
        #expect(Self.functionLengths(lines).map(\.length) == [4, 2, 1])
    }

    /// Each `func`/`init` with a body, and its lines from the declaration to the closing brace (at the
    /// declaration's indentation), both included.
    static func functionLengths(_ lines: [String]) -> [(name: String, length: Int)] {
        let declaration = /^(\s*)(?:@\w+\s+)*(?:(?:public|package|private|fileprivate|internal|static|mutating|override|nonisolated|final)\s+)*(func|init)\b.*\{/
        var result: [(String, Int)] = []
        for (index, line) in lines.enumerated() {
            guard let match = line.firstMatch(of: declaration) else { continue }
            if line.filter({ $0 == "{" }).count == line.filter({ $0 == "}" }).count {
                result.append((line.trimmingCharacters(in: .whitespaces), 1))  // a body on one line
                continue
            }
            let indent = String(match.output.1)
            guard let end = lines[(index + 1)...].firstIndex(where: { $0.hasPrefix(indent + "}") }) else { continue }
            result.append((line.trimmingCharacters(in: .whitespaces), end - index + 1))
        }
        return result
    }
}
