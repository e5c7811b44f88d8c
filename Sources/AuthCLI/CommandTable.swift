import AuthOAuth

/// Every command of authctl, as data. The parser (``CommandLineParser``) and the help generator
/// (``HelpGenerator``) read only this table: adding a command or an option is adding a value
/// here (and its golden help in `Tests/AuthCLITests/Help/`), nothing else.
///
/// Help style: abstracts are one sentence, imperative, ending in a period; option help says what
/// the option does, not its type; defaults, environment variables, "required" and "repeatable"
/// come from the spec and are added by the generator.
public enum CommandTable {
    public static let root = CommandSpec(
        name: "authctl",
        abstract: "Sign in with OpenID Connect providers from a terminal.",
        discussion: [
            "authctl signs you in through your browser, keeps the session in its home directory "
                + "(--home), and prints tokens for scripts."
        ],
        subcommands: [
            signin, link, reauth, unlink, signout, whoami, token, users, switchUser, methods, verify, providers,
            account, config, help,
        ],
        epilogue: [
            "Exit status: 0 ok, 1 unexpected failure, 2 usage error, 3 not signed in, 4 cancelled, "
                + "5 timed out, 6 account exists with a different credential, 7 credential already in use "
                + "or no such provider, 8 recent sign-in required or user mismatch, 9 provider error, "
                + "10 invalid credential, 11 keystore error, 12 configuration error. See the README."
        ])

    // MARK: - Shared options

    static let providerHelp = "github.com, yahoo.com, or an oidc.<name>, added with 'authctl providers add'."

    /// The options of every browser sign-in (signin, link, reauth), after `--provider`.
    static let browserFlowOptions: [OptionSpec] = [
        .value(
            "scope", "SCOPE", help: "Ask for this scope in addition to the provider's default ones.",
            isRepeatable: true),
        .value(
            "param", "KEY=VALUE",
            help: "Add a parameter to the authorization request, such as prompt=login or login_hint=EMAIL.",
            isRepeatable: true),
        .value(
            "timeout", "SECONDS", help: "Give up if the sign-in is not completed in time.", defaultValue: "300"),
        .value(
            "browser", "COMMAND", help: "Open the sign-in URL with this command instead of the system's default.",
            environmentVariable: "AUTHCTL_BROWSER"),
        .flag("no-browser", help: "Do not open a browser; only print the sign-in URL."),
        .flag(
            "paste",
            help: "Also accept the redirected address, or the code, pasted on stdin (automatic with "
                + "--no-browser on a terminal): for a browser on another machine."),
        .flag(
            "device",
            help: "Sign in with a code entered on another device (RFC 8628), for SSH sessions, containers "
                + "and CI; for GitHub and providers with a device authorization endpoint."),
        .value(
            "redirect-port", "PORT",
            help: "Wait for the redirect on this port instead of a random free one, for providers that only "
                + "accept a registered redirect URI."),
    ]

    static let browserFlowExclusions = [["browser", "no-browser"]]

    static let browserFlowDiscussion =
        "The sign-in URL is always printed on stderr, so you can open it by hand if no browser "
        + "appears. --no-browser only prints it. --browser, or AUTHCTL_BROWSER, names the command "
        + "that opens it (the URL is added as its last argument; the command is split on spaces). "
        + "Without a terminal, or with CI set, no browser is opened unless --browser says so: use "
        + "--device, --no-browser or --id-token-stdin there."

    // MARK: - Commands

