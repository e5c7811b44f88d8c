import AuthApp

/// Every command of authctl, in the order help lists them: the one list from which the parser's
/// and the help generator's spec tree is built, and in which dispatch looks a command up.
/// Adding a command is one file (a ``Command`` type) and one line here. The backend kinds'
/// settings commands (`firebase use/show/off`) come from the registry, not from this list.
package enum CommandList {
    /// A command with code, a group of subcommands (`providers`, `account`, `config`), or the
    /// settings command a backend kind declares.
    enum Entry: Sendable {
        case command(any Command.Type)
        case group(CommandSpec, [Entry])
        case backendSettings(BackendSettingsCommand)

        /// The word that names it, without building a command's spec.
        var name: String {
            switch self {
            case .command(let type): type.name
            case .group(let spec, _): spec.name
            case .backendSettings(let declared): declared.name
            }
        }
    }

    /// The commands of authctl's own registry of backends.
    static let entries: [Entry] = entries(for: .standard)

    /// The commands, with the settings commands of `backends`' kinds after `config`.
    static func entries(for backends: BackendRegistry) -> [Entry] {
        commands.prefix { $0.name != CompletionCommand.name } + backends.settingsCommands.map(Entry.backendSettings)
            + commands.drop { $0.name != CompletionCommand.name }
    }

    private static let commands: [Entry] = [
        .command(SignInCommand.self),
        .command(LinkCommand.self),
        .command(ReauthCommand.self),
        .command(UnlinkCommand.self),
        .command(SignOutCommand.self),
        .command(WhoamiCommand.self),
        .command(StatusCommand.self),
        .command(TokenCommand.self),
        .command(ExecCommand.self),
        .command(GitCredentialCommand.self),
        .command(KubeCredentialCommand.self),
        .command(DockerCredentialCommand.self),
        .command(UsersCommand.self),
        .command(SwitchCommand.self),
        .command(MethodsCommand.self),
        .command(VerifyCommand.self),
        .group(providersGroup, [
            .command(ProvidersAddCommand.self), .command(ProvidersListCommand.self), .command(ProvidersShowCommand.self),
            .command(ProvidersRemoveCommand.self),
        ]),
        .group(accountGroup, [
            .command(AccountDeleteCommand.self), .command(AccountUpdateCommand.self), .command(AccountSendPasswordResetCommand.self),
            .command(SendVerificationCommand.self), .command(ApplyCodeCommand.self),
            .group(multiFactorGroup, [.command(MFAEnrollCommand.self), .command(MFAListCommand.self), .command(MFAUnenrollCommand.self)]),
        ]),
        .group(configGroup, [.command(ConfigSetCommand.self), .command(ConfigGetCommand.self), .command(ConfigListCommand.self)]),
        .command(CompletionCommand.self),
        .command(CompletionValuesCommand.self),
        .command(ManualCommand.self),
    ]

    /// The tree the parser and the help generator read: the entries, then `help`.
    package static let root = tree(rootSpec, entries: entries)

    /// The tree with the settings commands of `backends` (the context's registry).
    static func root(for backends: BackendRegistry) -> CommandSpec {
        let standard = BackendRegistry.standard
        return backends.settingsCommands == standard.settingsCommands && backends.idTokenOptions == standard.idTokenOptions
            ? root : tree(rootSpec, entries: entries(for: backends), backends: backends)
    }

    /// The tree cut down to the one top-level entry `arguments` name (the first word that names
    /// one), or nil if no word does. Running a command then builds its own spec and not all
    /// thirty: a third of `authctl token`'s own start-up time (Docs/Decisions/0017). A parse that
    /// succeeds on the cut tree succeeds the same way on the whole one.
    /// The kinds' settings commands are asked only for a word no command of the list has, so
    /// `authctl token` declares none of them.
    static func tree(for arguments: [String], backends: BackendRegistry = .standard) -> CommandSpec? {
        for word in arguments.prefix(while: { $0 != "--" }) where !word.hasPrefix("-") {
            if let entry = commands.first(where: { $0.name == word })
                ?? backends.settingsCommands.first(where: { $0.name == word }).map(Entry.backendSettings)
            {
                return tree(rootSpec, entries: [entry], backends: backends)
            }
        }
        return nil
    }

    /// The command type at `path` (`["providers", "add"]`), or nil for a group or an unknown path.
    static func command(at path: [String], in entries: [Entry] = entries) -> (any Command.Type)? {
        guard let name = path.first else { return nil }
        for entry in entries {
            switch entry {
            case .command(let type) where type.name == name && path.count == 1: return type
            case .group(let spec, let children) where spec.name == name: return command(at: Array(path.dropFirst()), in: children)
            case .command, .group, .backendSettings: continue
            }
        }
        return nil
    }

    /// What runs the command at `path` with `backends`: a command of the list (no kind asked), else
    /// the action of a kind's settings command.
    static func runnable(at path: [String], backends: BackendRegistry) -> (@Sendable (ParsedInvocation) throws -> any RunnableCommand)? {
        if let type = command(at: path, in: commands) { return { try type.init($0) } }
        return runnable(at: path, in: backends.settingsCommands.map(Entry.backendSettings))
    }

    /// What runs the command at `path`: its type's, or the action of a kind's settings command.
    static func runnable(at path: [String], in entries: [Entry] = entries) -> (@Sendable (ParsedInvocation) throws -> any RunnableCommand)? {
        if let type = command(at: path, in: entries) { return { try type.init($0) } }
        guard path.count == 2 else { return nil }
        for case .backendSettings(let declared) in entries where declared.name == path[0] {
            guard let action = declared.actions.first(where: { $0.name == path[1] }) else { return nil }
            return { BackendSettingsCommands.command($0, group: declared.name, action: action) }
        }
        return nil
    }

    /// `spec` with `entries` as its subcommands (and `help` at the root).
    static func tree(_ spec: CommandSpec, entries: [Entry], backends: BackendRegistry = .standard, addingHelp: Bool = true) -> CommandSpec {
        var spec = spec
        spec.subcommands = entries.map { entry in
            switch entry {
            case .command(let type): type.spec(for: backends)
            case .group(let group, let children): tree(group, entries: children, backends: backends, addingHelp: false)
            case .backendSettings(let declared): BackendSettingsCommands.spec(declared)
            }
        }
        if addingHelp { spec.subcommands.append(helpSpec) }
        return spec
    }

    // MARK: Groups and the root: help text only, no code of their own

    static let rootSpec = CommandSpec(
        name: "authctl",
        abstract: "Sign in with OpenID Connect providers from a terminal.",
        discussion: [
            "authctl signs you in through your browser, keeps the session in its home directory "
                + "(--home), and prints tokens for scripts."
        ],
        examples: [
            Example("add a provider", "authctl providers add github.com --client-id ID"),
            Example("sign in through your browser", "authctl signin --provider github.com"),
            Example("print an access token", "authctl token"),
        ],
        epilogue: [
            "Exit status: 0 ok, 1 unexpected failure, 2 usage error, 3 not signed in, 4 cancelled, "
                + "5 timed out, 6 account exists with a different credential, 7 credential already in use "
                + "or no such provider, 8 recent sign-in required or user mismatch, 9 provider error, "
                + "10 invalid credential, 11 keystore error, 12 configuration error; exec: 126 not executable, "
                + "127 not found. See the README."
        ])

    static let providersGroup = CommandSpec(
        name: "providers",
        abstract: "Add, list, show and remove the providers to sign in with.",
        discussion: [
            "Any OpenID Connect provider can be added with 'authctl providers add'; its settings, "
                + "client secret included, are kept in the authctl home directory (providers.json, 0600)."
        ],
        examples: [Example("List the providers:", "authctl providers list")])

    static let accountGroup = CommandSpec(
        name: "account",
        abstract: "Manage the signed-in user's account.",
        examples: [Example("Delete the current user from this keystore:", "authctl account delete")])

    static let multiFactorGroup = CommandSpec(
        name: "mfa",
        abstract: "Enrol, list and withdraw second factors (Firebase project).",
        examples: [Example("Enrol an authenticator app:", "authctl account mfa enroll totp")])

    static let configGroup = CommandSpec(
        name: "config",
        abstract: "Show or change the account rules.",
        discussion: [
            "Settings: one-account-per-email (true or false, default true: a new provider whose verified "
                + "email belongs to an existing user must be linked, not signed in as a second user); "
                + "recent-login-seconds (default 300: how recent a sign-in unlink and account delete need)."
        ],
        examples: [Example("Allow one user per provider identity:", "authctl config set one-account-per-email false")])

    /// `authctl help <command>...`: answered by the parser itself.
    static let helpSpec = CommandSpec(
        name: CommandSpec.helpCommandName,
        abstract: "Show help for a command.",
        arguments: [
            ArgumentSpec("command", help: "The command, and subcommand, to explain.", isOptional: true, isRepeatable: true)
        ],
        examples: [
            Example("Explain signin:", "authctl help signin"),
            Example("Explain a subcommand:", "authctl help providers add"),
        ])
}
