import AuthApp
/// One command of authctl, in one file: its spec (the help and the options, as data the parser
/// and the help generator read), its typed options read from a parsed command line, and what it
/// does. The command list (``CommandList``) is the only other place that names it, so a command
/// that the parser accepts always has code to run.
protocol Command: RunnableCommand {
    /// The word that runs it (`token`), which its spec names too. Read without building the
    /// spec, so running one command builds only its own spec (Docs/Decisions/0017).
    static var name: String { get }

    /// The command's name, help and options. Options and arguments come from the command's
    /// ``Option`` and ``Argument`` declarations, so their names are written once.
    static var spec: CommandSpec { get }

    /// The spec with what the backend kinds of `backends` bring (`verify`'s `--firebase`); ``spec``
    /// for a command they add nothing to.
    static func spec(for backends: BackendRegistry) -> CommandSpec

    /// Reads the typed options; throws a ``UsageError`` for a value or combination it refuses.
    init(_ invocation: ParsedInvocation) throws

    /// Does the work; errors go to the error funnel, which picks the text and exit status.
    func run(in env: CommandEnvironment) async throws -> ExitStatus
}

/// A typed option: the ``OptionSpec`` the parser and help read, and how its text becomes a value.
/// Declared once, as a static member of its command; read with `try invocation[Self.option]`.
struct Option<Value: Sendable>: Sendable {
    let spec: OptionSpec
    let read: @Sendable (ParsedInvocation) throws(UsageError) -> Value

    var long: String { spec.long }
}

extension Option where Value == Bool {
    /// `--name`: true when given.
    static func flag(_ long: String, short: Character? = nil, help: String) -> Option {
        Option(spec: .flag(long, short: short, help: help)) { $0.flag(long) }
    }
}

extension Option where Value == String? {
    /// `--name VALUE`, or nil. An environment variable, if named, is shown in help; the command
    /// reads it (the parser never reads the environment).
    static func string(_ long: String, _ valueName: String, help: String, environmentVariable: String? = nil) -> Option {
        Option(spec: .value(long, valueName, help: help, environmentVariable: environmentVariable)) { $0.value(long) }
    }
}

extension Option where Value == String? {
    /// `--name VALUE`, required unless one of `alternatives` (long names) is given: nil then.
    static func required(_ long: String, _ valueName: String, help: String, unless alternatives: [String]) -> Option {
        var spec = OptionSpec.value(long, valueName, help: help, isRequired: true)
        spec.requiredUnless = alternatives
        return Option(spec: spec) { $0.value(long) }
    }
}

extension Option where Value == String {
    /// `--name VALUE` that the parser requires.
    static func required(_ long: String, _ valueName: String, help: String) -> Option {
        Option(spec: .value(long, valueName, help: help, isRequired: true)) { invocation throws(UsageError) in
            guard let value = invocation.value(long) else { throw .missingOption("--" + long, command: invocation.commandPath) }
            return value
        }
    }
}

extension Option where Value == [String] {
    /// `--name VALUE`, repeatable: every value in command-line order.
    static func repeated(_ long: String, _ valueName: String, help: String) -> Option {
        Option(spec: .value(long, valueName, help: help, isRepeatable: true)) { $0.values(long) }
    }
}

extension Option where Value == Duration {
    /// `--name SECONDS` (`300`, `90s`, `5m`, `1h`) in `range`, else `defaultValue`, which help shows.
    static func seconds(_ long: String, help: String, default defaultValue: Duration, range: ClosedRange<Int>) -> Option {
        let spec = OptionSpec.value(long, "SECONDS", help: help, defaultValue: String(defaultValue.components.seconds))
        return Option(spec: spec) { invocation throws(UsageError) in
            guard let seconds = try invocation.seconds(long, in: range) else { return defaultValue }
            return .seconds(seconds)
        }
    }
}

extension Option where Value == [UInt16] {
    /// `--name PORT[,PORT]...` (help shows `PORT`): one port or a comma-separated list, each 1 to
    /// 65535, in the order given, each once; empty when absent.
    static func ports(_ long: String, help: String) -> Option {
        Option(spec: .value(long, "PORT", help: help)) { invocation throws(UsageError) in
            guard let text = invocation.value(long) else { return [] }
            var ports: [UInt16] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let number = Int(part), (1...65_535).contains(number) else {
                    throw .invalidValue(
                        option: "--" + long, value: text, reason: "expected ports from 1 to 65535, separated by commas (8000,18000)",
                        command: invocation.commandPath)
                }
                if !ports.contains(UInt16(number)) { ports.append(UInt16(number)) }
            }
            return ports
        }
    }
}

/// A typed positional argument, like ``Option``.
struct Argument<Value: Sendable>: Sendable {
    let spec: ArgumentSpec
    let read: @Sendable (ParsedInvocation) throws(UsageError) -> Value
}

extension Argument where Value == String {
    /// `<name>`, which the parser requires; completion offers `choices`.
    static func required(_ name: String, help: String, choices: [String] = []) -> Argument {
        Argument(spec: ArgumentSpec(name, help: help, choices: choices)) { invocation throws(UsageError) in
            guard let value = invocation.argument(name) else { throw .missingArgument(name, command: invocation.commandPath) }
            return value
        }
    }
}

extension Argument where Value == String? {
    /// `[<name>]`: nil when not given.
    static func optional(_ name: String, help: String) -> Argument {
        Argument(spec: ArgumentSpec(name, help: help, isOptional: true)) { invocation throws(UsageError) in invocation.argument(name) }
    }
}

extension Argument where Value == [String] {
    /// `<name>...`: every remaining positional (after `--` when they start with `-`), at least one.
    static func repeated(_ name: String, help: String) -> Argument {
        Argument(spec: ArgumentSpec(name, help: help, isRepeatable: true)) { invocation throws(UsageError) in
            let values = invocation.arguments[name] ?? []
            guard !values.isEmpty else { throw .missingArgument(name, command: invocation.commandPath) }
            return values
        }
    }
}

extension ParsedInvocation {
    subscript<Value>(option: Option<Value>) -> Value {
        get throws(UsageError) { try option.read(self) }
    }

    subscript<Value>(argument: Argument<Value>) -> Value {
        get throws(UsageError) { try argument.read(self) }
    }
}

/// What dispatch runs: a ``Command``, or an action of a backend kind's settings command
/// (``BackendSettingsCommands``), which has no type of its own.
protocol RunnableCommand: Sendable {
    func run(in env: CommandEnvironment) async throws -> ExitStatus
}

extension Command {
    static func spec(for backends: BackendRegistry) -> CommandSpec { spec }
}
