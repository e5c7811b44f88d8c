/// One command of the command line, as data: what the parser accepts and what the help says.
///
/// Every command, subcommand and option of authctl is a value in ``CommandList/root``; the
/// parser (``CommandLineParser``) and the help generator (``HelpGenerator``) only read these
/// values, so adding a command or an option is adding data here and nothing else.
public struct CommandSpec: Sendable, Equatable {
    /// The word typed on the command line (`signin`, `add`); for the root, the program name.
    public var name: String
    /// One line, a sentence ending in a period; shown in command lists and at the top of help.
    public var abstract: String
    /// Paragraphs shown after the usage line. Each string is reflowed to the help width; a
    /// paragraph may hold several lines (`\n`), each wrapped on its own with its leading spaces
    /// kept as a hanging indent, for short lists.
    public var discussion: [String]
    /// Positional arguments, in order. Only the last may be repeatable; required ones come first.
    public var arguments: [ArgumentSpec]
    /// The command's own options, in the order help lists them. Global options are not repeated
    /// here; they are accepted by every command (see ``GlobalOptions``).
    public var options: [OptionSpec]
    /// Groups of option long names of which at most one may be given (`browser`, `no-browser`).
    public var exclusiveOptions: [[String]]
    /// Subcommands; a command that has them runs only through one of them.
    public var subcommands: [CommandSpec]
    public var examples: [Example]
    /// Paragraphs shown at the very end of help (the root uses it for the exit statuses).
    public var epilogue: [String]
    /// Parsed as usual but left out of help, command lists and suggestions.
    public var isHidden: Bool
    /// What other tools call this command (`login` for `signin`, as gh and gcloud do). Typing one
    /// is still an error, but the suggestion names this command: one name per command keeps
    /// help, completions and scripts unambiguous.
    public var familiarNames: [String]

    public init(
        name: String, abstract: String, discussion: [String] = [], arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], exclusiveOptions: [[String]] = [], subcommands: [CommandSpec] = [],
        examples: [Example] = [], epilogue: [String] = [], isHidden: Bool = false, familiarNames: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.exclusiveOptions = exclusiveOptions
        self.subcommands = subcommands
        self.examples = examples
        self.epilogue = epilogue
        self.isHidden = isHidden
        self.familiarNames = familiarNames
    }

    /// The name of the command that routes to help (`authctl help providers add`).
    public static let helpCommandName = "help"

    /// The direct subcommand called `name`, hidden ones included.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The visible subcommand `typed` most likely meant: one that other tools call `typed`, else
    /// a near miss of a name.
    public func suggestedSubcommand(for typed: String) -> String? {
        let visible = subcommands.filter { !$0.isHidden }
        if let familiar = visible.first(where: { $0.familiarNames.contains(typed.lowercased()) }) { return familiar.name }
        return EditDistance.suggestion(for: typed, among: visible.map(\.name))
    }

    /// The command at `path` below this one (`["providers", "add"]`), or nil.
    public func descendant(at path: [String]) -> CommandSpec? {
        var spec = self
        for name in path {
            guard let next = spec.subcommand(named: name) else { return nil }
            spec = next
        }
        return spec
    }

    /// The option whose long name is `long` (without dashes).
    public func option(named long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// Every path below this command, depth first, in declaration order (`[]` first).
    public func allPaths() -> [[String]] {
        var paths: [[String]] = [[]]
        for subcommand in subcommands {
            paths += subcommand.allPaths().map { [subcommand.name] + $0 }
        }
        return paths
    }
}

/// A positional argument of a command.
public struct ArgumentSpec: Sendable, Equatable {
    /// Shown as `<name>` in usage and help; also the key for ``ParsedInvocation/argument(_:)``.
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// Takes every remaining positional; only allowed on the last argument.
    public var isRepeatable: Bool
    /// The values completion offers (`get`, `store`, `erase`); the command checks what it accepts.
    public var choices: [String]

    public init(_ name: String, help: String, isOptional: Bool = false, isRepeatable: Bool = false, choices: [String] = []) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeatable = isRepeatable
        self.choices = choices
    }
}

/// An option: `--long VALUE` (or `--long=VALUE`), or a flag `--long`, perhaps with a short `-x`.
public struct OptionSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Present or not; `--flag=value` is an error.
        case flag
        /// Takes one value; `valueName` is the placeholder shown in help (`SECONDS`).
        case value(valueName: String)
    }

    /// Without the leading dashes (`provider`); the key for the accessors of ``ParsedInvocation``.
    public var long: String
    public var short: Character?
    public var kind: Kind
    public var help: String
    public var isRequired: Bool
    /// Options (long names) whose presence lifts ``isRequired`` (`--provider` is required unless
    /// `--custom-token-stdin` is given).
    public var requiredUnless: [String] = []
    /// May be given more than once; values are collected in order. A repeated flag is always
    /// allowed (it means the same as once); a repeated non-repeatable value option is an error.
    public var isRepeatable: Bool
    /// The value used when the option is absent, shown in help as `(default: ...)`.
    public var defaultValue: String?
    /// The environment variable consulted when the option is absent, shown as `(env: ...)`.
    /// The parser never reads the environment; the command does.
    public var environmentVariable: String?
    public var isHidden: Bool

    public init(
        long: String, short: Character? = nil, kind: Kind, help: String, isRequired: Bool = false,
        isRepeatable: Bool = false, defaultValue: String? = nil, environmentVariable: String? = nil,
        isHidden: Bool = false
    ) {
        self.long = long
        self.short = short
        self.kind = kind
        self.help = help
        self.isRequired = isRequired
        self.isRepeatable = isRepeatable
        self.defaultValue = defaultValue
        self.environmentVariable = environmentVariable
        self.isHidden = isHidden
    }

    /// A flag: `--long` (or `-s`).
    public static func flag(_ long: String, short: Character? = nil, help: String, isHidden: Bool = false) -> OptionSpec {
        OptionSpec(long: long, short: short, kind: .flag, help: help, isHidden: isHidden)
    }

    /// An option with a value: `--long VALUE` or `--long=VALUE`.
    public static func value(
        _ long: String, _ valueName: String, short: Character? = nil, help: String, isRequired: Bool = false,
        isRepeatable: Bool = false, defaultValue: String? = nil, environmentVariable: String? = nil,
        isHidden: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short, kind: .value(valueName: valueName), help: help, isRequired: isRequired,
            isRepeatable: isRepeatable, defaultValue: defaultValue, environmentVariable: environmentVariable,
            isHidden: isHidden)
    }

    public var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// `--provider`
    public var displayName: String { "--" + long }

    /// `--provider ID`, or `--json` for a flag.
    public var synopsis: String {
        switch kind {
        case .flag: return displayName
        case .value(let valueName): return displayName + " " + valueName
        }
    }
}

/// An example in help: what it does, and the command line that does it (may span lines).
public struct Example: Sendable, Equatable {
    public var explanation: String
    public var commandLine: String

    public init(_ explanation: String, _ commandLine: String) {
        self.explanation = explanation
        self.commandLine = commandLine
    }
}