    static let signin = CommandSpec(
        name: "signin",
        abstract: "Sign in with a provider through your browser.",
        discussion: [
            "authctl opens the provider's sign-in page in your browser and waits for the provider to "
                + "redirect back to a one-time listener on 127.0.0.1 (OAuth authorization code flow with "
                + "PKCE). When the sign-in completes, the session is saved and the user is shown.",
            browserFlowDiscussion,
            "Nothing is stored unless every check passes: state, iss, the ID token's signature and "
                + "claims, and userinfo. Signing in again with the same identity lands on the same user.",
            "If a user with the same verified email already signs in with another provider, the sign-in "
                + "stops (status 6) and the new credential is kept for 10 minutes: sign in with the provider "
                + "you used before, then run 'authctl link --pending' to add this one.",
        ],
        options: [.value("provider", "ID", help: "The provider to sign in with: " + providerHelp, isRequired: true)]
            + browserFlowOptions + [
                .flag(
                    "id-token-stdin",
                    help: "Sign in with an ID token read on stdin (for CI) instead of the browser. It is verified "
                        + "against the provider: signature, issuer, audience (the client ID), expiry."),
                .value(
                    "raw-nonce", "NONCE",
                    help: "With --id-token-stdin: the token's nonce must be the SHA-256 (hex) of NONCE."),
            ],
        exclusiveOptions: browserFlowExclusions + [["id-token-stdin", "browser"], ["id-token-stdin", "no-browser"]],
        examples: [
            Example("Sign in with a provider you added:", "authctl signin --provider oidc.corp"),
            Example(
                "Sign in to a provider you added, asking for one more scope and a fresh login:",
                "authctl signin --provider oidc.corp --scope groups --param prompt=login"),
            Example(
                "In CI, sign in with an ID token issued to the job:",
                "echo \"$ID_TOKEN\" | authctl signin --provider oidc.ci --id-token-stdin"),
        ])

    static let link = CommandSpec(
        name: "link",
        abstract: "Link another provider to the signed-in user.",
        discussion: [
            "Runs the same browser sign-in as 'authctl signin', then adds that provider's identity to "
                + "the current user, so that either provider signs you in afterwards. Nothing changes if "
                + "the identity already belongs to another user or the provider is already linked.",
            browserFlowDiscussion,
        ],
        options: [
            .value("provider", "ID", help: "The provider to link: " + providerHelp),
            .flag(
                "pending",
                help: "Link the credential saved when a sign-in stopped because the account already exists."),
        ] + browserFlowOptions,
        exclusiveOptions: browserFlowExclusions + [["provider", "pending"]],
        examples: [
            Example("Let another provider sign you in too:", "authctl link --provider oidc.lab"),
            Example(
                "Finish an 'account exists' sign-in, after signing in with your usual provider:",
                "authctl link --pending"),
        ])

    static let reauth = CommandSpec(
        name: "reauth",
        abstract: "Sign in again as the current user, to prove it is still you.",
        discussion: [
            "Some changes, such as linking or unlinking a provider, need a recent sign-in. reauth runs "
                + "the browser sign-in again and fails with a user mismatch if a different user comes "
                + "back; the session is kept either way.",
            browserFlowDiscussion,
        ],
        options: [
            .value(
                "provider", "ID",
                help: "The provider to sign in with. Default: the one the current user signed in with.")
        ] + browserFlowOptions,
        exclusiveOptions: browserFlowExclusions,
        examples: [
            Example("Sign in again with the same provider:", "authctl reauth"),
            Example("Prove it is you through a linked provider:", "authctl reauth --provider oidc.corp"),
        ])

    static let unlink = CommandSpec(
        name: "unlink",
        abstract: "Remove a linked provider from the signed-in user.",
        discussion: [
            "The provider can no longer sign you in as this user; the other linked providers still can. "
                + "It needs a sign-in within the last 5 minutes (see 'authctl config'); the last provider "
                + "cannot be unlinked (use 'authctl account delete').",
        ],
        options: [.value("provider", "ID", help: "The provider to remove from the user.", isRequired: true)],
        examples: [Example("Stop signing in with a provider:", "authctl unlink --provider oidc.lab")])

    static let signout = CommandSpec(
        name: "signout",
        abstract: "Sign out: forget the current session and its tokens.",
        discussion: [
            "Signs out the current user only; the user record stays, so signing in again lands on the "
                + "same user. Providers added with 'authctl providers add' are kept."
        ],
        options: [
            .flag("all", help: "Sign out every user in this keystore."),
            .flag(
                "revoke",
                help: "Also revoke the tokens at the provider (RFC 7009, or GitHub's token deletion). The "
                    + "local session is removed even if that fails; then the exit status is 9."),
        ],
        examples: [Example("Sign out:", "authctl signout"), Example("Sign everyone out:", "authctl signout --all")])

    static let users = CommandSpec(
        name: "users",
        abstract: "List the users in this keystore, marking the current one.",
        examples: [Example("List them as JSON:", "authctl users --json")])

    static let switchUser = CommandSpec(
        name: "switch",
        abstract: "Make another signed-in user the current one.",
        arguments: [ArgumentSpec("user", help: "The uid or email of the user, as 'authctl users' shows it.")],
        examples: [Example("Switch to Bob:", "authctl switch bob@example.com")])

