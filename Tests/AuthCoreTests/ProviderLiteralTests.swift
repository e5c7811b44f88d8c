import Foundation
import Testing

/// Provider rules are preset data (Decisions/0038): no code outside the presets decides anything
/// by comparing a provider id with `"github.com"` or `"apple.com"`. Allowed: the presets
/// (`ProviderPresets.swift`), the library's `AuthProviderID` constants (the SDK's API), the GitHub
/// kind's own folder (its host names, `github.com` and `api.github.com`, are where it talks to, not
/// a provider id), and comments.
@Suite struct ProviderLiteralTests {
    static let literals = ["\"github.com\"", "\"apple.com\""]
    static let allowed = ["AuthProviders/ProviderPresets.swift", "AuthctlKit/AuthProviderID.swift", "AuthProviders/GitHub/"]

    /// `file`'s lines that name a provider id as a string literal, comments left out.
    static func offendingLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            let code = line.components(separatedBy: "//").first ?? line
            return literals.contains { code.contains($0) }
        }
    }

    @Test func theCheckFindsALiteralAndSkipsComments() {
        #expect(Self.offendingLines("if id == \"github.com\" {}\n// \"apple.com\" in a comment\nlet x = 1") == ["if id == \"github.com\" {}"])
        #expect(Self.offendingLines("providerID != \"apple.com\"").count == 1)
    }

    @Test func noProviderIDLiteralOutsideThePresets() throws {
        let sources = SourceShapeTests.sources
        #expect(sources.count > 100)
        for file in sources where !Self.allowed.contains(where: { file.path.contains("/Sources/" + $0) }) {
            let offending = Self.offendingLines(try String(contentsOf: file, encoding: .utf8))
            #expect(offending.isEmpty, "\(file.lastPathComponent): \(offending) (make it a field of the provider's preset)")
        }
    }
}
