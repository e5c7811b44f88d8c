import AuthPlatform

/// Text a backend kind hands a front door to word: its own words, the values it read (a
/// project's id: untrusted, neutralised by the door), and the options and commands it means,
/// named by what they are and spelled by the door (`--api-key`, `authctl firebase off`). So a
/// kind's help and notices sit below the doors without a door's spelling in them (Decisions/0032,
/// `NoCommandTextBelowTheAdaptersTests`), and the door is the one place that spells a command.
package struct DoorText: Sendable, Equatable, ExpressibleByStringInterpolation {
    package enum Part: Sendable, Equatable {
        /// The kind's own words.
        case text(String)
        /// A value from outside (settings, a project's answer): neutralised on the way out.
        case value(String)
        /// An option by its long name, with its value's placeholder or an example value.
        case option(String, value: String?)
        /// One of the kind's own settings actions (`use`, `show`, `off`): the door's command for it.
        case action(String)
        /// Another command of the door, by its words (`signin`, `token`).
        case command([String])
    }

    package private(set) var parts: [Part]

    package init(parts: [Part]) { self.parts = parts }
    package init(stringLiteral value: String) { parts = [.text(value)] }
    package init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    package static func + (left: DoorText, right: DoorText) -> DoorText { DoorText(parts: left.parts + right.parts) }

    package struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        package init(literalCapacity: Int, interpolationCount: Int) {}
        package mutating func appendLiteral(_ literal: String) { if !literal.isEmpty { parts.append(.text(literal)) } }
        /// A value from outside.
        package mutating func appendInterpolation(_ value: some StringProtocol) { parts.append(.value(String(value))) }
        /// An option, as `option: "api-key", "KEY"`.
        package mutating func appendInterpolation(option name: String, _ value: String? = nil) { parts.append(.option(name, value: value)) }
        /// The kind's own action, as `action: "off"`.
        package mutating func appendInterpolation(action name: String) { parts.append(.action(name)) }
        /// Another command, as `command: "signin"`.
        package mutating func appendInterpolation(command words: String...) { parts.append(.command(words)) }
        /// Text already made of parts.
        package mutating func appendInterpolation(_ text: DoorText) { parts += text.parts }
    }
}

/// The settings command a kind brings (`authctl firebase use/show/off`): its group's name and
/// words, and each action with its fields. A front door turns it into commands with one code
/// path, so a new kind's settings command needs no door edit; what an action does is the kind's
/// ``AccountBackendKind/runSettings(_:_:in:)``.
package struct BackendSettingsCommand: Sendable, Equatable {
    /// The group's word (the kind's id, usually).
    package var name: String
    package var abstract: String
    package var discussion: [DoorText]
    package var examples: [DoorExample]
    /// In the order help lists them.
    package var actions: [SettingsAction]

    package init(name: String, abstract: String, discussion: [DoorText] = [], examples: [DoorExample] = [], actions: [SettingsAction]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.actions = actions
    }
}

/// One action of a settings command (`use`, `show`, `off`).
package struct SettingsAction: Sendable, Equatable {
    package var name: String
    package var abstract: String
    package var discussion: [DoorText]
    package var fields: [SettingsField]
    package var examples: [DoorExample]
    /// Said (before the error) when the action could not reach the backend at all.
    package var unreachableNotice: DoorText?

    package init(
        name: String, abstract: String, discussion: [DoorText] = [], fields: [SettingsField] = [], examples: [DoorExample] = [],
        unreachableNotice: DoorText? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.fields = fields
        self.examples = examples
        self.unreachableNotice = unreachableNotice
    }
}

/// A setting an action takes: a value (`valueName` set) or a switch.
package struct SettingsField: Sendable, Equatable {
    /// The option's long name (`api-key`).
    package var name: String
    /// The value's placeholder (`KEY`); nil for a switch.
    package var valueName: String?
    package var help: DoorText
    /// Required unless one of these fields is given; nil: optional.
    package var requiredUnless: [String]?

    /// A value.
    package static func value(_ name: String, _ valueName: String, help: DoorText, requiredUnless: [String]? = nil) -> SettingsField {
        SettingsField(name: name, valueName: valueName, help: help, requiredUnless: requiredUnless)
    }

    /// A switch.
    package static func flag(_ name: String, help: DoorText) -> SettingsField {
        SettingsField(name: name, valueName: nil, help: help, requiredUnless: nil)
    }
}

/// An example in help: what it shows, and the command line (usually one of the kind's actions).
package struct DoorExample: Sendable, Equatable {
    package var explanation: String
    package var commandLine: DoorText

    package init(_ explanation: String, _ commandLine: DoorText) {
        self.explanation = explanation
        self.commandLine = commandLine
    }
}

/// The fields given to an action: values by field name, and the switches given.
package struct SettingsValues: Sendable, Equatable {
    package var values: [String: String]
    package var flags: Set<String>

    package init(values: [String: String] = [:], flags: Set<String> = []) {
        self.values = values
        self.flags = flags
    }

    package subscript(_ field: String) -> String? { values[field] }
    package func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// What an action answers: its `--json` document, the text it prints instead (nil: none), and
/// what it says on stderr.
package struct SettingsReport: Sendable, Equatable {
    package var json: JSONValue
    /// Lines for stdout without `--json` (untrusted settings among them).
    package var text: [String]?
    package var notice: DoorText?

    package init(json: JSONValue, text: [String]? = nil, notice: DoorText? = nil) {
        self.json = json
        self.text = text
        self.notice = notice
    }
}

/// Fields given in a combination the action refuses: a usage error at the door (exit 2).
package struct SettingsRefusal: Error, Sendable, Equatable {
    package var message: DoorText

    package init(_ message: DoorText) { self.message = message }
}

/// The option of `verify` that asks for a kind's own ID token (`--firebase`), and its words: the
/// kind's, so the door's `verify` names no backend.
package struct IDTokenOption: Sendable, Equatable {
    /// The option's long name.
    package var name: String
    package var help: DoorText
    /// Why an expected audience or nonce does not go with it (the token's audience is fixed).
    package var fixedAudience: DoorText
    /// What an unsigned token accepted by a setting is (an emulator's), for the door's note.
    package var unsignedToken: String
    /// An example for `verify`'s help.
    package var example: DoorExample?

    package init(name: String, help: DoorText, fixedAudience: DoorText, unsignedToken: String, example: DoorExample? = nil) {
        self.name = name
        self.help = help
        self.fixedAudience = fixedAudience
        self.unsignedToken = unsignedToken
        self.example = example
    }
}

/// A row a kind adds to a door's reference tables (the manual's FILES and ENVIRONMENT, README's
/// files table): the file names (or variables) and what they hold.
package struct ReferenceRow: Sendable, Equatable {
    package var names: [String]
    package var text: DoorText

    package init(_ names: [String], _ text: DoorText) {
        self.names = names
        self.text = text
    }
}
