import AuthFirebase
import AuthProviders
import AuthPlatform

/// The project's settings command (`firebase use/show/off`), declared by the kind: its words and
/// fields here, its work in ``ProjectSettings``. The front door makes the commands of it with the
/// code path every kind's settings command takes, and names no backend.
extension FirebaseBackendKind {
    package var settingsCommand: BackendSettingsCommand? { Self.settingsCommand }

    /// `firebase.json`, and each project's keystore beside the local one.
    package var homeFiles: [ReferenceRow] {
        [
            ReferenceRow([FirebaseDocument.fileName], "The Firebase project accounts live in ('\(action: "use")')."),
            ReferenceRow(["firebase.<project>.keystore.json"], "That project's signed-in users, kept apart from local ones (and its pending.json likewise)."),
        ]
    }

    /// The Auth emulator's host, and the library's plist.
    package var variables: [ReferenceRow] {
        [
            ReferenceRow([FirebaseEndpoints.emulatorHostVariable], "With a Firebase project: talk to the Auth emulator at this host:port."),
            ReferenceRow(
                [GoogleServiceInfo.pathVariable],
                "AuthctlKit's FirebaseApp.configure(): the GoogleService-Info.plist to read when the working directory has none."),
        ]
    }

    /// `verify --firebase`: the project's own ID token.
    package var idTokenOption: IDTokenOption? {
        IDTokenOption(
            name: "firebase", help: "The token is a Firebase ID token of the configured project (RS256, Google's securetoken keys).",
            fixedAudience: "\(option: "audience") and \(option: "nonce") go with \(option: "provider"); a Firebase ID token's audience is the project",
            unsignedToken: "an unsigned Firebase emulator token",
            example: DoorExample("Check the Firebase ID token authctl hands out:", "\(command: "token") | \(command: "verify") \(option: "firebase")"))
    }

    static let settingsCommand = BackendSettingsCommand(
        name: "firebase",
        abstract: "Keep accounts in a Firebase project, or locally.",
        discussion: [
            "Local accounts live in this machine's keystore. With a Firebase / Identity Platform project, "
                + "accounts live in the project: the same uid on every machine, Firebase ID tokens for your "
                + "backend and Security Rules ('\(command: "token")'), and the project's rules. See the README."
        ],
        examples: [DoorExample("Use a project:", useExample)],
        actions: [use, show, off])

    private static let useExample: DoorText = "\(action: "use") \(option: "api-key", "AIzaSy...") \(option: "project-id", "my-app-1234")"
    private static let useWithKey: DoorText = "\(action: "use") \(option: "api-key", "KEY") \(option: "project-id", "ID")"

    private static let use = SettingsAction(
        name: "use",
        abstract: "Keep accounts in a Firebase project from now on.",
        discussion: [
            "Signing in then goes through the project (accounts:signInWithIdp): the project's uid, its "
                + "one-account-per-email rule and its Firebase ID tokens. Each project's accounts are kept "
                + "apart from local ones; '\(action: "off")' goes back to local accounts. With "
                + "FIREBASE_AUTH_EMULATOR_HOST=host:port set, authctl talks to the Auth emulator there.",
            "A provider the project enables needs nothing on this machine: '\(command: "signin") \(option: "provider", ProviderPreset.github.id)' asks "
                + "the project to run the provider's flow with the client id and secret of its console (README, \"Firebase\").",
            "The API key is checked first with one cheap call to the project (getProjectConfig): a wrong key, or one "
                + "restricted to an app not named here, is refused now with its fix rather than at the first sign-in; "
                + "nothing is stored then. \(option: "no-check") skips the call.",
        ],
        fields: [
            .value("api-key", "KEY", help: "The project's Web API key (Project settings > General). It is public, not a secret.", requiredUnless: ["plist"]),
            .value("project-id", "ID", help: "The project id, such as my-app-1234.", requiredUnless: ["plist"]),
            .value(
                "plist", "FILE",
                help: "An Apple app's GoogleService-Info.plist instead of \(option: "api-key") and \(option: "project-id"): its API_KEY, PROJECT_ID and BUNDLE_ID (as \(option: "ios-bundle-id"))."),
            .value("tenant-id", "TENANT", help: "An Identity Platform tenant to keep the accounts in."),
            .value(
                "auth-domain", "DOMAIN",
                help: "A custom domain serving the project's auth handler (/__/auth/handler), as in the SDKs' authDomain; default PROJECT.firebaseapp.com."),
            .value("ios-bundle-id", "ID", help: "For an API key restricted to an iOS app: its bundle id (sent as X-Ios-Bundle-Identifier)."),
            .value("android-package", "NAME", help: "For an API key restricted to an Android app: its package name (X-Android-Package)."),
            .value("android-cert", "SHA1", help: "With \(option: "android-package"): the app's signing certificate SHA-1, as the key lists it (X-Android-Cert)."),
            .value("referrer", "URL", help: "For an API key restricted to websites: a referrer it allows (Referer)."),
            .flag(
                "github-localhost",
                help: "The GitHub app in the console also has http://localhost/callback as a callback URL (a GitHub App): "
                    + "GitHub sign-ins return to this machine instead of the project's page and a paste."),
            .flag("no-check", help: "Store the project without checking the API key against it first (offline set-up)."),
        ],
        examples: [
            DoorExample("Use a project:", useExample),
            DoorExample("Use the project of an Apple app's configuration file:", "\(action: "use") \(option: "plist", "GoogleService-Info.plist")"),
        ],
        unreachableNotice: "authctl: the project could not be reached to check the API key; '\(action: "use") ... \(option: "no-check")' stores it unchecked")

