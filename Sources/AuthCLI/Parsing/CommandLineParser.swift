/// Turns argv into a ``ParsedCommandLine``, pure and total: every input is either a result or a
/// ``UsageError``; nothing is printed, nothing read from the environment.
///
/// ```swift
/// switch try CommandLineParser.parse(arguments) {
/// case .run(let invocation): ...          // invocation.commandPath == ["signin"]
/// case .help(let path): print(HelpGenerator.help(for: path)!)
/// case .version: ...
/// }
/// ```
///
/// Rules:
/// - `--opt value` and `--opt=value` (the value is everything after the first `=`); a value
///   never starts with `-` unless given with `=`. A flag given `=value` is an error.
/// - `--` ends options: everything after it is positional. A lone `-` is positional.
/// - Global options (``GlobalOptions``) are accepted before or after the command name. Options
///   of a command are accepted only after its name.
/// - `--help`/`-h` anywhere before `--` asks for help on the deepest command named so far, and
///   wins over any other error except an unknown command name. `--version` likewise (help wins).
/// - The first error, in argv order, is the one reported.
package enum CommandLineParser {
    package static func parse(
        _ arguments: [String], root: CommandSpec = CommandList.root
    ) throws(UsageError) -> ParsedCommandLine {
        var matcher = Matcher(root: root)
        return try matcher.match(Tokenizer.tokenize(arguments))
    }
}

/// Matches tokens against the spec tree, one token at a time, descending into subcommands.
private struct Matcher {
    let root: CommandSpec
    var spec: CommandSpec
    var path: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var helpRequested = false
    var versionRequested = false
    var firstError: UsageError?

    init(root: CommandSpec) {
        self.root = root
        self.spec = root
    }

    mutating func match(_ tokens: [ArgumentToken]) throws(UsageError) -> ParsedCommandLine {
        var next = 0
        while next < tokens.count {
            let token = tokens[next]
            next += 1
            switch token.kind {
            case .terminator:
                continue
            case .word(let word, let afterTerminator):
                guard !afterTerminator, !spec.subcommands.isEmpty, positionals.isEmpty else {
                    positionals.append(word)
                    continue
                }
                guard let subcommand = spec.subcommand(named: word) else {
                    // A word that is no command is often the value of a mistyped option: that
                    // option is the error to report, and --help typed earlier still wins.
                    if helpRequested { return .help(commandPath: path) }
                    if let firstError { throw firstError }
                    throw .unknownCommand(word, command: path, suggestion: spec.suggestedSubcommand(for: word))
                }
                path.append(word)
                spec = subcommand
            case .long(let name, let inlineValue):
                guard let option = option(long: name) else {
                    record(unknownLongOption(name))
                    continue
                }
                next = take(option, typed: "--" + name, inlineValue: inlineValue, tokens, next)
            case .short(let letters):
                guard letters.count == 1, let letter = letters.first, let option = option(short: letter) else {
                    record(.unknownOption(token.raw, command: path, suggestion: nil, owner: nil))
                    continue
                }
                next = take(option, typed: token.raw, inlineValue: nil, tokens, next)
            }
        }
        if helpRequested { return .help(commandPath: path) }
        if let firstError { throw firstError }
        if versionRequested { return .version }
        return try finish()
    }

    // MARK: Options

    private func option(long: String) -> OptionSpec? {
        spec.option(named: long) ?? GlobalOptions.specs.first { $0.long == long }
    }

    private func option(short: Character) -> OptionSpec? {
        spec.options.first { $0.short == short } ?? GlobalOptions.specs.first { $0.short == short }
    }

    /// Records `option`'s value or flag; returns the index of the next unread token.
    private mutating func take(
        _ option: OptionSpec, typed: String, inlineValue: String?, _ tokens: [ArgumentToken], _ next: Int
    ) -> Int {
        switch option.kind {
        case .flag:
            if let inlineValue {
                record(.flagWithValue(option: typed, value: inlineValue, command: path))
            } else if option.long == GlobalOptions.help.long {
                helpRequested = true
            } else if option.long == GlobalOptions.version.long {
                versionRequested = true
            } else {
                flags.insert(option.long)
            }
            return next
        case .value:
            var value = inlineValue
            var afterValue = next
            if value == nil, next < tokens.count, case .word(let word, _) = tokens[next].kind {
                value = word
                afterValue = next + 1
            }
            guard let value else {
                record(.missingValue(option: typed, command: path, nextArgument: next < tokens.count ? tokens[next].raw : nil))
                return next
            }
            if values[option.long] != nil, !option.isRepeatable {
                record(.duplicateOption(option.displayName, command: path))
            }
            values[option.long, default: []].append(value)
            return afterValue
        }
    }

