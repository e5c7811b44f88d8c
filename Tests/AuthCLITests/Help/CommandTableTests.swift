import Foundation
import Testing
@testable import AuthCLI

/// The table is user-facing documentation and the parser's only input: these checks keep every
/// added command or option complete and unambiguous.
@Suite struct CommandTableTests {
    @Test(arguments: allCommandPaths)
    func commandIsDocumented(_ path: [String]) throws {
        let spec = try #require(CommandList.root.descendant(at: path))
        #expect(!spec.abstract.isEmpty && spec.abstract.hasSuffix("."), "abstract of \(path)")
        #expect(!spec.abstract.contains("\n"), "abstract of \(path) is one line")
        #expect(spec.abstract.count <= HelpGenerator.width - 14, "abstract of \(path) fits a command list row")
        for option in spec.options {
            #expect(!option.help.isEmpty, "--\(option.long) of \(path)")
            if case .value(let valueName) = option.kind { #expect(!valueName.isEmpty && valueName == valueName.uppercased()) }
        }
        for argument in spec.arguments { #expect(!argument.help.isEmpty, "<\(argument.name)> of \(path)") }
        if !path.isEmpty, spec.subcommands.isEmpty { #expect(!spec.examples.isEmpty, "examples of \(path)") }
        #expect(spec.examples.count <= 3)
        for example in spec.examples { #expect(!example.explanation.isEmpty && !example.commandLine.isEmpty) }
        for subcommand in spec.subcommands { #expect(!subcommand.name.isEmpty && !subcommand.name.hasPrefix("-")) }
    }

    /// A command's help mentions only options it takes (its own and the global ones); another
    /// command's options appear only inside a quoted 'authctl ...' command line.
    @Test(arguments: allCommandPaths)
    func helpNamesOnlyOptionsTheCommandTakes(_ path: [String]) throws {
        let spec = try #require(CommandList.root.descendant(at: path))
        let accepted = Set((spec.options + GlobalOptions.specs).map { "--" + $0.long })
        let prose = (spec.discussion + spec.options.map(\.help)).joined(separator: " ")
            .replacing(/'authctl [^']*'/, with: "")
        let mentioned = Set(prose.matches(of: /(?:^|[^\w-])(--[a-z][a-z0-9-]*)/).map { String($0.output.1) })
        #expect(mentioned.subtracting(accepted).isEmpty, "help of \(path) names \(mentioned.subtracting(accepted).sorted())")
    }

    @Test(arguments: allCommandPaths)
    func optionsDoNotCollide(_ path: [String]) throws {
        let spec = try #require(CommandList.root.descendant(at: path))
        let options = spec.options + GlobalOptions.specs
        let longs = options.map(\.long)
        #expect(Set(longs).count == longs.count, "duplicate long option in \(path): \(longs)")
        let shorts = options.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count, "duplicate short option in \(path)")
        for long in longs { #expect(!long.isEmpty && !long.hasPrefix("-") && !long.contains("=") && !long.contains(" ")) }
        let names = spec.subcommands.map(\.name)
        #expect(Set(names).count == names.count, "duplicate subcommand in \(path)")
        for group in spec.exclusiveOptions {
            #expect(group.count >= 2)
            for long in group { #expect(spec.option(named: long) != nil, "exclusive group names unknown --\(long)") }
        }
    }

    @Test(arguments: allCommandPaths)
    func argumentsAreUnambiguous(_ path: [String]) throws {
        let spec = try #require(CommandList.root.descendant(at: path))
        #expect(spec.subcommands.isEmpty || spec.arguments.isEmpty, "\(path) has both subcommands and arguments")
        for (index, argument) in spec.arguments.enumerated() {
            if argument.isRepeatable { #expect(index == spec.arguments.count - 1, "only the last argument repeats") }
            if argument.isOptional {
                let laterAreOptional = spec.arguments[index...].allSatisfy { $0.isOptional }
                #expect(laterAreOptional, "required argument after optional in \(path)")
            }
        }
        #expect(Set(spec.arguments.map(\.name)).isDisjoint(with: (spec.options + GlobalOptions.specs).map(\.long)))
    }

    /// Every `authctl ...` in every example is a valid command line for the command it documents.
    @Test(arguments: allCommandPaths)
    func examplesParse(_ path: [String]) throws {
        let spec = try #require(CommandList.root.descendant(at: path))
        for example in spec.examples {
            let invocations = Self.authctlInvocations(in: example.commandLine)
            #expect(!invocations.isEmpty, "example without authctl: \(example.commandLine)")
            for argv in invocations {
                let parsed = try CommandLineParser.parse(argv)
                switch parsed {
                case .run(let invocation): #expect(!invocation.commandPath.isEmpty)
                case .help: #expect(argv.first == CommandSpec.helpCommandName)
                case .version: Issue.record("example is --version: \(argv)")
                }
            }
            if let first = invocations.first, path != [CommandSpec.helpCommandName], !path.isEmpty {
                let documented = Array(first.prefix(path.count))
                let allDocumentThisCommand = invocations.contains { Array($0.prefix(path.count)) == path }
                #expect(allDocumentThisCommand, "example of \(path) runs \(documented)")
            }
        }
    }

    /// `authctl ...` segments of a shell line, split on spaces (examples use no quoting inside
    /// their authctl arguments), ending at a pipe, redirect, `)`, `||`, `&&` or `;`.
    static func authctlInvocations(in commandLine: String) -> [[String]] {
        let joined = commandLine.split(separator: "\n").map { $0.hasSuffix("\\") ? String($0.dropLast()) : String($0) }
            .joined(separator: " ")
        var result: [[String]] = []
        var words = joined.split(separator: " ").map(String.init)[...]
        // `'!authctl ...'`: a git config helper, a shell snippet in single quotes.
        while let start = words.firstIndex(where: { $0 == "authctl" || $0.hasSuffix("$(authctl") || $0 == "'!authctl" }) {
            let isGitHelper = words[start] == "'!authctl"
            words = words[(start + 1)...]
            var argv: [String] = []
            defer { if isGitHelper { result[result.count - 1].append("get") } }  // git appends the operation
            while let word = words.first, !["|", "||", "&&", ";", "<", ">"].contains(word) {
                words = words.dropFirst()
                let trimmed = word.hasSuffix(")\"") ? String(word.dropLast(2)) : word.hasSuffix("'") ? String(word.dropLast()) : word
                argv.append(trimmed)
                if trimmed != word { break }
            }
            result.append(argv)
        }
        return result
    }

    /// Every `authctl ...` in the README's shell and console examples parses (Tests/e2e/test_readme.py
    /// then runs each example for real).
    @Test func readmeExamplesParse() throws {
        let readme = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let blocks = text.matches(of: /(?m)^ *```(sh|console)\n((?s).*?)^ *```/).map { String($0.output.2) }
        #expect(blocks.count >= 10, "README examples found: \(blocks.count)")
        var checked = 0
        for block in blocks {
            // Commands only: a console's "$ " lines, without comments.
            let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.hasPrefix("#") && (!block.contains("\n$ ") && !block.hasPrefix("$ ") || $0.hasPrefix("$ ")) }
                .map { line in (line.hasPrefix("$ ") ? String(line.dropFirst(2)) : line).replacing(/\s+#\s.*$/, with: "") }
            // One shell command per line, after joining lines continued with a backslash.
            var logical: [String] = []
            var pending = ""
            for line in lines {
                pending += line.hasSuffix("\\") ? String(line.dropLast()) + " " : line
                if !line.hasSuffix("\\") { logical.append(pending); pending = "" }
            }
            for argv in logical.flatMap(Self.authctlInvocations(in:)) {
                checked += 1
                #expect(throws: Never.self, "README: authctl \(argv.joined(separator: " "))") { _ = try CommandLineParser.parse(argv) }
            }
        }
        #expect(checked >= 30, "authctl invocations checked: \(checked)")
    }

    @Test func extractsInvocationsFromShellLines() {
        #expect(
            Self.authctlInvocations(in: "curl -H \"Authorization: Bearer $(authctl token --provider github.com)\" \\\n  https://x")
                == [["token", "--provider", "github.com"]])
        #expect(
            Self.authctlInvocations(in: "authctl whoami --check || authctl signin --provider a")
                == [["whoami", "--check"], ["signin", "--provider", "a"]])
        #expect(Self.authctlInvocations(in: "authctl verify --provider p < t.jwt") == [["verify", "--provider", "p"]])
    }

    @Test func rootListsEveryVisibleCommandInTableOrder() throws {
        let help = try #require(HelpGenerator.help(for: []))
        let listed = help.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
            .map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(listed == CommandList.root.subcommands.filter { !$0.isHidden }.map(\.name))
    }
}
