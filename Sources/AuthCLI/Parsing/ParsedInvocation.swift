/// What a command line asks for.
package enum ParsedCommandLine: Sendable, Equatable {
    /// Run the command at `invocation.commandPath`.
    case run(ParsedInvocation)
    /// Print help for the command at this path (`[]` for authctl itself) on stdout; exit 0.
    /// From `--help`/`-h` anywhere before `--`, `authctl help <command>...`, or a bare `authctl`.
    case help(commandPath: [String])
    /// Print the version on stdout; exit 0.
    case version
}

/// A command line matched against its ``CommandSpec``: every option known, every required
/// option and argument present. Options are keyed by long name without dashes.
package struct ParsedInvocation: Sendable, Equatable {
    /// `["providers", "add"]`.
    package var commandPath: [String]
    /// Values of value options as given, in order (global `--home` included).
    package var options: [String: [String]]
    /// Flags given (global flags such as `json` included).
    package var flags: Set<String>
    /// Positionals in order, as typed.
    package var positionals: [String]
    /// Positionals bound to the command's arguments by name; a repeatable argument gets all the
    /// rest, an absent optional one has no entry.
    package var arguments: [String: [String]]
    package var globals: GlobalOptions
    /// Defaults from the spec, used by ``value(_:)`` when an option is absent.
    package var defaults: [String: String]
    /// Environment variable names from the spec (shown in help; commands read the variables).
    package var environmentVariables: [String: String]
    /// Every option and argument name the command declares, so that asking for an undeclared
    /// one (a typo in a command's code) fails loudly in tests instead of reading as "absent".
    var declaredNames: Set<String>

    package init(
        commandPath: [String], options: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = [],
        arguments: [String: [String]] = [:], globals: GlobalOptions = GlobalOptions(), defaults: [String: String] = [:],
        environmentVariables: [String: String] = [:], declaredNames: Set<String>? = nil
    ) {
        self.commandPath = commandPath
        self.options = options
        self.flags = flags
        self.positionals = positionals
        self.arguments = arguments
        self.globals = globals
        self.defaults = defaults
        self.environmentVariables = environmentVariables
        self.declaredNames =
            declaredNames
            ?? Set(options.keys).union(flags).union(arguments.keys).union(defaults.keys).union(environmentVariables.keys)
    }

    /// Equal when the command line means the same: the spec-derived fields (defaults, environment
    /// variable names, declared names) are not compared.
    package static func == (lhs: ParsedInvocation, rhs: ParsedInvocation) -> Bool {
        lhs.commandPath == rhs.commandPath && lhs.options == rhs.options && lhs.flags == rhs.flags
            && lhs.positionals == rhs.positionals && lhs.arguments == rhs.arguments && lhs.globals == rhs.globals
    }

    private func checkDeclared(_ name: String) {
        assert(declaredNames.contains(name), "'\(name)' is not declared by 'authctl \(commandPath.joined(separator: " "))'")
    }

    /// The last value given for `--name`, else its default, else nil.
    package func value(_ name: String) -> String? {
        checkDeclared(name)
        return options[name]?.last ?? defaults[name]
    }

    /// Every value given for a repeatable `--name`, in command-line order.
    package func values(_ name: String) -> [String] {
        checkDeclared(name)
        return options[name] ?? []
    }

    package func flag(_ name: String) -> Bool {
        checkDeclared(name)
        return flags.contains(name)
    }

    /// The positional bound to argument `name`.
    package func argument(_ name: String) -> String? {
        checkDeclared(name)
        return arguments[name]?.first
    }

}

// MARK: - Typed values

extension ParsedInvocation {
    /// `--name` as a whole number in `range`, or nil if absent and without default.
    package func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw .invalidValue(
                option: "--" + name, value: text, reason: "expected a whole number from \(range.lowerBound) to \(range.upperBound)",
                command: commandPath)
        }
        return number
    }

    /// `--name` as a number of seconds in `range`: `300`, `300s`, `5m` or `1h`.
    package func seconds(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let seconds = Self.parseSeconds(text), range.contains(seconds) else {
            throw .invalidValue(
                option: "--" + name, value: text,
                reason: "expected a number of seconds from \(range.lowerBound) to \(range.upperBound) (such as 300, 90s or 5m)",
                command: commandPath)
        }
        return seconds
    }

    static func parseSeconds(_ text: String) -> Int? {
        let multipliers: [Character: Int] = ["s": 1, "m": 60, "h": 3600]
        var digits = Substring(text)
        var multiplier = 1
        if let last = digits.last, let unit = multipliers[last] {
            multiplier = unit
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else {
            return nil
        }
        let (seconds, overflow) = number.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : seconds
    }
}
