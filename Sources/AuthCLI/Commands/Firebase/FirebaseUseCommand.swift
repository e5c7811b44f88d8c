import AuthApp
import AuthPlatform

/// `authctl firebase use --api-key KEY --project-id ID [--tenant-id T]`, or `--plist
/// GoogleService-Info.plist`: keep accounts in a Firebase / Identity Platform project from now on.
struct FirebaseUseCommand: Command {
    static let apiKey = Option.required(
        "api-key", "KEY", help: "The project's Web API key (Project settings > General). It is public, not a secret.", unless: ["plist"])
    static let projectID = Option.required("project-id", "ID", help: "The project id, such as my-app-1234.", unless: ["plist"])
    static let plist = Option.string(
        "plist", "FILE",
        help: "An Apple app's GoogleService-Info.plist instead of --api-key and --project-id: its API_KEY, PROJECT_ID and BUNDLE_ID (as --ios-bundle-id).")
    static let tenantID = Option.string("tenant-id", "TENANT", help: "An Identity Platform tenant to keep the accounts in.")
    static let iosBundleID = Option.string(
        "ios-bundle-id", "ID", help: "For an API key restricted to an iOS app: its bundle id (sent as X-Ios-Bundle-Identifier).")
    static let androidPackage = Option.string(
        "android-package", "NAME", help: "For an API key restricted to an Android app: its package name (X-Android-Package).")
    static let androidCert = Option.string(
        "android-cert", "SHA1", help: "With --android-package: the app's signing certificate SHA-1, as the key lists it (X-Android-Cert).")
    static let referrer = Option.string("referrer", "URL", help: "For an API key restricted to websites: a referrer it allows (Referer).")
    static let authDomain = Option.string(
        "auth-domain", "DOMAIN",
        help: "A custom domain serving the project's auth handler (/__/auth/handler), as in the SDKs' authDomain; default PROJECT.firebaseapp.com.")

    static let githubLocalhost = Option.flag(
        "github-localhost",
        help: "The GitHub app in the console also has http://localhost/callback as a callback URL (a GitHub App): "
            + "GitHub sign-ins return to this machine instead of the project's page and a paste.")
    static let noCheck = Option.flag(
        "no-check", help: "Store the project without checking the API key against it first (offline set-up).")

    static let name = "use"
    static let spec = CommandSpec(
        name: name,
        abstract: "Keep accounts in a Firebase project from now on.",
        discussion: [
            "Signing in then goes through the project (accounts:signInWithIdp): the project's uid, its "
                + "one-account-per-email rule and its Firebase ID tokens. Each project's accounts are kept "
                + "apart from local ones; 'authctl firebase off' goes back to local accounts. With "
                + "FIREBASE_AUTH_EMULATOR_HOST=host:port set, authctl talks to the Auth emulator there.",
            "A provider the project enables needs nothing on this machine: 'authctl signin --provider github.com' asks "
                + "the project to run the provider's flow with the client id and secret of its console (README, \"Firebase\").",
            "The API key is checked first with one cheap call to the project (getProjectConfig): a wrong key, or one "
                + "restricted to an app not named here, is refused now with its fix rather than at the first sign-in; "
                + "nothing is stored then. --no-check skips the call.",
        ],
        options: [
            apiKey.spec, projectID.spec, plist.spec, tenantID.spec, authDomain.spec, iosBundleID.spec, androidPackage.spec, androidCert.spec,
            referrer.spec, githubLocalhost.spec, noCheck.spec,
        ],
        examples: [
            Example("Use a project:", "authctl firebase use --api-key AIzaSy... --project-id my-app-1234"),
            Example("Use the project of an Apple app's configuration file:", "authctl firebase use --plist GoogleService-Info.plist"),
        ])

    let choice: ProjectSettings.Choice

    init(_ invocation: ParsedInvocation) throws {
        let plistPath = try invocation[Self.plist]
        let apiKey = try invocation[Self.apiKey], projectID = try invocation[Self.projectID]
        if plistPath != nil, apiKey != nil || projectID != nil {
            throw UsageError.invalidUsage("--plist names the API key and project id; give them one way", command: invocation.commandPath)
        }
        choice = ProjectSettings.Choice(
            apiKey: apiKey ?? "", projectID: projectID ?? "", plistPath: plistPath, tenantID: try invocation[Self.tenantID],
            authDomain: try invocation[Self.authDomain], iosBundleID: try invocation[Self.iosBundleID],
            androidPackage: try invocation[Self.androidPackage], androidCertificate: try invocation[Self.androidCert],
            referrer: try invocation[Self.referrer], githubAcceptsLocalhost: try invocation[Self.githubLocalhost],
            checksKey: !(try invocation[Self.noCheck]))
    }

    func run(in env: CommandEnvironment) async throws -> ExitStatus {
        let project: ProjectSettings.Project
        do {
            project = try await ProjectSettings(runtime: env.runtime).use(choice)
        } catch let error as HTTPTransportError {
            env.notice("authctl: the project could not be reached to check the API key; 'authctl firebase use ... --no-check' stores it unchecked")
            throw error
        }
        if env.json { env.output(FirebaseShowCommand.json(project)) }
        env.notice("Accounts now live in the Firebase project \(project.projectID)" + (project.tenantID.map { " (tenant \($0))" } ?? "") + ".")
        return .success
    }
}
