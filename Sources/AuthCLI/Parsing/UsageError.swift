/// A command line that authctl cannot run as typed (exit status 2).
///
/// Each case carries `command`, the path of the command in question (`["providers", "add"]`,
/// `[]` for authctl itself), which picks the usage line and the `See 'authctl ... --help'.`
/// line printed after the message. ``UsageErrorRenderer`` renders the whole stderr text.
package enum UsageError: Error, Sendable, Equatable {
    /// `name` is not a subcommand of `command`; `suggestion` is a near miss, if any.
    case unknownCommand(String, command: [String], suggestion: String?)
    /// `option` as typed (`--scop`, `-x`) is not an option of `command` nor a global option.
    /// `suggestion` is a near miss (`--scope`), or `owner` the path of the subcommand that
    /// declares it, when it was typed before that subcommand's name.
    case unknownOption(String, command: [String], suggestion: String?, owner: [String]?)
    /// `--option` was last on the line, or followed by another option or `--`.
    case missingValue(option: String, command: [String], nextArgument: String?)
    /// `--flag=value`: a flag takes no value.
    case flagWithValue(option: String, value: String, command: [String])
    /// A non-repeatable option was given twice.
    case duplicateOption(String, command: [String])
    /// Two options of an exclusive group were given.
    case conflictingOptions(String, String, command: [String])
    case missingOption(String, command: [String])
    /// A required positional `<name>` is missing.
    case missingArgument(String, command: [String])
    /// A positional that no argument of `command` takes.
    case unexpectedArgument(String, command: [String])
    /// A command with subcommands (`providers`) was given none.
    case missingSubcommand(command: [String], available: [String])
    /// `option` (`--timeout`, `<id>`, `AUTHCTL_LOCK_TIMEOUT`) has a value it cannot take;
    /// `reason` says why or what it takes (`expected a whole number from 1 to 65535`). An empty
    /// `value` leaves it out of the message. Give `command` so the right usage line follows.
    case invalidValue(option: String, value: String, reason: String, command: [String] = [])
    /// Any other misuse found by a command after parsing; `message` is one line, lowercase.
    case invalidUsage(String, command: [String])

    /// The path of the command whose usage is shown after the message.
    package var command: [String] {
        switch self {
        case .unknownCommand(_, let command, _), .unknownOption(_, let command, _, _),
            .missingValue(_, let command, _), .flagWithValue(_, _, let command), .duplicateOption(_, let command),
            .conflictingOptions(_, _, let command), .missingOption(_, let command), .missingArgument(_, let command),
            .unexpectedArgument(_, let command), .missingSubcommand(let command, _),
            .invalidValue(_, _, _, let command), .invalidUsage(_, let command):
            return command
        }
    }

    /// One line, without the `error: ` prefix.
    package var message: String {
        switch self {
        case .unknownCommand(let name, let command, _):
            return command.isEmpty
                ? "unknown command '\(name)'"
                : "unknown command '\(name)' for '\(UsageGenerator.commandName(command))'"
        case .unknownOption(let option, _, _, _):
            return "unknown option '\(option)'"
        case .missingValue(let option, _, _):
            return "missing value for '\(option)'"
        case .flagWithValue(let option, _, _):
            return "'\(option)' takes no value"
        case .duplicateOption(let option, _):
            return "'\(option)' may be given only once"
        case .conflictingOptions(let first, let second, _):
            return "'\(first)' and '\(second)' cannot be used together"
        case .missingOption(let option, _):
            return "missing required option '\(option)'"
        case .missingArgument(let name, _):
            return "missing required argument '<\(name)>'"
        case .unexpectedArgument(let value, _):
            return "unexpected argument '\(value)'"
        case .missingSubcommand(let command, _):
            return "'\(UsageGenerator.commandName(command))' needs a command"
        case .invalidValue(let option, let value, let reason, _):
            return value.isEmpty ? "'\(option)': \(reason)" : "invalid value '\(value)' for '\(option)': \(reason)"
        case .invalidUsage(let message, _):
            return message
        }
    }

    /// The command or option the person probably meant, when the error has one.
    package var suggestion: String? {
        switch self {
        case .unknownCommand(_, _, let suggestion), .unknownOption(_, _, let suggestion, _): suggestion
        default: nil
        }
    }

    /// A second line that helps fix the command line, if there is one.
    package var hint: String? {
        switch self {
        case .unknownCommand(_, _, let suggestion?):
            return "Did you mean '\(suggestion)'?"
        case .unknownOption(let option, _, let suggestion, let owner):
            if let suggestion { return "Did you mean '\(suggestion)'?" }
            if let owner {
                return "'\(option)' is an option of '\(UsageGenerator.commandName(owner))'; put it after the command name."
            }
            return nil
        case .missingValue(let option, _, let next?) where next != "--":
            return "To pass a value that starts with '-', write '\(option)=\(next)'."
        case .flagWithValue(let option, _, _):
            return "Write '\(option)' alone."
        case .missingSubcommand(_, let available) where !available.isEmpty:
            return "Commands: " + available.joined(separator: ", ") + "."
        default:
            return nil
        }
    }
}

/// The stderr text for a ``UsageError``: pure, so that it is pinned by tests.
package enum UsageErrorRenderer {
    /// ```
    /// error: unknown command 'whoam'
    /// Did you mean 'whoami'?
    /// Usage: authctl [options] <command> ...
    /// See 'authctl --help'.
    /// ```
    /// Ends with a newline. `color` makes only the `error:` prefix bold red.
    package static func render(_ error: UsageError, color: Bool = false, root: CommandSpec = CommandList.root) -> String {
        // The message and hint may quote an argument or an environment variable's value: neutralised
        // (Decisions/0041); the colour codes and the usage line are authctl's own.
        var lines: [TerminalText] = [TerminalText(trusted: ErrorFunnel.prefix(color: color)) + TerminalText(untrusted: error.message)]
        if let hint = error.hint { lines.append(TerminalText(untrusted: hint)) }
        lines.append(TerminalText(trusted: usageLine(for: error.command, root: root)))
        lines.append("See '\(trusted: UsageGenerator.commandName(helpPath(error.command, root: root), root: root)) --help'.")
        return (lines.joined(separator: "\n") + "\n").text
    }

    /// `Usage: authctl signin --provider ID [options]` for the deepest known command of `path`.
    package static func usageLine(for path: [String], root: CommandSpec = CommandList.root) -> String {
        let known = helpPath(path, root: root)
        let spec = root.descendant(at: known) ?? root
        return "Usage: " + UsageGenerator.shortUsage(spec, path: known, root: root)
    }

    /// The longest prefix of `path` that names a command (errors always carry a real path, but
    /// the renderer must not trust its input).
    static func helpPath(_ path: [String], root: CommandSpec) -> [String] {
        var known: [String] = []
        var spec = root
        for name in path {
            guard let next = spec.subcommand(named: name) else { break }
            known.append(name)
            spec = next
        }
        return known
    }
}
