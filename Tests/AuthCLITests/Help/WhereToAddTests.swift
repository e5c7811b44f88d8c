import AuthApp
import AuthProviders
import Foundation
import Testing
@testable import AuthCLI

/// Docs/Architecture.md's "Where to add..." table, row by row (issue 35, item 9): each test adds
/// one thing in the test and shows which files the real change has to touch, by what reads it and
/// which golden or table then differs. The rows a test cannot add (a target, a line in
/// `Package.swift`, a document store) are counted in the table's own words.
@Suite struct WhereToAddTests {
    /// A command: its file (``EchoCommand``, CommandListTests), one line in `CommandList`, and the
    /// goldens in HelpGolden.swift: its own help, and the list of its parent (the root's here),
    /// which names it. Completion and the manual are generated from the tree: no file.
    @Test func aCommandIsItsFileALineAndTwoGoldensInOneFile() throws {
        let entries = CommandList.entries + [.command(EchoCommand.self)]
        let root = CommandList.tree(CommandList.rootSpec, entries: entries)
        let added = Set(root.allPaths().map { $0.joined(separator: " ") }).subtracting(allCommandPaths.map { $0.joined(separator: " ") })
        #expect(added == ["echo"])
        #expect(HelpGolden.texts["echo"] == nil, "its own golden is the one to add")
        let rootGolden = try #require(HelpGolden.texts[""]) + "\n"
        #expect(HelpGenerator.help(for: []) == rootGolden && HelpGenerator.help(for: [], root: root) != rootGolden, "the root's list names it")
        #expect(CompletionGenerator.script(for: .bash, root: root).contains("echo"))
        #expect(ManualGenerator.page(root: root).contains("echo"))
    }

    /// An option: its declaration in the command's file (read in its `init`, same file) and the
    /// command's golden help. The parser, completion and the manual read the spec.
    @Test func anOptionIsItsDeclarationAndTheCommandsGolden() throws {
        var root = CommandList.root
        let index = try #require(root.subcommands.firstIndex { $0.name == "whoami" })
        root.subcommands[index].options.append(.flag("brief", help: "Say less."))
        guard case .run(let invocation) = try CommandLineParser.parse(["whoami", "--brief"], root: root) else {
            Issue.record("whoami --brief did not parse")
            return
        }
        #expect(invocation.flags == ["brief"])
        let golden = try #require(HelpGolden.texts["whoami"]) + "\n"
        #expect(HelpGenerator.help(for: ["whoami"]) == golden && HelpGenerator.help(for: ["whoami"], root: root) != golden)
        #expect(HelpGenerator.help(for: [], root: root) == HelpGolden.texts[""].map { $0 + "\n" }, "no other golden")
        #expect(CompletionGenerator.script(for: .zsh, root: root).contains("--brief"))
        #expect(ManualGenerator.page(root: root).contains("brief"))
    }

    /// A preset: its entry in `ProviderPresets` (a `static let` and its place in `builtIn`, one
    /// file), and the goldens of the commands whose help lists the presets (HelpGolden.swift).
    /// The registry, the routes and completion read the presets.
    @Test func aPresetIsItsEntryAndTheGoldensThatListThePresets() throws {
        let extra = ProviderPreset(id: "example.com", displayName: "Example", kind: .openID(issuer: "https://id.example.com"))
        let presets = ProviderPresets(ProviderPresets.builtIn.presets + [extra])
        #expect(presets.preset("example.com") == extra && presets.kind(forID: "example.com") != nil)
        #expect(presets.idSummary.contains("example.com") && presets.presetIDList.hasSuffix("example.com"))
        // The help that lists the presets: these goldens change with a preset, and no other.
        let listing = allCommandPaths.filter { path in
            let help = HelpGenerator.help(for: path) ?? ""
            return ProviderPresets.builtIn.presets.allSatisfy { help.contains($0.id) }
        }.map { $0.joined(separator: " ") }
        #expect(Set(listing) == ["signin", "link", "providers add"], "\(listing)")
    }

    /// A backend kind: no door file. Its commands and its `verify` option come from the registry
    /// (BackendSettingsCommandTests, BackendKindCommandTests run them in-process); no source of
    /// either door names a kind of `BackendRegistry.standard`, its use case or settings document, or
    /// its id, settings command or `verify` option as a literal of its own (the library's public
    /// `Auth.Backend.firebase` is the SDK's name, mapped by `BackendChoice.project`).
    @Test func noDoorSourceNamesABackendKind() throws {
        let kinds = BackendRegistry.standard.all
        let names = Set(kinds.map { String(describing: type(of: $0)) } + ["ProjectSettings", "FirebaseDocument", "FirebaseProject"])
        let words = Set(kinds.map(\.id) + kinds.compactMap { $0.settingsCommand?.name } + kinds.compactMap { $0.idTokenOption?.name })
        let sources = NoCommandTextBelowTheAdaptersTests.sources
        let files = ["AuthCLI", "AuthctlKit"].flatMap { door in
            (FileManager.default.enumerator(atPath: sources.appendingPathComponent(door).path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.map { door + "/" + $0 }
        }
        #expect(files.count > 80)
        var found: [String] = []
        for file in files {
            let source = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for name in names where source.contains(name) { found.append("\(file): \(name)") }
            for literal in SwiftStringLiterals.scan(source) where words.contains(literal.text) { found.append("\(file):\(literal.line): \"\(literal.text)\"") }
        }
        #expect(found.isEmpty, "the door names a backend:\n\(found.joined(separator: "\n"))")
        // The one a test registers has no golden: a real kind's settings command adds goldens (root list, group, actions).
        #expect(HelpGolden.texts["firebase use"] != nil && HelpGolden.texts[""]?.contains("firebase") == true)
    }
}