    private static let show = SettingsAction(
        name: "show",
        abstract: "Show the Firebase project accounts live in.",
        discussion: ["Prints nothing (status 0) when accounts are local."],
        examples: [DoorExample("Show it as JSON:", "\(action: "show") \(option: "json")")])

    private static let off = SettingsAction(
        name: "off",
        abstract: "Go back to local accounts.",
        discussion: ["The project's signed-in users are kept apart and come back with '\(action: "use")'."],
        examples: [DoorExample("Stop using the project:", "\(action: "off")")])

    package func runSettings(_ action: String, _ values: SettingsValues, in runtime: AuthRuntime) async throws -> SettingsReport {
        let settings = ProjectSettings(runtime: runtime)
        switch action {
        case "use":
            let project = try await settings.use(try Self.choice(values))
            let tenant: DoorText = project.tenantID.map { " (tenant \($0))" } ?? ""
            return SettingsReport(json: Self.json(project), notice: "Accounts now live in the Firebase project \(project.projectID)\(tenant).")
        case "show":
            guard let project = try settings.current() else {
                return SettingsReport(
                    json: ["project": .null],
                    notice: "Accounts are local; run '\(Self.useWithKey)' to keep them in a Firebase project.")
            }
            var lines = ["project:   \(project.projectID)", "api key:   \(project.apiKey)"]
            if let tenant = project.tenantID { lines.append("tenant:    \(tenant)") }
            lines.append("handler:   \(project.handlerURI)")
            lines.append("endpoint:  \(project.endpoint)")
            if let host = project.emulatorHost { lines.append("emulator:  \(host) (\(ProjectSettings.emulatorHostVariable))") }
            return SettingsReport(json: Self.json(project), text: lines)
        case "off":
            let previous = try settings.off()
            let notice: DoorText = previous.map { "Accounts are local again (the project \($0) is no longer used)." } ?? "Accounts were already local."
            return SettingsReport(json: ["project": .null], notice: notice)
        default:
            throw SettingsRefusal("\(action) is not a setting of a project")
        }
    }

    /// The project the fields name: its key and id, or an Apple app's plist naming them.
    static func choice(_ values: SettingsValues) throws -> ProjectSettings.Choice {
        let plistPath = values["plist"]
        if plistPath != nil, values["api-key"] != nil || values["project-id"] != nil {
            throw SettingsRefusal("\(option: "plist") names the API key and project id; give them one way")
        }
        return ProjectSettings.Choice(
            apiKey: values["api-key"] ?? "", projectID: values["project-id"] ?? "", plistPath: plistPath, tenantID: values["tenant-id"],
            authDomain: values["auth-domain"], iosBundleID: values["ios-bundle-id"], androidPackage: values["android-package"],
            androidCertificate: values["android-cert"], referrer: values["referrer"], githubAcceptsLocalhost: values.has("github-localhost"),
            checksKey: !values.has("no-check"))
    }

    /// `firebase show --json` (and `use --json`): the project, where authctl reaches it.
    static func json(_ project: ProjectSettings.Project) -> JSONValue {
        [
            "project": [
                "projectId": .string(project.projectID), "apiKey": .string(project.apiKey),
                "tenantId": project.tenantID.map { .string($0) } ?? .null,
                "authDomain": .string(project.authDomain),
            ],
            "endpoint": .string(project.endpoint),
            "emulatorHost": project.emulatorHost.map { .string($0) } ?? .null,
        ]
    }
}
