import AuthCore

/// The whole command line as a function: argv and a context in, an exit status out.
public enum AuthCommandLine {
    public static func run(arguments: [String], context: CommandContext) async -> ExitStatus {
        .unexpectedFailure
    }
}

public struct CommandContext: Sendable {
    public static func live() -> CommandContext { CommandContext() }
}

public enum ExitStatus: Int32, Sendable {
    case success = 0
    case unexpectedFailure = 1
}
