/// One command of the command line, as data: what the parser accepts and what the help says.
///
/// Every command, subcommand and option of authctl is a value in ``CommandList/root``; the
/// parser (``CommandLineParser``) and the help generator (``HelpGenerator``) only read these
/// values, so adding a command or an option is adding data here and nothing else.
package struct CommandSpec: Sendable, Equatable {
    /// The word typed on the command line (`signin`, `add`); for the root, the program name.
    package var name: String
    /// One line, a sentence ending in a period; shown in command lists and at the top of help.
    package var abstract: String
    /// Paragraphs shown after the usage line. Each string is reflowed to the help width; a
    /// paragraph may hold several lines (`\n`), each wrapped on its own with its leading spaces
    /// kept as a hanging indent, for short lists.
    package var discussion: [String]
    /// Positional arguments, in order. Only the last may be repeatable; required ones come first.
    package var arguments: [ArgumentSpec]
    /// The command's own options, in the order help lists them. Global options are not repeated
    /// here; they are accepted by every command (see ``GlobalOptions``).
    package var options: [OptionSpec]
    /// Groups of option long names of which at most one may be given (`browser`, `no-browser`).
    package var exclusiveOptions: [[String]]
    /// Subcommands; a command that has them runs only through one of them.
    package var subcommands: [CommandSpec]
    package var examples: [Example]
    /// Paragraphs shown at the very end of help (the root uses it for the exit statuses).
    package var epilogue: [String]
    /// Parsed as usual but left out of help, command lists and suggestions.
    package var isHidden: Bool
    /// What other tools call this command (`login` for `signin`, as gh and gcloud do). Typing one
    /// is still an error, but the suggestion names this command: one name per command keeps
    /// help, completions and scripts unambiguous.
    package var familiarNames: [String]

    package init(
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
    package static let helpCommandName = "help"

    /// The direct subcommand called `name`, hidden ones included.
    package func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The visible subcommand `typed` most likely meant: one that other tools call `typed`, else
    /// a near miss of a name.
    package func suggestedSubcommand(for typed: String) -> String? {
        let visible = subcommands.filter { !$0.isHidden }
        if let familiar = visible.first(where: { $0.familiarNames.contains(typed.lowercased()) }) { return familiar.name }
        return EditDistance.suggestion(for: typed, among: visible.map(\.name))
    }

    /// The command at `path` below this one (`["providers", "add"]`), or nil.
    package func descendant(at path: [String]) -> CommandSpec? {
        var spec = self
        for name in path {
            guard let next = spec.subcommand(named: name) else { return nil }
            spec = next
        }
        return spec
    }

    /// The option whose long name is `long` (without dashes).
    package func option(named long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// Every path below this command, depth first, in declaration order (`[]` first).
    package func allPaths() -> [[String]] {
        var paths: [[String]] = [[]]
        for subcommand in subcommands {
            paths += subcommand.allPaths().map { [subcommand.name] + $0 }
        }
        return paths
    }
}

/// A positional argument of a command.
package struct ArgumentSpec: Sendable, Equatable {
    /// Shown as `<name>` in usage and help; also the key for ``ParsedInvocation/argument(_:)``.
    package var name: String
    package var help: String
    package var isOptional: Bool
    /// Takes every remaining positional; only allowed on the last argument.
    package var isRepeatable: Bool
    /// The values completion offers (`get`, `store`, `erase`); the command checks what it accepts.
    package var choices: [String]

    package init(_ name: String, help: String, isOptional: Bool = false, isRepeatable: Bool = false, choices: [String] = []) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeatable = isRepeatable
        self.choices = choices
    }
}

/// An option: `--long VALUE` (or `--long=VALUE`), or a flag `--long`, perhaps with a short `-x`.
package struct OptionSpec: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Present or not; `--flag=value` is an error.
        case flag
        /// Takes one value; `valueName` is the placeholder shown in help (`SECONDS`).
        case value(valueName: String)
    }

    /// Without the leading dashes (`provider`); the key for the accessors of ``ParsedInvocation``.
    package var long: String
    package var short: Character?
    package var kind: Kind
    package var help: String
    package var isRequired: Bool
    /// Options (long names) whose presence lifts ``isRequired`` (`--provider` is required unless
    /// `--custom-token-stdin` is given).
    package var requiredUnless: [String] = []
    /// May be given more than once; values are collected in order. A repeated flag is always
    /// allowed (it means the same as once); a repeated non-repeatable value option is an error.
    package var isRepeatable: Bool
    /// The value used when the option is absent, shown in help as `(default: ...)`.
    package var defaultValue: String?
    /// The environment variable consulted when the option is absent, shown as `(env: ...)`.
    /// The parser never reads the environment; the command does.
    package var environmentVariable: String?
    package var isHidden: Bool

    package init(
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
    package static func flag(_ long: String, short: Character? = nil, help: String, isHidden: Bool = false) -> OptionSpec {
        OptionSpec(long: long, short: short, kind: .flag, help: help, isHidden: isHidden)
    }

    /// An option with a value: `--long VALUE` or `--long=VALUE`.
    package static func value(
        _ long: String, _ valueName: String, short: Character? = nil, help: String, isRequired: Bool = false,
        isRepeatable: Bool = false, defaultValue: String? = nil, environmentVariable: String? = nil,
        isHidden: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short, kind: .value(valueName: valueName), help: help, isRequired: isRequired,
            isRepeatable: isRepeatable, defaultValue: defaultValue, environmentVariable: environmentVariable,
            isHidden: isHidden)
    }

    package var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// `--provider`
    package var displayName: String { "--" + long }

    /// `--provider ID`, or `--json` for a flag.
    package var synopsis: String {
        switch kind {
        case .flag: return displayName
        case .value(let valueName): return displayName + " " + valueName
        }
    }
}

/// An example in help: what it does, and the command line that does it (may span lines).
package struct Example: Sendable, Equatable {
    package var explanation: String
    package var commandLine: String

    package init(_ explanation: String, _ commandLine: String) {
        self.explanation = explanation
        self.commandLine = commandLine
    }
}
