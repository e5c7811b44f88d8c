import AuthApp

/// The two reference tables the manual page's ENVIRONMENT and FILES sections are generated from:
/// every variable authctl reads and every file its home holds. Names come from the constants the
/// code reads: the command line's own, and the engine's through ``ReferenceFacts``; `ReferenceTablesTests` scans `Sources/` for
/// every variable read through ``AuthPlatform/EnvironmentVariables`` and fails on one missing here.
enum ReferenceTables {
    /// Variables read, each with what it does. One row may name several variables read alike.
    struct Variable: Sendable {
        var names: [String]
        var text: String
        /// A hook of the test suite: read, but not documented.
        var isTestHook = false
    }

    static let variables: [Variable] = [
        Variable(names: [ReferenceFacts.Variables.home], text: "The home directory, as --home."),
        Variable(names: [AuthRuntime.storageVariable], text: "Where refresh tokens and client secrets go: auto, keyring or file; overrides 'config set storage'."),
        Variable(names: [BrowserFlowOptions.browserVariable], text: "The command that opens the authorization URL, as signin --browser."),
        Variable(names: ["BROWSER"], text: "A colon-separated list of browsers, as xdg-open reads it; the first one on PATH that is not a text browser opens the URL."),
        Variable(names: [AuthRuntime.networkTimeoutVariable], text: "Seconds a command may spend on the network (default 30); a sign-in has its own --timeout. The one request "
            + "that outlives it: a token refresh the provider has received is waited for up to 30 s, since its answer holds the "
            + "only live refresh token. A timeout message names the limit that applied."),
        Variable(names: [AuthRuntime.lockTimeoutVariable], text: "Seconds to wait for another authctl holding the keystore lock."),
        Variable(names: ["HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"], text: "Where the default home (~/.config/authctl) and the cache (~/.cache/authctl) live."),
        Variable(names: ["SSH_CONNECTION", "SSH_TTY", "DISPLAY", "WAYLAND_DISPLAY"], text: "An SSH session without a forwarded display opens no browser: the URL, a QR code and a paste prompt instead."),
        Variable(names: ["WSL_DISTRO_NAME", "WSL_INTEROP"], text: "Under WSL the Windows browser opens the URL (wslview, else explorer.exe)."),
        Variable(names: ["CI"], text: "When set, signin never opens a browser unless told to."),
        Variable(names: [ReferenceFacts.Variables.actionsRequestURL, ReferenceFacts.Variables.actionsRequestToken], text: "signin --ci github-actions: where GitHub Actions hands out the job's ID token."),
        Variable(names: [ReferenceFacts.Variables.gitLabToken], text: "signin --ci gitlab: the job's ID token (id_tokens: in .gitlab-ci.yml); env:VAR names any other variable."),
    ] + BackendRegistry.standard.all.flatMap { kind in kind.variables.map { Variable(names: $0.names, text: BackendSettingsCommands.words($0.text, of: kind)) } } + [
        Variable(names: [KubeCredentialCommand.execInfoVariable], text: "Set by kubectl for kube-credential: the ExecCredential version it wants."),
        Variable(names: ["https_proxy", "http_proxy", "all_proxy", "no_proxy", "HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "NO_PROXY"], text: "Proxies, as curl reads them."),
        Variable(names: ["CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"], text: "Certificate authorities to trust instead of the system's."),
        Variable(names: ["AUTHCTL_LIBCURL"], text: "The libcurl to load instead of the system's libcurl.so.4."),
        Variable(names: ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"], text: "The D-Bus session of the Secret Service (storage keyring)."),
        Variable(names: ["PATH"], text: "Where exec finds its command, and where browsers are looked for."),
        Variable(names: ["NO_COLOR"], text: "When set, nothing is colored."),
        Variable(names: [CommandEnvironment.testHoldVariable], text: "The test suite's pause inside a refresh.", isTestHook: true),
    ]

    /// Files and folders of the home directory, each with what it holds (README "Files" lists the same).
    static let files: [(name: String, text: String)] = [
        (ReferenceFacts.HomeFiles.providers, "Configured providers, client secrets included (references to keyring items under storage keyring)."),
        (ReferenceFacts.HomeFiles.keystore, "Users, their linked identities, and the current session's tokens."),
        (ReferenceFacts.HomeFiles.pending, "The credential an account-exists sign-in saved for link --pending (\(Int(ReferenceFacts.pendingCredentialLifetime / 60)) minutes)."),
        (ReferenceFacts.HomeFiles.policy, "The account rules and the storage policy ('authctl config')."),
    ] + BackendRegistry.standard.all.flatMap { kind in kind.homeFiles.flatMap { row in row.names.map { ($0, BackendSettingsCommands.words(row.text, of: kind)) } } } + [
        (ReferenceFacts.HomeFiles.refreshJournal, "A refresh in flight, so an interrupted one is recovered or explained (normally empty)."),
        (ReferenceFacts.HomeFiles.storageChoice, "What storage auto chose for this home (keyring or file) and why."),
        (ReferenceFacts.HomeFiles.lock, "The advisory lock every change holds."),
        ("cache/", "Discovery documents and key sets, when the home was given with --home or \(ReferenceFacts.Variables.home) (else ~/.cache/authctl)."),
    ]

    /// Every variable documented (test hooks left out), in table order.
    static var documentedVariableNames: [String] { variables.filter { !$0.isTestHook }.flatMap(\.names) }
}