    static let methods = CommandSpec(
        name: "methods",
        abstract: "List the providers a local account with this email signs in with.",
        discussion: ["Prints nothing when no account has the email."],
        arguments: [ArgumentSpec("email", help: "The email address.")],
        examples: [Example("How does Alice sign in?", "authctl methods alice@example.com")])

    static let account = CommandSpec(
        name: "account",
        abstract: "Manage the signed-in user's account.",
        subcommands: [accountDelete],
        examples: [Example("Delete the current user from this keystore:", "authctl account delete")])

    static let accountDelete = CommandSpec(
        name: "delete",
        abstract: "Delete the signed-in user and their tokens from this keystore.",
        discussion: ["Needs a sign-in within the last 5 minutes (run 'authctl reauth' first)."],
        examples: [Example("Delete the current user:", "authctl account delete")])

    static let config = CommandSpec(
        name: "config",
        abstract: "Show or change the account rules.",
        discussion: [
            "Settings: one-account-per-email (true or false, default true: a new provider whose verified "
                + "email belongs to an existing user must be linked, not signed in as a second user); "
                + "recent-login-seconds (default 300: how recent a sign-in unlink and account delete need)."
        ],
        subcommands: [configSet, configGet, configList],
        examples: [Example("Allow one user per provider identity:", "authctl config set one-account-per-email false")])

    static let configSet = CommandSpec(
        name: "set",
        abstract: "Change a setting.",
        arguments: [ArgumentSpec("key", help: "The setting's name."), ArgumentSpec("value", help: "Its new value.")],
        examples: [Example("Ask for a sign-in in the last minute:", "authctl config set recent-login-seconds 60")])

    static let configGet = CommandSpec(
        name: "get",
        abstract: "Print a setting's value.",
        arguments: [ArgumentSpec("key", help: "The setting's name.")],
        examples: [Example("Print one setting:", "authctl config get one-account-per-email")])

    static let configList = CommandSpec(
        name: "list",
        abstract: "Print every setting.",
        examples: [Example("Print the settings:", "authctl config list")])

    static let whoami = CommandSpec(
        name: "whoami",
        abstract: "Show the signed-in user.",
        options: [
            .flag(
                "check",
                help: "Print nothing; exit with status 0 if a user is signed in, 3 if not.")
        ],
        examples: [
            Example("Show the user and linked providers as JSON:", "authctl whoami --json"),
            Example("Sign in only when needed, in a script:", "authctl whoami --check || authctl signin --provider oidc.corp"),
        ])

    static let token = CommandSpec(
        name: "token",
        abstract: "Print an access token for scripts.",
        discussion: [
            "Prints the token alone on stdout, so that it can be used in a pipeline. A token that "
                + "expires within --min-valid seconds is refreshed first, once even when many authctl "
                + "processes ask at the same time. A token with nearly all of the provider's lifetime "
                + "left is never refreshed, since a refresh could not make it last longer. If nobody is "
                + "signed in, or the provider refuses the refresh, the exit status is 3 and you need to "
                + "sign in again."
        ],
        options: [
            .value("provider", "ID", help: "Whose token to print. Default: the provider the user signed in with."),
            .flag("id-token", help: "Print the OpenID Connect ID token instead of the access token."),
            .value(
                "min-valid", "SECONDS", help: "Refresh the access token first unless it stays valid this long.",
                defaultValue: "300"),
        ],
        examples: [
            Example(
                "Call an API as the signed-in user:",
                "curl -H \"Authorization: Bearer $(authctl token --provider oidc.corp)\" \\\n"
                    + "  https://api.corp.example/me"),
            Example("Check the ID token against its provider:", "authctl token --id-token | authctl verify --provider oidc.corp"),
        ])

    static let verify = CommandSpec(
        name: "verify",
        abstract: "Verify a JWT read on stdin and print its claims.",
        discussion: [
            "Reads one compact JWT, such as an ID token, on stdin and checks it against the provider: "
                + "the signature with a key from the provider's JWKS, then the issuer (iss), audience (aud), "
                + "expiry (exp) and, with --nonce, the nonce. If every check passes, the claims are printed "
                + "as JSON on stdout; if one fails, nothing is printed and the exit status is 10."
        ],
        options: [
            .value("provider", "ID", help: "The provider that issued the token.", isRequired: true),
            .value("audience", "AUDIENCE", help: "The expected audience. Default: the provider's client ID."),
            .value("nonce", "NONCE", help: "The expected nonce claim."),
        ],
        examples: [
            Example(
                "Verify a token that another program received:",
                "authctl verify --provider oidc.corp --audience my-api < token.jwt")
        ])

