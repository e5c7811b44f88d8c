import AuthPlatform

/// The options every command accepts, before or after the command name:
/// `authctl --json whoami` and `authctl whoami --json` mean the same.
package struct GlobalOptions: Sendable, Equatable {
    /// `--home DIR` as given on the command line; nil if absent. The parser does not read
    /// `AUTHCTL_HOME`: use ``home(environment:)``.
    package var home: String?
    package var json: Bool
    package var verbose: Bool
    package var noColor: Bool

    package init(home: String? = nil, json: Bool = false, verbose: Bool = false, noColor: Bool = false) {
        self.home = home
        self.json = json
        self.verbose = verbose
        self.noColor = noColor
    }

    /// `--home`, else `AUTHCTL_HOME` (if not empty), else nil: the caller picks the platform default.
    package func home(environment: EnvironmentVariables) -> String? {
        if let home { return home }
        if let variable = Self.home.environmentVariable, let value = environment[variable], !value.isEmpty {
            return value
        }
        return nil
    }

    package static let home = OptionSpec.value(
        "home", "DIR",
        help: "Directory for the session and provider settings. Default: $XDG_CONFIG_HOME/authctl or ~/.config/authctl.",
        environmentVariable: "AUTHCTL_HOME")
    package static let json = OptionSpec.flag("json", help: "Print results, and errors, as JSON.")
    package static let verbose = OptionSpec.flag("verbose", help: "Explain each step on stderr. Secrets are never printed.")
    package static let noColor = OptionSpec.flag("no-color", help: "Do not color the output.")
    package static let help = OptionSpec.flag("help", short: "h", help: "Show help for the command.")
    package static let version = OptionSpec.flag("version", help: "Print the version of authctl.")

    /// In the order help lists them.
    package static let specs: [OptionSpec] = [home, json, verbose, noColor, help, version]

    /// Builds the typed view from what the parser collected.
    init(values: [String: [String]], flags: Set<String>) {
        self.init(
            home: values[Self.home.long]?.last, json: flags.contains(Self.json.long),
            verbose: flags.contains(Self.verbose.long), noColor: flags.contains(Self.noColor.long))
    }
}
