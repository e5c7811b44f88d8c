import Foundation
import Testing
@testable import AuthCLI

/// The manual's ENVIRONMENT and FILES sections come from ``ReferenceTables``; these tests keep
/// the tables equal to what the code reads and writes.
@Suite struct ReferenceTablesTests {
    /// Variables authctl sets (for `exec`'s child) but never reads.
    static let written: Set<String> = ["AUTHCTL_TOKEN"]
    /// Variables only the library reads, for a call the command never makes: `Auth.useAppLanguage()`
    /// takes the program's locale (Docs/Library.md); the manual is the command's.
    static let readByTheLibraryAlone: Set<String> = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

    static var sources: [(name: String, text: String)] {
        let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../Sources").standardized
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "swift" }.compactMap { url in
            (try? String(contentsOf: url, encoding: .utf8)).map { (url.lastPathComponent, $0) }
        }
    }

    /// Every variable name the sources read through ``EnvironmentVariables``: literal subscripts
    /// (`environment["CI"]`), constants named `...Variable` (read as `environment[Self.xVariable]`),
    /// the names `named(...)` looks up (proxies, trust), and lists whose members are each read
    /// (`["DISPLAY", "WAYLAND_DISPLAY"].first { ... environment[$0] ... }`).
    static func variablesRead(in text: String) -> Set<String> {
        var names: Set<String> = []
        let literal = "\"([A-Za-z_][A-Za-z0-9_]*)\""
        let patterns = [
            try! Regex("environment\\[\\s*" + literal + "\\s*\\]"),
            try! Regex("static let \\w*Variable\\s*=\\s*" + literal),
        ]
        for pattern in patterns {
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        let lists = [try! Regex("\\bnamed\\(([^)]*)\\)"), try! Regex("\\[([^\\]\\[]*)\\]\\.first[^\\n]*environment\\[\\$0\\]")]
        for pattern in lists {
            for match in text.matches(of: pattern) {
                guard let inside = match.output[1].substring else { continue }
                for name in inside.matches(of: try! Regex(literal)) {
                    if let value = name.output[1].substring { names.insert(String(value)) }
                }
            }
        }
        return names
    }

    @Test func theScanFindsTheVariablesOfEveryKindOfRead() {
        let found = Self.sources.reduce(into: Set<String>()) { $0.formUnion(Self.variablesRead(in: $1.text)) }
        for name in ["CI", "AUTHCTL_TIMEOUT", "no_proxy", "HTTPS_PROXY", "CURL_CA_BUNDLE", "DISPLAY", "SSH_TTY", "GITLAB_OIDC_TOKEN"] {
            #expect(found.contains(name), "the scan misses \(name)")
        }
        #expect(Self.variablesRead(in: #"let x = ["A_B", "C"].first { isSet(environment[$0]) }"#) == ["A_B", "C"])
    }

    @Test func everyVariableReadIsInTheTable() {
        let table = Set(ReferenceTables.variables.flatMap(\.names))
        for (file, text) in Self.sources {
            for name in Self.variablesRead(in: text).subtracting(Self.written).subtracting(Self.readByTheLibraryAlone) {
                #expect(table.contains(name), "\(file) reads \(name), which ReferenceTables.variables (the manual's ENVIRONMENT) lacks")
            }
        }
    }

    @Test func theManualListsEveryDocumentedVariableAndFileAndNoTestHook() {
        let page = ManualGenerator.page()
        let environment = try! #require(page.components(separatedBy: ".SH ENVIRONMENT\n").last?.components(separatedBy: ".SH FILES").first)
        for name in ReferenceTables.documentedVariableNames {
            #expect(environment.contains(ManualGenerator.text(name)), "\(name)")
        }
        #expect(!page.contains("AUTHCTL_TEST_HOLD_REFRESH"))
        let files = try! #require(page.components(separatedBy: ".SH FILES\n").last)
        for (name, _) in ReferenceTables.files {
            #expect(files.contains(".I \(ManualGenerator.text(name))\n"), "\(name)")
        }
        #expect(files.contains(".I pending.json\n") && !page.contains("pending-credential"))
    }

    /// README's "Files" table names the same files as the manual's (each row's first name).
    @Test func theReadmeFilesTableIsTheSame() throws {
        let readme = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Files\n").last?.components(separatedBy: "\n## ").first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let names = rows.compactMap { $0.firstMatch(of: /^\| `([^`]+)`/).map { String($0.output.1) } }
        #expect(names == ReferenceTables.files.map(\.name))
    }

    /// The documents the code stores, by their `fileName`, are each in the files table.
    @Test func everyStoredDocumentIsInTheFilesTable() {
        let table = Set(ReferenceTables.files.map(\.name))
        let declaration = try! Regex("static let fileName = \"([^\"]+)\"")
        var found = 0
        for (file, text) in Self.sources {
            for match in text.matches(of: declaration) {
                guard let name = match.output[1].substring else { continue }
                found += 1
                #expect(table.contains(String(name)), "\(file) stores \(name), which ReferenceTables.files (the manual's FILES) lacks")
            }
        }
        #expect(found >= 7)
    }
}