    // MARK: - providers

    static let providerIDArgument = ArgumentSpec("id", help: "The provider ID, such as oidc.corp.")

    static let providers = CommandSpec(
        name: "providers",
        abstract: "Add, list, show and remove the providers you can sign in with.",
        discussion: [
            "Any OpenID Connect provider can be added with 'authctl providers add'; its settings, "
                + "client secret included, are kept in the authctl home directory (providers.json, 0600)."
        ],
        subcommands: [providersAdd, providersList, providersShow, providersRemove],
        examples: [Example("List the providers:", "authctl providers list")])

    static let providersAdd = CommandSpec(
        name: "add",
        abstract: "Add github.com, yahoo.com, or any OpenID Connect provider.",
        discussion: [
            "authctl reads the provider's endpoints from its discovery document "
                + "(<issuer>/.well-known/openid-configuration). The issuer must use https; plain http is "
                + "allowed only on 127.0.0.1 or localhost, for testing.",
            "The client secret is optional: public clients need none, thanks to PKCE. It is never "
                + "taken as a plain argument, because other users of the machine can see the arguments "
                + "of running programs; pass it on stdin or in an environment variable.",
        ],
        arguments: [
            ArgumentSpec(
                "id",
                help: "github.com, yahoo.com, or oidc. followed by a name of your choice (a-z, 0-9, - and _).")
        ],
        options: [
            .value(
                "issuer", "URL",
                help: "The provider's issuer URL: required for oidc.<name>; for yahoo.com it defaults to "
                    + "https://api.login.yahoo.com."),
            .value(
                "api-base", "URL",
                help: "github.com only: the GitHub Enterprise Server root, such as https://github.example.com."),
            .value(
                "redirect-uri", "URI",
                help: "A redirect URI registered with the provider that is not a loopback address; you paste "
                    + "the address the browser lands on."),
            .value("client-id", "ID", help: "The client ID that the provider gave you for authctl.", isRequired: true),
            .flag("client-secret-stdin", help: "Read the client secret from the first line of stdin."),
            .value("client-secret-env", "NAME", help: "Read the client secret from the environment variable NAME."),
            .value(
                "scope", "SCOPE", help: "Ask for this scope at every sign-in, in addition to openid, email and profile.",
                isRepeatable: true),
            .value(
                "param", "KEY=VALUE", help: "Add this parameter to every authorization request.", isRepeatable: true),
            .value(
                "redirect-port", "PORT",
                help: "Always wait for the redirect on this port, for providers that only accept a registered "
                    + "redirect URI such as http://127.0.0.1:8400/."),
            .flag(
                "hs256-id-tokens",
                help: "Also accept ID tokens signed with HS256, keyed with the client secret. Only for "
                    + "providers that sign that way; needs a client secret."),
        ],
        exclusiveOptions: [["client-secret-stdin", "client-secret-env"]],
        examples: [
            Example(
                "Add a provider for a public client:",
                "authctl providers add oidc.corp --issuer https://login.example.com \\\n"
                    + "  --client-id authctl-cli"),
            Example(
                "Add GitHub, with the OAuth app's secret read from a file:",
                "authctl providers add github.com --client-id ID \\\n  --client-secret-stdin < secret.txt"),
        ])

    static let providersList = CommandSpec(
        name: "list",
        abstract: "List the providers you can sign in with.",
        examples: [Example("List them as JSON:", "authctl providers list --json")])

    static let providersShow = CommandSpec(
        name: "show",
        abstract: "Show a provider's settings.",
        discussion: ["The client secret is never shown; only whether there is one."],
        arguments: [providerIDArgument],
        examples: [Example("Show a provider you added:", "authctl providers show oidc.corp")])

    static let providersRemove = CommandSpec(
        name: "remove",
        abstract: "Remove a provider you added.",
        arguments: [providerIDArgument],
        examples: [Example("Remove a provider:", "authctl providers remove oidc.corp")])

    // MARK: - help

    static let help = CommandSpec(
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
