/// `authctl completion bash|zsh|fish`: the shell's completion script, from the command table.
struct CompletionCommand: Command {
    static let shell = Argument<String>.required("shell", help: "bash, zsh or fish.", choices: CompletionGenerator.Shell.allCases.map(\.rawValue))

    static let name = "completion"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print the completion script for bash, zsh or fish.",
        discussion: [
            "The script completes every command, subcommand and option (make install puts each where "
                + "its shell looks). To try it in the running shell, source it."
        ],
        arguments: [shell.spec],
        examples: [
            Example("bash, in this shell:", "eval \"$(authctl completion bash)\""),
            Example("zsh, for every shell:", "authctl completion zsh > \"${fpath[1]}/_authctl\""),
            Example("fish:", "authctl completion fish > ~/.config/fish/completions/authctl.fish"),
        ])

    let shell: CompletionGenerator.Shell

    init(_ invocation: ParsedInvocation) throws {
        let name = try invocation[Self.shell]
        guard let shell = CompletionGenerator.Shell(rawValue: name) else {
            throw UsageError.invalidValue(
                option: "<shell>", value: name, reason: "expected bash, zsh or fish", command: invocation.commandPath)
        }
        self.shell = shell
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        env.output(data: CompletionGenerator.script(for: shell))
        return .success
    }
}
