import Foundation
import Testing

/// Issue 35: the front doors (AuthCLI, AuthctlKit) reach the engine through the application layer
/// only. Until every door file does, this is a ratchet: a door file imports a core target only if
/// `remaining` lists that import, the list can only shrink (an import it lists that is gone fails
/// until its line goes too), and once it is empty the manifest gives each door AuthApp (and
/// AuthPlatform) alone, which the compiler then enforces.
@Suite struct DoorsDependOnTheApplicationLayerTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized
    static let doors = ["AuthCLI", "AuthctlKit"]
    /// What a door may depend on: the application layer, and the error vocabulary and JSON values.
    static let allowed: Set<String> = ["AuthApp", "AuthPlatform"]
    static let cTargets: Set<String> = ["CCurl", "CSecret", "CSignals", "CDynamicLibrary"]
    /// The door files that still import a core target, and which: empty since wave 5's second
    /// session, and kept so (a door file that imports one fails).
    static let remaining: [String: Set<String>] = [:]

    static func manifest() throws -> String {
        try String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8)
    }

    /// The names in a target's `dependencies: [...]` in the manifest's text.
    static func dependencies(of target: String, in manifest: String) -> [String]? {
        let declaration = #/\.target\(\s*name:\s*"(?<name>[A-Za-z]+)"\s*,\s*dependencies:\s*\[(?<list>[^\]]*)\]/#
        for match in manifest.matches(of: declaration) where match.output.name == target {
            return match.output.list.matches(of: #/"([A-Za-z]+)"/#).map { String($0.output.1) }
        }
        return nil
    }

    @Test(arguments: doors)
    func theManifestGivesTheDoorOnlyWhatItsFilesStillImport(door: String) throws {
        let listed = try #require(Self.dependencies(of: door, in: try Self.manifest()), "Package.swift declares no target \(door)")
        #expect(listed.contains("AuthApp"))
        let stillImported = Self.remaining.filter { $0.key.hasPrefix("Sources/\(door)/") }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        for name in listed where !Self.allowed.contains(name) && !stillImported.contains(name) {
            Issue.record("Package.swift: \(door) depends on \(name), which none of its files imports any more: remove it")
        }
    }

    @Test(arguments: doors)
    func noDoorFileImportsACoreTargetBeyondTheRemainingList(door: String) throws {
        let start = Self.root.appending(path: "Sources/\(door)")
        let files = (FileManager.default.enumerator(at: start, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 10)
        var seen: [String: Set<String>] = [:]
        for file in files {
            let path = "Sources/\(door)/" + String(file.standardized.path.dropFirst(start.standardized.path.count + 1))
            let core = Set(Self.importedModules(try String(contentsOf: file, encoding: .utf8)).filter {
                ($0.hasPrefix("Auth") || Self.cTargets.contains($0)) && !Self.allowed.contains($0)
            })
            if !core.isEmpty { seen[path] = core }
            for module in core.subtracting(Self.remaining[path] ?? []) {
                Issue.record("\(path) imports \(module); a door reaches the engine through AuthApp (issue 35)")
            }
        }
        for (path, modules) in Self.remaining where path.hasPrefix("Sources/\(door)/") {
            for module in modules.subtracting(seen[path] ?? []) {
                Issue.record("\(path) no longer imports \(module): take it off `remaining`, so it cannot come back")
            }
        }
    }

    static func importedModules(_ source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            line.firstMatch(of: #/^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:internal|package|public|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|typealias|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)/#)
                .map { String($0.output.1) }
        }
    }

    @Test(arguments: [
        ("import AuthCore", ["AuthCore"]),
        ("internal import AuthOAuth", ["AuthOAuth"]),
        ("@_exported import FoundationEssentials", ["FoundationEssentials"]),
        ("import struct AuthStorage.HomeDirectory", ["AuthStorage"]),
        ("// import AuthCore", []),
        ("let x = \"import AuthCore\"", []),
    ])
    func importsAreReadFromCode(line: String, expected: [String]) {
        #expect(Self.importedModules(line) == expected)
    }

    @Test func theManifestReaderFindsTheCoreTargetsDependencies() throws {
        let core = try #require(Self.dependencies(of: "AuthCore", in: try Self.manifest()))
        #expect(core.contains("AuthProviders"))
    }
}
