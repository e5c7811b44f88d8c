import Foundation
import Testing

/// Decisions 0011 and 0035, kept by a test: `public` only in the library product (every other
/// target's cross-module API is `package`), and one Foundation import per target.
@Suite struct AccessAndImportTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized
    /// The library product: its `public` declarations are FirebaseAuth's API.
    static let libraryTarget = "Sources/AuthctlKit"
    /// A separate package that uses the library as a client does.
    static let clientPackage = "Tests/LibraryExample"

    static func swiftFiles(under folder: String) -> [URL] {
        let start = root.appending(path: folder)
        let files = FileManager.default.enumerator(at: start, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "swift" }
    }

    static func relativePath(_ file: URL) -> String {
        String(file.standardized.path.dropFirst(root.path.count + 1))
    }

    @Test func publicIsOnlyInTheLibraryProduct() throws {
        let files = (Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests")).filter {
            let path = Self.relativePath($0)
            return !path.hasPrefix(Self.libraryTarget) && !path.hasPrefix(Self.clientPackage)
        }
        #expect(files.count > 200)
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for line in Self.linesDeclaringPublic(lines) {
                Issue.record("\(Self.relativePath(file)):\(line): `public` outside AuthctlKit; use `package` (Decision 0011)")
            }
        }
    }

    @Test func theLibraryProductStillHasItsPublicAPI() throws {
        let declarations = try Self.swiftFiles(under: Self.libraryTarget).reduce(0) {
            $0 + Self.linesDeclaringPublic(try String(contentsOf: $1, encoding: .utf8).components(separatedBy: "\n")).count
        }
        #expect(declarations > 100)
    }

    @Test(arguments: [
        ("public struct A {}", [1]),
        ("    public static func f() {}", [1]),
        ("public private(set) var x = 1", [1]),
        ("package struct A {}", []),
        ("/// a public client", []),
        ("let s = \"a public key\" // public", []),
        ("let publicKey = key.public", []),
    ])
    func publicIsFoundInCodeNotInCommentsOrStrings(line: String, expected: [Int]) {
        #expect(Self.linesDeclaringPublic([line]) == expected)
    }

    /// The 1-based numbers of the lines whose code (not a comment, not a string) uses `public`.
    static func linesDeclaringPublic(_ lines: [String]) -> [Int] {
        var result: [Int] = []
        var inMultilineString = false
        for (index, line) in lines.enumerated() {
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 {
                inMultilineString.toggle()
                continue
            }
            if inMultilineString || !line.contains("public") { continue }
            let code = line.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"").replacing(/\/\/.*$/, with: "")
            if code.contains(/(?:^|\s)public[\s(]/) { result.append(index + 1) }
        }
        return result
    }

    @Test func eachTargetImportsFoundationOnce() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.root.appending(path: "Sources").path)
        #expect(targets.count > 10)
        for target in targets {
            let importing = try Self.swiftFiles(under: "Sources/\(target)").filter {
                try String(contentsOf: $0, encoding: .utf8).contains("canImport(FoundationEssentials)")
            }
            #expect(importing.count <= 1, "Sources/\(target): \(importing.map(\.lastPathComponent)); one FoundationImport.swift per target (Decision 0035)")
        }
    }
    /// Full Foundation (CoreFoundation, ICU) stays out of the command's static binary: outside the
    /// library product, a file imports it only in Apple-only code (`#if canImport(Darwin)` or
    /// `Security`); everything else sees FoundationEssentials through its target's FoundationImport.swift.
    @Test func noTargetOfTheCommandImportsFullFoundation() throws {
        let files = Self.swiftFiles(under: "Sources").filter { !Self.relativePath($0).hasPrefix(Self.libraryTarget) }
        #expect(files.count > 150)
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            let appleOnly = lines.first.map { $0.hasPrefix("#if canImport(Darwin)") || $0.hasPrefix("#if canImport(Security)") } ?? false
            if !appleOnly, lines.contains(where: { $0.trimmingCharacters(in: .whitespaces) == "import Foundation" }) {
                Issue.record("\(Self.relativePath(file)) imports Foundation; the target's FoundationImport.swift gives it FoundationEssentials (Decision 0035)")
            }
        }
    }
}
