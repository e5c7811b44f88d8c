import Foundation
import Testing
@testable import AuthCLI
import AuthTestSupport
import AuthApp

/// A command as a contributor would add it: one type (this would be its own file)...
struct EchoCommand: Command {
    static let word = Argument.required("word", help: "What to print.")
    static let shout = Option.flag("shout", help: "Print it in capitals.")
    static let name = "echo"
    static let spec = CommandSpec(name: name, abstract: "Print a word.", arguments: [word.spec], options: [shout.spec])

    let text: String

    init(_ invocation: ParsedInvocation) throws {
        let word = try invocation[Self.word]
        text = try invocation[Self.shout] ? word.uppercased() : word
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        env.output("\(text)\n")
        return .success
    }
}

@Suite struct CommandListTests {
    /// ...plus one line in the list: parsed, dispatched, run and documented like every other.
    @Test func aNewCommandIsOneTypeAndOneLine() async throws {
        let entries = CommandList.entries + [.command(EchoCommand.self)]
        let root = CommandList.tree(CommandList.rootSpec, entries: entries)
        guard case .run(let invocation) = try CommandLineParser.parse(["echo", "hi", "--shout"], root: root) else {
            Issue.record("echo did not parse as a command to run")
            return
        }
        let command = try #require(CommandList.command(at: invocation.commandPath, in: entries))
        let cli = TestCommandLine()
        let env = try CommandEnvironment(context: cli.context(), globals: invocation.globals, command: invocation.commandPath)
        #expect(try await command.init(invocation).run(in: env) == .success)
        #expect(cli.stdout.withLock { $0 } == "HI\n")
        #expect(HelpGenerator.help(for: ["echo"], root: root)?.contains("Print it in capitals.") == true)
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["echo"], root: root) }
    }

    /// The parser accepts exactly the commands that have code: every leaf of the tree dispatches
    /// to the type whose spec it is, and every type is in the tree once.
    @Test func everyLeafDispatchesToItsType() {
        let leaves = CommandList.root.allPaths().filter { path in
            !path.isEmpty && path != [CommandSpec.helpCommandName] && CommandList.root.descendant(at: path)?.subcommands.isEmpty == true
        }
        #expect(leaves.count == 37)
        // The backend kinds' settings commands (`firebase use/show/off`) have no type: the kind declares them.
        let settings = BackendRegistry.standard.settingsCommands.flatMap { group in group.actions.map { [group.name, $0.name] } }
        #expect(settings == [["firebase", "use"], ["firebase", "show"], ["firebase", "off"]])
        for path in leaves {
            #expect(CommandList.runnable(at: path) != nil, "\(path) does not run")
            if settings.contains(path) { continue }
            let type = CommandList.command(at: path)
            #expect(type != nil, "\(path) has no command type")
            #expect(type?.spec == CommandList.root.descendant(at: path), "\(path)")
        }
        for group in [["providers"], ["account"], ["config"], ["firebase"], ["help"], ["nope"], ["firebase", "nope"], []] {
            #expect(CommandList.command(at: group) == nil, "\(group)")
            #expect(CommandList.runnable(at: group) == nil, "\(group)")
        }
    }

    /// A command is found by its name without building its spec; the two names agree.
    @Test func everyCommandsNameIsItsSpecsName() {
        func check(_ entries: [CommandList.Entry]) {
            for entry in entries {
                switch entry {
                case .command(let type): #expect(type.name == type.spec.name)
                case .group(_, let children): check(children)
                case .backendSettings(let declared): #expect(BackendSettingsCommands.spec(declared).name == declared.name)
                }
            }
        }
        check(CommandList.entries)
    }

    /// The command line parsed on the tree cut down to the named command (what `run` does, so
    /// that `authctl token` builds one spec, not thirty) gives what the whole tree gives: the same
    /// invocation, help, version, or error.
    @Test(arguments: [
        ["token"], ["--home", "/h", "token", "--provider", "github.com"], ["token", "--json", "--min-valid", "60"],
        ["whoami", "--check"], ["--home", "token", "whoami"], ["--home", "whoami", "token"], ["providers", "add", "oidc.x", "--issuer", "https://i"],
        ["providers", "lst"], ["config", "get", "one-account-per-email"], ["help", "token"], ["token", "--help"],
        ["--version"], ["token", "--version"], ["tokne"], ["token", "--provder", "x"], ["token", "extra"], ["signin", "--", "token"],
        ["status"], ["exec", "--", "env"], ["-h"], [], ["docker-credential", "get"], ["firebase", "use", "--api-key", "k", "--project-id", "p"],
    ])
    func theCutTreeParsesAsTheWholeTree(arguments: [String]) {
        let whole = Result { () throws(UsageError) in try CommandLineParser.parse(arguments) }
        let cut = Result { () throws(UsageError) in try AuthCommandLine.parse(arguments) }
        #expect(cut == whole)
        if let tree = CommandList.tree(for: arguments) {
            #expect(tree.subcommands.count == 2, "the named entry and help")
        }
    }
}
