import Testing
@testable import AuthCLI

/// Every path in the command table, hidden commands included.
let allCommandPaths = CommandList.root.allPaths()

@Suite struct HelpGoldenTests {
    /// The help of every command, compared with `HelpGolden`. On a difference, the failure names
    /// the first differing line and prints the whole new text, ready to paste into HelpGolden.swift.
    @Test(arguments: allCommandPaths)
    func helpMatchesGolden(_ path: [String]) throws {
        let key = path.joined(separator: " ")
        let actual = try #require(HelpGenerator.help(for: path))
        guard let golden = HelpGolden.texts[key] else {
            Issue.record("No golden help for '\(key)'. Add to HelpGolden.texts:\n\"\(key)\": #\"\"\"\n\(actual)\"\"\"#,")
            return
        }
        let expected = golden + "\n"  // the literal drops the newline before its closing delimiter
        if actual != expected {
            Issue.record("Help for '\(UsageGenerator.commandName(path))' changed.\n\(lineDiff(expected: expected, actual: actual))\nNew text:\n\(actual)")
        }
    }

    @Test func everyGoldenTextBelongsToACommand() {
        let keys = Set(allCommandPaths.map { $0.joined(separator: " ") })
        #expect(Set(HelpGolden.texts.keys).subtracting(keys).isEmpty)
    }

    @Test(arguments: allCommandPaths)
    func helpFitsEightyColumnsWithoutTrailingSpaces(_ path: [String]) throws {
        let text = try #require(HelpGenerator.help(for: path))
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= HelpGenerator.width, "too wide: \(line)")
            #expect(line.last != " ", "trailing space: \(line)")
            #expect(!line.contains("\u{1F}") && !line.contains("\t") && !line.contains("\u{1B}"), "control character: \(line)")
        }
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
    }

    @Test func unknownPathHasNoHelp() {
        #expect(HelpGenerator.help(for: ["nope"]) == nil)
    }
}

/// First differing line, with its neighbours, for failure messages.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    var report = "First difference at line \(first + 1):"
    for index in max(0, first - 2)..<min(max(old.count, new.count), first + 3) {
        let was = index < old.count ? String(old[index]) : "<none>"
        let now = index < new.count ? String(new[index]) : "<none>"
        report += was == now ? "\n    \(was)" : "\n  - \(was)\n  + \(now)"
    }
    return report
}

@Suite struct HelpGeneratorTests {
    static let demo = CommandSpec(
        name: "demo", abstract: "Do the demo thing.",
        discussion: ["One paragraph that is long enough to be wrapped at the help width, which is eighty columns, so it wraps.", "A list:\n- first item, long enough to wrap onto a second line under its own text, as lists do\n- second"],
        arguments: [ArgumentSpec("file", help: "A file.", isOptional: true)],
        options: [
            .value("name", "NAME", short: "n", help: "A name.", isRequired: true),
            .value("tag", "TAG", help: "A tag.", isRepeatable: true, defaultValue: "x", environmentVariable: "DEMO_TAG"),
            .flag("a-very-long-option-name-indeed", help: "Long label, help on the next line."),
            .flag("secret", help: "Hidden.", isHidden: true),
        ],
        examples: [Example("Demo:", "tool demo --name a")])

    @Test func rendersEverySection() {
        let root = CommandSpec(name: "tool", abstract: "A tool.", subcommands: [Self.demo])
        let expected = """
            Do the demo thing.

            Usage: tool demo [<file>] --name NAME [--tag TAG]...
                             [--a-very-long-option-name-indeed]

            One paragraph that is long enough to be wrapped at the help width, which is
            eighty columns, so it wraps.

            A list:
            - first item, long enough to wrap onto a second line under its own text, as
              lists do
            - second

            Arguments:
              <file>           A file.

            Options:
              -n, --name NAME  A name. (required)
              --tag TAG        A tag. (repeatable; default: x; env: DEMO_TAG)
              --a-very-long-option-name-indeed
                               Long label, help on the next line.

            Global options:
              --home DIR       Directory for the session and provider settings. Default:
                               $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                               (env: AUTHCTL_HOME)
              --json           Print results, and errors, as JSON.
              --verbose        Explain each step on stderr. Secrets are never printed.
              --no-color       Do not color the output.
              -h, --help       Show help for the command.
              --version        Print the version of authctl.

            Examples:
              Demo:
                tool demo --name a

            """
        let text = HelpGenerator.help(for: ["demo"], root: root) ?? ""
        #expect(text == expected, "\(lineDiff(expected: expected, actual: text))")
    }

    @Test func shortUsage() {
        let root = CommandList.root
        #expect(UsageGenerator.shortUsage(root, path: [], root: root) == "authctl <command> [options]")
        #expect(UsageGenerator.shortUsage(WhoamiCommand.spec, path: ["whoami"]) == "authctl whoami [options]")
        #expect(UsageGenerator.shortUsage(UsersCommand.spec, path: ["users"]) == "authctl users")
        #expect(UsageGenerator.shortUsage(CommandList.helpSpec, path: ["help"]) == "authctl help [<command>...]")
        #expect(UsageGenerator.shortUsage(WhoamiCommand.spec, path: ["whoami"]) == "authctl whoami [options]")
    }
}
