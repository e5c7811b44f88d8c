import Testing
@testable import AuthCLI

/// The completion scripts and the manual page are generated from the command table: every
/// visible command and option must appear in each, and nothing hidden.
@Suite struct CompletionManualTests {
    static let visiblePaths = CommandList.root.allPaths().filter { path in
        !path.isEmpty && (1...path.count).allSatisfy { CommandList.root.descendant(at: Array(path.prefix($0)))?.isHidden == false }
    }

    static func visibleOptions(_ path: [String]) -> [String] {
        (CommandList.root.descendant(at: path)?.options ?? []).filter { !$0.isHidden }.map { "--" + $0.long }
    }

    @Test(arguments: CompletionGenerator.Shell.allCases)
    func everyCommandAndOptionCompletes(shell: CompletionGenerator.Shell) {
        let script = CompletionGenerator.script(for: shell)
        for path in Self.visiblePaths {
            #expect(script.contains("'\(path.last!)'") || script.contains(" \(path.last!) ") || script.contains(" \(path.last!)'"),
                    "\(shell): command \(path) missing")
            for option in Self.visibleOptions(path) {
                let name = shell == .fish ? "-l '\(option.dropFirst(2))'" : option
                #expect(script.contains(name), "\(shell): \(option) of \(path) missing")
            }
        }
        for option in GlobalOptions.specs where !option.isHidden {
            #expect(script.contains(shell == .fish ? "-l '\(option.long)'" : "--" + option.long))
        }
    }

    /// The bash table, path by path: the subcommands offered after each path are the spec's.
    @Test(arguments: CommandList.root.allPaths().filter { !(CommandList.root.descendant(at: $0)?.subcommands.isEmpty ?? true) })
    func bashOffersTheSubcommandsOfEachPath(path: [String]) throws {
        let table = CompletionGenerator.Table(root: CommandList.root)
        let entry = try #require(table.entries.first { $0.path == path.joined(separator: " ") })
        let spec = try #require(CommandList.root.descendant(at: path))
        #expect(entry.commands.map(\.name) == spec.subcommands.filter { !$0.isHidden }.map(\.name))
        #expect(table.valueOptions.contains("--home") && !table.valueOptions.contains("--json"))
    }

    @Test func theManualNamesEveryCommandAndOption() {
        let page = ManualGenerator.page()
        #expect(page.hasPrefix(".\\\" Generated") && page.contains(".TH AUTHCTL 1"))
        for path in Self.visiblePaths {
            #expect(page.contains(".SS \"authctl \(path.joined(separator: " ").replacingOccurrences(of: "-", with: "\\-"))\""), "\(path)")
            for option in Self.visibleOptions(path) {
                #expect(page.contains("\\fB\\-\\-\(option.dropFirst(2).replacingOccurrences(of: "-", with: "\\-"))\\fR"), "\(option) of \(path)")
            }
        }
        for section in ["NAME", "SYNOPSIS", "COMMANDS", "GLOBAL OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES"] {
            #expect(page.contains(".SH \(section)\n"))
        }
    }

    @Test(arguments: [
        ("a-b", "a\\-b"), ("back\\slash", "back\\eslash"), (".starts a request", "\\&.starts a request"), ("'quote", "\\&'quote"),
        ("line\n.two", "line\n\\&.two"), ("glued\u{1F}words", "glued\\ words"),
    ])
    func roffTextIsEscaped(text: String, roff: String) {
        #expect(ManualGenerator.text(text) == roff)
    }

    @Test func anUnknownShellIsAUsageError() async {
        let cli = TestCommandLine()
        #expect(await cli.run(["completion", "powershell"]) == .usage)
        #expect(await cli.run(["completion", "fish"]) == .success)
        #expect(cli.stdout.withLock { $0 }.contains("complete -c authctl"))
    }
}
