/// `authctl manual`: the authctl(1) page in roff, from the command table.
struct ManualCommand: Command {
    static let name = "manual"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print the authctl(1) manual page (roff).",
        discussion: ["make install installs it; to read it without installing, pipe it to 'man -l -'."],
        examples: [Example("Read it:", "authctl manual | man -l -")])

    init(_ invocation: ParsedInvocation) throws {}

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        env.output(data: ManualGenerator.page())
        return .success
    }
}
