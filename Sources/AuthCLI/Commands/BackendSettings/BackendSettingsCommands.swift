import AuthApp
import AuthPlatform

/// The settings command a backend kind brings (`authctl firebase use/show/off`), made from what
/// the kind declares (``BackendSettingsCommand``): one code path for every kind, so the door
/// names none and a new kind's `authctl <kind> use/show/off` needs no door edit. The door only
/// spells the kind's words (``DoorText``) as it spells every command and option.
enum BackendSettingsCommands {
    /// The group's spec, its actions as subcommands.
    static func spec(_ declared: BackendSettingsCommand) -> CommandSpec {
        let group = declared.name
        return CommandSpec(
            name: group, abstract: declared.abstract, discussion: declared.discussion.map { words($0, group: group) },
            subcommands: declared.actions.map { spec($0, group: group) },
            examples: declared.examples.map { Example($0.explanation, words($0.commandLine, group: group)) })
    }

    /// An action's spec: its fields as options.
    static func spec(_ action: SettingsAction, group: String) -> CommandSpec {
        CommandSpec(
            name: action.name, abstract: action.abstract, discussion: action.discussion.map { words($0, group: group) },
            options: action.fields.map { option($0, group: group) },
            examples: action.examples.map { Example($0.explanation, words($0.commandLine, group: group)) })
    }

    static func option(_ field: SettingsField, group: String) -> OptionSpec {
        let help = words(field.help, group: group)
        guard let valueName = field.valueName else { return .flag(field.name, help: help) }
        var spec = OptionSpec.value(field.name, valueName, help: help, isRequired: field.requiredUnless != nil)
        spec.requiredUnless = field.requiredUnless ?? []
        return spec
    }

    /// `text` as this door spells it: `--name VALUE`, `authctl <group> <action>`, `authctl <command>`.
    static func words(_ text: DoorText, group: String? = nil) -> String {
        text.parts.map { part in
            switch part {
            case .text(let words): words
            case .value(let value): TerminalSafety.neutralised(value)
            case .option(let name, let value): "--" + name + (value.map { " " + $0 } ?? "")
            case .action(let action): (["authctl"] + (group.map { [$0] } ?? []) + [action]).joined(separator: " ")
            case .command(let words): (["authctl"] + words).joined(separator: " ")
            }
        }.joined()
    }

    /// `text` of `kind`, its actions spelled under its settings command.
    static func words(_ text: DoorText, of kind: any AccountBackendKind) -> String {
        words(text, group: kind.settingsCommand?.name)
    }

    /// The command that runs `action` of the kind whose settings command is `group`.
    static func command(_ invocation: ParsedInvocation, group: String, action: SettingsAction) -> Action {
        var values = SettingsValues()
        for field in action.fields {
            if field.valueName == nil {
                if invocation.flag(field.name) { values.flags.insert(field.name) }
            } else if let value = invocation.value(field.name) {
                values.values[field.name] = value
            }
        }
        return Action(group: group, action: action, values: values, commandPath: invocation.commandPath)
    }

    /// One action, as dispatch runs it: the kind's work, then its report rendered.
    struct Action: RunnableCommand {
        let group: String
        let action: SettingsAction
        let values: SettingsValues
        let commandPath: [String]

        func run(in env: CommandEnvironment) async throws -> ExitStatus {
            guard let kind = env.runtime.backends.kind(withSettingsCommand: group) else {
                throw UsageError.invalidUsage("'\(commandPath.joined(separator: " "))' has no implementation", command: commandPath)
            }
            let report: SettingsReport
            do {
                report = try await kind.runSettings(action.name, values, in: env.runtime)
            } catch let refusal as SettingsRefusal {
                throw UsageError.invalidUsage(words(refusal.message, group: group), command: commandPath)
            } catch let error as HTTPTransportError {
                if let notice = action.unreachableNotice { env.notice(TerminalText(trusted: words(notice, group: group))) }
                throw error
            }
            if env.json {
                env.output(report.json)
            } else if let text = report.text {
                env.output(TerminalText(untrusted: text.joined(separator: "\n") + "\n"))
            }
            if let notice = report.notice { env.notice(TerminalText(trusted: words(notice, group: group))) }
            return .success
        }
    }
}
