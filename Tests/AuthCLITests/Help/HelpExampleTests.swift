import Testing
@testable import AuthCLI

/// Every example in every command's help parses as the command line it shows: each `authctl`
/// invocation in the example's shell line (after a pipe, inside `$(...)`, in a git helper's
/// `'!authctl ...'`) is handed to ``CommandLineParser`` and must name a command that runs, with
/// options it takes and values its typed options accept. Help cannot drift from the parser this way.
@Suite struct HelpExampleTests {
    static let examples: [(path: String, commandLine: String)] = CommandList.root.allPaths().flatMap { path in
        (CommandList.root.descendant(at: path)?.examples ?? []).map { (path.joined(separator: " "), $0.commandLine) }
    }

    /// Shell words of `line`, quotes removed, operators (`|`, `||`, `&&`, `;`, `$(`, `)`, `{`, `}`,
    /// `<`, `>`) as words of their own; a backslash-newline joins lines.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var substitutionsInQuotes = 0
        var characters = Array(line.replacing("\\\n", with: " "))[...]
        func flush() { if !word.isEmpty { words.append(word); word = "" } }
        while let character = characters.popFirst() {
            if let open = quote {
                if open == "\"", character == "$", characters.first == "(" {
                    // `"... $(command) ..."`: the command is shell words again, up to its `)`.
                    flush(); characters.removeFirst(); words.append("$(")
                    quote = nil
                    substitutionsInQuotes += 1
                } else if character == open {
                    quote = nil
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case ")" where substitutionsInQuotes > 0:
                flush(); words.append(")")
                substitutionsInQuotes -= 1
                quote = "\""
            case "'", "\"": quote = character
            case " ", "\n", "\t": flush()
            case "$" where characters.first == "(":
                flush(); characters.removeFirst(); words.append("$(")
            case "|", "&", ";", "(", ")", "{", "}", "<", ">":
                flush(); words.append(String(character))
            default: word.append(character)
            }
        }
        flush()
        return words
    }

    static let operators: Set<String> = ["|", "&", ";", "$(", "(", ")", "{", "}"]

    /// The argument lists of every `authctl` run in `commandLine` (redirections dropped).
    static func invocations(in commandLine: String) -> [[String]] {
        var result: [[String]] = []
        var current: [String]?
        var words = shellWords(commandLine)[...]
        while let word = words.popFirst() {
            if operators.contains(word) {
                if let run = current { result.append(run) }
                current = nil
            } else if word == "<" || word == ">" {
                _ = words.popFirst()
            } else if word == "authctl" || word == "!authctl", current == nil {
                current = []
            } else if word.hasPrefix("!authctl ") {
                // A git helper: git adds the operation (get, store, erase) to the command.
                result.append(shellWords(String(word.dropFirst("!authctl ".count))) + ["get"])
            } else {
                current?.append(word)
            }
        }
        if let run = current { result.append(run) }
        return result
    }

    @Test func theExtractorFindsEveryInvocation() {
        #expect(Self.invocations(in: "authctl token --id-token | authctl verify --provider oidc.corp")
            == [["token", "--id-token"], ["verify", "--provider", "oidc.corp"]])
        #expect(Self.invocations(in: "curl -H \"Authorization: Bearer $(authctl token --provider oidc.corp)\" \\\n  https://x")
            == [["token", "--provider", "oidc.corp"]])
        #expect(Self.invocations(in: "git config --global x '!authctl git-credential --provider oidc.corp'")
            == [["git-credential", "--provider", "oidc.corp", "get"]])
        #expect(Self.invocations(in: "eval \"$(authctl completion bash)\"") == [["completion", "bash"]])
        #expect(Self.invocations(in: "authctl verify --provider p < token.jwt") == [["verify", "--provider", "p"]])
        #expect(Self.invocations(in: "authctl status --check || { echo 'sign in first' >&2; exit 1; }") == [["status", "--check"]])
    }

    /// What help says about sign-in matches what it does: with a project a provider needs no
    /// `providers add`, and linking needs no recent sign-in (unlink and account delete do).
    @Test func signInHelpSaysWhatTheCommandsDo() throws {
        for command in ["signin", "link"] {
            let help = try #require(HelpGenerator.help(for: [command])).replacing(/\s+/, with: " ")
            #expect(help.contains("with a Firebase project, any provider the project enables, with nothing to add here"), "\(command)")
        }
        let reauth = try #require(HelpGenerator.help(for: ["reauth"])).replacing(/\s+/, with: " ")
        #expect(!reauth.contains("such as linking") && reauth.contains("linking does not"))
    }

    @Test func thereAreExamplesToCheck() {
        #expect(Self.examples.count > 40)
        #expect(Self.examples.flatMap { Self.invocations(in: $0.commandLine) }.count >= Self.examples.count)
    }

    @Test(arguments: examples.map { "\($0.path): \($0.commandLine)" })
    func everyExampleParses(_ labelled: String) throws {
        // The root's examples have the empty path: the label starts with ": ".
        let commandLine = String(labelled[try #require(labelled.range(of: ": ")).upperBound...])
        let runs = Self.invocations(in: commandLine)
        #expect(!runs.isEmpty, "no authctl in the example")
        for arguments in runs {
            switch Result(catching: { () throws(UsageError) in try CommandLineParser.parse(arguments) }) {
            case .success(.run(let invocation)):
                let command = try #require(CommandList.runnable(at: invocation.commandPath), "\(arguments) names no command that runs")
                #expect(throws: Never.self, "the command refuses the values of \(arguments)") { _ = try command(invocation) }
            case .success(.help(let path)):
                #expect(arguments.first == CommandSpec.helpCommandName && CommandList.root.descendant(at: path) != nil, "\(arguments)")
            case .success(let other):
                Issue.record("\(arguments) parses as \(other), not a command")
            case .failure(let error):
                Issue.record("\(arguments) does not parse: \(error)")
            }
        }
    }
}
