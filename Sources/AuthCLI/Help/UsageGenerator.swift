/// Usage lines, derived from a ``CommandSpec``: the full one for help, the short one for errors.
package enum UsageGenerator {
    /// `authctl providers add`.
    package static func commandName(_ path: [String], root: CommandSpec = CommandList.root) -> String {
        ([root.name] + path).joined(separator: " ")
    }

    /// One line for error messages: the command, its arguments, its required options, and
    /// `[options]` if it has others. `authctl signin --provider ID [options]`.
    package static func shortUsage(_ spec: CommandSpec, path: [String], root: CommandSpec = CommandList.root) -> String {
        var items = [commandName(path, root: root)]
        if !spec.subcommands.isEmpty {
            items.append("<command>")
        } else {
            items += spec.arguments.map(argumentItem)
            items += spec.options.filter { $0.isRequired && !$0.isHidden }.map(optionItem)
        }
        if spec.options.contains(where: { !$0.isRequired && !$0.isHidden }) || path.isEmpty || !spec.subcommands.isEmpty {
            items.append("[options]")
        }
        return items.joined(separator: " ")
    }

    /// The usage lines at the top of help, wrapped to `width`, first one prefixed `Usage: `.
    /// A command with subcommands shows the short usage of each; others list every option.
    package static func fullUsage(
        _ spec: CommandSpec, path: [String], root: CommandSpec = CommandList.root, width: Int = HelpGenerator.width
    ) -> [String] {
        let prefix = "Usage: "
        let continuation = String(repeating: " ", count: prefix.count)
        if !spec.subcommands.isEmpty {
            var lines = [prefix + shortUsage(spec, path: path, root: root)]
            if !path.isEmpty {
                for subcommand in spec.subcommands where !subcommand.isHidden {
                    lines.append(continuation + shortUsage(subcommand, path: path + [subcommand.name], root: root))
                }
            }
            return lines
        }
        let name = commandName(path, root: root)
        var items = spec.arguments.map(argumentItem)
        var grouped: Set<String> = []
        for option in spec.options where !option.isHidden && !grouped.contains(option.long) {
            if let group = spec.exclusiveOptions.first(where: { $0.contains(option.long) }) {
                // An option already shown in an earlier group is not repeated: `[--a | --b] [--c]`.
                let members = group.compactMap { spec.option(named: $0) }
                    .filter { !$0.isHidden && !grouped.contains($0.long) }
                grouped.formUnion(members.map(\.long))
                items.append(members.count == 1 ? optionItem(members[0]) : "[" + members.map(\.synopsis).joined(separator: " | ") + "]")
            } else {
                items.append(optionItem(option))
            }
        }
        // Hang continuation lines under the first item, unless that leaves too little room.
        var hanging = prefix.count + name.count + 1
        if hanging > width / 2 { hanging = prefix.count + 4 }
        var lines: [String] = []
        var line = prefix + name
        for item in items {
            if line.count + 1 + item.count > width, line.count > hanging {
                lines.append(line)
                line = String(repeating: " ", count: hanging) + item
            } else {
                line += " " + item
            }
        }
        lines.append(line)
        return lines
    }

    /// `<id>`, `[<id>]`, `<id>...`, `[<id>...]`.
    static func argumentItem(_ argument: ArgumentSpec) -> String {
        let core = "<\(argument.name)>" + (argument.isRepeatable ? "..." : "")
        return argument.isOptional ? "[\(core)]" : core
    }

    /// `--provider ID`, `[--timeout SECONDS]`, `[--scope SCOPE]...`.
    static func optionItem(_ option: OptionSpec) -> String {
        let core = option.isRequired ? option.synopsis : "[\(option.synopsis)]"
        return core + (option.isRepeatable ? "..." : "")
    }
}
