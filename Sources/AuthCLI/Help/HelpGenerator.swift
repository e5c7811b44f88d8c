/// Renders the help of any command from its ``CommandSpec``: the one place help text is laid
/// out, so every command's help has the same shape. Plain text, no color, stable (pinned by
/// golden tests), every line at most ``width`` columns.
///
/// Sections, each present only if non-empty: abstract, usage, discussion, arguments, options,
/// commands, global options, examples, epilogue, and a pointer to subcommand help.
package enum HelpGenerator {
    package static let width = 80
    /// The widest label that still shares its line with the help text.
    static let maximumLabelWidth = 24
    static let indent = 2

    /// The help for the command at `path` (`[]` for authctl itself), or nil if there is none.
    package static func help(for path: [String], root: CommandSpec = CommandList.root) -> String? {
        guard let spec = root.descendant(at: path) else { return nil }
        return render(spec, path: path, root: root)
    }

    /// The help for `spec`, found at `path` below `root`. Ends with a newline.
    package static func render(_ spec: CommandSpec, path: [String], root: CommandSpec = CommandList.root) -> String {
        let arguments = spec.arguments.map { (label: "<\($0.name)>", text: $0.help) }
        let options = spec.options.filter { !$0.isHidden }.map { (label: optionLabel($0), text: optionHelp($0)) }
        let commands = spec.subcommands.filter { !$0.isHidden }.map { (label: $0.name, text: $0.abstract) }
        let globals = GlobalOptions.specs.filter { !$0.isHidden }.map { (label: optionLabel($0), text: optionHelp($0)) }
        let labelWidth = (arguments + options + commands + globals).map(\.label.count).filter { $0 <= maximumLabelWidth }.max() ?? 0
        let column = indent + labelWidth + 2

        var sections: [[String]] = []
        sections.append(TextLayout.wrap(spec.abstract, width: width))
        sections.append(UsageGenerator.fullUsage(spec, path: path, root: root, width: width))
        for paragraph in spec.discussion {
            sections.append(TextLayout.paragraph(paragraph, indent: 0, width: width))
        }
        func table(_ title: String, _ rows: [(label: String, text: String)]) {
            guard !rows.isEmpty else { return }
            sections.append(
                [title + ":"] + rows.flatMap { TextLayout.row(label: $0.label, text: $0.text, indent: indent, column: column, width: width) })
        }
        table("Arguments", arguments)
        table("Options", options)
        if path.isEmpty {
            // authctl's own help ends with what a person needs first: at 80x24 the terminal shows
            // its last lines, so the commands and the first steps come last, the global options
            // and exit statuses before them (issue 39: the commands scrolled away).
            table("Global options", globals)
            for paragraph in spec.epilogue {
                sections.append(TextLayout.paragraph(paragraph, indent: 0, width: width))
            }
            table("Commands", commands)
            sections.append(gettingStarted(spec.examples))
            let helpCommand = UsageGenerator.commandName([CommandSpec.helpCommandName], root: root)
            sections.append(TextLayout.wrap("See '\(helpCommand) <command>' for help on a command.", width: width))
            return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
        }
        table("Commands", commands)
        table("Global options", globals)
        if !spec.examples.isEmpty {
            var lines = ["Examples:"]
            for (number, example) in spec.examples.enumerated() {
                if number > 0 { lines.append("") }
                lines += TextLayout.indented(example.explanation, indent: indent, width: width)
                lines += example.commandLine.split(separator: "\n").map { String(repeating: " ", count: indent * 2) + $0 }
            }
            sections.append(lines)
        }
        for paragraph in spec.epilogue {
            sections.append(TextLayout.paragraph(paragraph, indent: 0, width: width))
        }
        if !spec.subcommands.isEmpty {
            let helpCommand = UsageGenerator.commandName([CommandSpec.helpCommandName] + path, root: root)
            sections.append(TextLayout.wrap("See '\(helpCommand) <command>' for help on a command.", width: width))
        }
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// The root's examples as the first steps, one line each: the command, then what it does.
    static func gettingStarted(_ examples: [Example]) -> [String] {
        let width = examples.map(\.commandLine.count).max() ?? 0
        return ["Getting started:"] + examples.map { example in
            String(repeating: " ", count: indent) + example.commandLine
                + String(repeating: " ", count: width - example.commandLine.count + 2) + example.explanation
        }
    }

    /// `-h, --help` or `--timeout SECONDS`.
    static func optionLabel(_ option: OptionSpec) -> String {
        (option.short.map { "-\($0), " } ?? "") + option.synopsis
    }

    /// The help text with what the spec says about it: `(required)`, `(repeatable)`,
    /// `(default: 300)`, `(env: AUTHCTL_HOME)`.
    static func optionHelp(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if option.isRequired {
            notes.append(option.requiredUnless.isEmpty ? "required" : "required unless " + option.requiredUnless.map { "--" + $0 }.joined(separator: " or "))
        }
        if option.isRepeatable { notes.append("repeatable") }
        if let defaultValue = option.defaultValue { notes.append("default:\(TextLayout.glue)\(defaultValue)") }
        if let variable = option.environmentVariable { notes.append("env:\(TextLayout.glue)\(variable)") }
        return notes.isEmpty ? option.help : option.help + " (" + notes.joined(separator: ";\(TextLayout.glue)") + ")"
    }
}