    private func unknownLongOption(_ name: String) -> UsageError {
        let candidates = (spec.options + GlobalOptions.specs).filter { !$0.isHidden }.map(\.long)
        if let suggestion = EditDistance.suggestion(for: name, among: candidates) {
            return .unknownOption("--" + name, command: path, suggestion: "--" + suggestion, owner: nil)
        }
        // Typed before the name of the subcommand that declares it (`authctl --provider x signin`)?
        let owner = spec.allPaths().dropFirst().first { spec.descendant(at: $0)?.option(named: name) != nil }
        return .unknownOption("--" + name, command: path, suggestion: nil, owner: owner.map { path + $0 })
    }

    private mutating func record(_ error: UsageError) {
        if firstError == nil { firstError = error }
    }

    // MARK: After the last token

    private func finish() throws(UsageError) -> ParsedCommandLine {
        if path.isEmpty {
            if let extra = positionals.first { throw .unexpectedArgument(extra, command: path) }
            return .help(commandPath: [])
        }
        if !spec.subcommands.isEmpty {
            throw .missingSubcommand(command: path, available: spec.subcommands.filter { !$0.isHidden }.map(\.name))
        }
        if path == [CommandSpec.helpCommandName] {
            return .help(commandPath: try helpTarget())
        }
        let arguments = try bindArguments()
        let given = { (long: String) in self.values[long] != nil || self.flags.contains(long) }
        for option in spec.options where option.isRequired && !given(option.long) && !option.requiredUnless.contains(where: given) {
            throw .missingOption(option.displayName, command: path)
        }
        for group in spec.exclusiveOptions {
            let given = group.filter { values[$0] != nil || flags.contains($0) }
            if given.count > 1 {
                throw .conflictingOptions("--" + given[0], "--" + given[1], command: path)
            }
        }
        let declared = spec.options + GlobalOptions.specs
        var defaults: [String: String] = [:]
        var environmentVariables: [String: String] = [:]
        for option in declared {
            defaults[option.long] = option.defaultValue
            environmentVariables[option.long] = option.environmentVariable
        }
        return .run(
            ParsedInvocation(
                commandPath: path, options: values, flags: flags, positionals: positionals, arguments: arguments,
                globals: GlobalOptions(values: values, flags: flags), defaults: defaults,
                environmentVariables: environmentVariables,
                declaredNames: Set(declared.map(\.long)).union(spec.arguments.map(\.name))))
    }

    /// Gives each positional to the argument that takes it, in order.
    private func bindArguments() throws(UsageError) -> [String: [String]] {
        var bound: [String: [String]] = [:]
        var rest = positionals[...]
        for argument in spec.arguments {
            if argument.isRepeatable {
                if rest.isEmpty, !argument.isOptional { throw .missingArgument(argument.name, command: path) }
                if !rest.isEmpty { bound[argument.name] = Array(rest) }
                rest = []
            } else if let first = rest.popFirst() {
                bound[argument.name] = [first]
            } else if !argument.isOptional {
                throw .missingArgument(argument.name, command: path)
            }
        }
        if let extra = rest.first { throw .unexpectedArgument(extra, command: path) }
        return bound
    }

    /// `authctl help providers add` -> `["providers", "add"]`, checked against the tree.
    private func helpTarget() throws(UsageError) -> [String] {
        var target: [String] = []
        var command = root
        for word in positionals {
            guard !command.subcommands.isEmpty else { throw .unexpectedArgument(word, command: path) }
            guard let next = command.subcommand(named: word) else {
                throw .unknownCommand(word, command: target, suggestion: command.suggestedSubcommand(for: word))
            }
            target.append(word)
            command = next
        }
        return target
    }
}
