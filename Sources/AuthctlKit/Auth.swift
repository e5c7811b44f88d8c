internal import AuthApp
internal import AuthPlatform
import Foundation

/// FirebaseAuth's Objective-C name of ``Auth/authStateDidChangeNotification``.
public let AuthStateDidChange: NSNotification.Name = Auth.authStateDidChangeNotification

extension NSNotification.Name {
    /// ``Auth/authStateDidChangeNotification``, as Swift code writes the SDK's `.AuthStateDidChange`.
    public static let AuthStateDidChange: NSNotification.Name = Auth.authStateDidChangeNotification
}

/// A weak reference to the app an ``Auth`` belongs to (the app holds its ``Auth``).
struct AppReference: Sendable {
    weak var app: FirebaseApp?
}

/// The entry point (FirebaseAuth's `Auth`): the accounts of one home directory, kept by one backend.
///
/// The home is the directory the `authctl` command uses (its providers, keystore and Firebase
/// project), so a program and the command share sign-ins. Every call the SDK offers both ways is
/// here both ways: `async throws`, and with a completion handler called on the main queue
/// (`Auth+Completion.swift`). Errors are ``AuthError``s, `NSError`s in ``AuthErrorDomain``.
///
/// ```swift
/// let result = try await Auth.auth().signIn(with: OAuthProvider(providerID: "github.com"), uiDelegate: .systemBrowser)
/// print(result.user.uid)
/// ```
public final class Auth: NSObject, Sendable {
    /// Where the accounts live.
    public enum Backend: Sendable, Equatable {
        /// The Firebase project `authctl firebase use` stored in the home, else local accounts.
        case configured
        /// Local accounts in the home's keystore, whatever project the home names.
        case local
        /// This Firebase project (its Web API key and project id), whatever the home names. Its
        /// signed-in users are kept in the home under the project's name.
        case firebase(apiKey: String, projectID: String)
    }

    /// The home directory.
    public let home: String
    /// Where the accounts live.
    public let backend: Backend
    let environment: LibraryEnvironment
    /// The state and ID-token listeners, and their poll of the home.
    let listeners = AuthListeners()
    /// What the program set for the calls to its project (``tenantID``, ``languageCode``,
    /// ``customAuthDomain``, ``useEmulator(withHost:port:)``): every operation's runtime takes it.
    let projectCalls = LockedState(ProjectCallSettings())
    /// The app this instance belongs to, weakly, as the SDK holds it.
    private let owner = LockedState(AppReference())

    /// The accounts in `home` kept by `backend`. `environment` supplies what the `authctl`
    /// command reads from its own: `HTTPS_PROXY`/`NO_PROXY`, `SSL_CERT_FILE`, `AUTHCTL_STORAGE`,
    /// `AUTHCTL_TIMEOUT`, `FIREBASE_AUTH_EMULATOR_HOST` (the Auth emulator, as the SDKs' `useEmulator`).
    public convenience init(home: String, backend: Backend = .configured, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(chosenHome: home, backend: backend, environment: environment)
    }

    /// The home chosen (nil: `AUTHCTL_HOME`, else the user's default, as the runtime resolves it
    /// for `authctl`, cache included).
    init(chosenHome: String?, backend: Backend, environment: [String: String], choice: BackendChoice? = nil) {
        self.backend = backend
        self.environment = LibraryEnvironment(chosenHome: chosenHome, backend: choice ?? backend.choice, environment: environment)
        home = (try? self.environment.get().home.path) ?? chosenHome ?? Self.defaultHome(environment)
    }

    /// The default instance, one per process as in the SDK: the default ``FirebaseApp``'s once
    /// it is configured, else the default home's: `AUTHCTL_HOME`, else `$XDG_CONFIG_HOME/authctl`,
    /// else `~/.config/authctl`, as the `authctl` command chooses it, with its configuration.
    public static func auth() -> Auth {
        if let app = FirebaseApp.app() { return auth(app: app) }
        let environment = ProcessInfo.processInfo.environment
        // Keyed by the home the runtime resolves (the home variable, else the default).
        let home = defaultHome(environment)
        return defaultInstances.withLock { instances in
            if let existing = instances[home] { return existing }
            let auth = Auth(chosenHome: nil, backend: .configured, environment: environment)
            instances[home] = auth
            return auth
        }
    }

    /// The instance of `app`: the accounts of its project.
    public static func auth(app: FirebaseApp) -> Auth { app.auth }

    /// ``auth()``'s instances by their home (one, unless the program changes the home variable).
    private static let defaultInstances = LockedState<[String: Auth]>([:])

    /// The home `authctl` uses with `environment` and no `--home`.
    public static func defaultHome(_ environment: [String: String]) -> String {
        (try? AuthRuntime.resolveHome(chosen: nil, environment: EnvironmentVariables(environment)))
            ?? NSHomeDirectory() + "/.config/authctl"
    }

    var engine: Engine { Engine(env: environment, auth: self) }

    /// The ``FirebaseApp`` this instance belongs to (``auth(app:)``); nil for the home's own
    /// (``auth()`` before ``FirebaseApp/configure()``, ``init(home:backend:environment:)``).
    public var app: FirebaseApp? { owner.withLock { $0.app } }

    func belong(to app: FirebaseApp) { owner.withLock { $0.app = app } }

    /// The language of what the project writes for this program: its emails (verification,
    /// password reset, sign-in links) and messages, a BCP 47 tag (`fr`, `pt-BR`) sent with each of
    /// the project's calls as `X-Firebase-Locale`, as the SDK sends it; nil: the project's default.
    /// ``useAppLanguage()`` sets it to the person's language. Local accounts send nothing.
    public var languageCode: String? {
        get { projectCalls.withLock { $0.languageCode } }
        set { projectCalls.withLock { $0.languageCode = newValue } }
    }

    /// Sets ``languageCode`` to the language of the person running the program: their locale's
    /// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG` in this instance's environment), nil for C/POSIX.
    public func useAppLanguage() {
        let language = (try? environment.get()).flatMap { ProjectCallSettings.appLanguage(environment: $0.environment) }
        projectCalls.withLock { $0.languageCode = language }
    }

    /// The Identity Platform tenant whose users this instance signs in (`tenantId` in each of the
    /// project's calls, as the SDK sends it): the home's project's (`authctl firebase use --tenant-id`)
    /// until set; nil: the project's own users. Each tenant's signed-in user is kept apart.
    public var tenantID: String? {
        get {
            if let chosen = projectCalls.withLock({ $0.tenantID }) { return chosen }
            return (try? engine.runtime()).flatMap { CurrentUser(runtime: $0).projectScope() }?.tenantID
        }
        set { projectCalls.withLock { $0.tenantID = .some(newValue) } }
    }

    /// The domain that serves the project's auth handler page (`https://DOMAIN/__/auth/handler`),
    /// where a provider's sign-in the project runs returns: the home's project's
    /// (`authctl firebase use --auth-domain`) until set; nil: `PROJECT.firebaseapp.com`. It must be
    /// an authorized domain of the project, and registered with the provider's app.
    public var customAuthDomain: String? {
        get {
            if let chosen = projectCalls.withLock({ $0.authDomain }) { return chosen }
            return (try? engine.runtime()).flatMap { CurrentUser(runtime: $0).projectScope() }?.customAuthDomain
        }
        set { projectCalls.withLock { $0.authDomain = newValue } }
    }

    /// Sends this instance's calls to the Firebase Auth emulator at `host` and `port` instead of
    /// Google's servers, as `FIREBASE_AUTH_EMULATOR_HOST` does (and over it). The emulator speaks
    /// plain http: a host that is not this machine's (127.0.0.1, ::1, localhost) fails the next call.
    public func useEmulator(withHost host: String, port: Int) {
        precondition(!host.isEmpty, "Cannot connect to empty host")
        projectCalls.withLock { $0.emulatorHost = ProjectCallSettings.emulatorHost(host, port: port) }
    }

    /// Posted on `NotificationCenter.default` (its object: the ``Auth``) when the signed-in user
    /// or their tokens change, as the SDK posts it: noticed by the poll of the home that runs while
    /// a listener is registered (``addIDTokenDidChangeListener(_:)``), so a change by another
    /// process in the home posts it too.
    public static let authStateDidChangeNotification = NSNotification.Name(rawValue: "FIRAuthStateDidChangeNotification")

    /// The signed-in user, or nil (also when the home cannot be read).
    public var currentUser: User? {
        guard let user = try? engine.currentUser() else { return nil }
        return User(user, auth: self)
    }

    /// Signs in with a credential (``OAuthProvider/credential(providerID:idToken:rawNonce:accessToken:)``,
    /// ``OAuthProvider/getCredentialWith(_:)``).
    @discardableResult
    public func signIn(with credential: AuthCredential) async throws -> AuthDataResult {
        try await AuthError.translating(auth: self) { try await engine.use(credential, for: .signIn, as: nil) }
    }

    /// Runs `provider`'s sign-in in the browser `uiDelegate` presents (nil: the system browser).
    @discardableResult
    public func signIn(with provider: OAuthProvider, uiDelegate: BrowserPresenter?) async throws -> AuthDataResult {
        try await AuthError.translating(auth: self) { try await engine.run(provider, presenter: uiDelegate, for: .signIn, as: nil) }
    }

    /// Signs in with an email and password (a Firebase project with Email/Password enabled).
    @discardableResult
    public func signIn(withEmail email: String, password: String) async throws -> AuthDataResult {
        try await passwordSignIn(email: email, password: password, create: false)
    }

    /// Creates a user with an email and password and signs them in (a Firebase project).
    @discardableResult
    public func createUser(withEmail email: String, password: String) async throws -> AuthDataResult {
        try await passwordSignIn(email: email, password: password, create: true)
    }

    private func passwordSignIn(email: String, password: String, create: Bool) async throws -> AuthDataResult {
        try await AuthError.translating(auth: self) {
            let accounts = EmailAndPassword(runtime: try engine.runtime())
            return AuthDataResult(try await accounts.signIn(email: email, password: password, mode: create ? .signUp : .signIn), auth: self)
        }
    }

    /// Signs in with a custom token minted by the project's own server (a Firebase project).
    @discardableResult
    public func signIn(withCustomToken token: String) async throws -> AuthDataResult {
        try await AuthError.translating(auth: self) {
            AuthDataResult(try await CustomToken(runtime: try engine.runtime()).signIn(token), auth: self)
        }
    }

    /// Asks the project to email a password-reset link to `email` (a Firebase project).
    public func sendPasswordReset(withEmail email: String) async throws {
        try await AuthError.translating { try await EmailAndPassword(runtime: try engine.runtime()).sendPasswordReset(toEmail: email) }
    }

    /// The provider ids an account with `email` signs in with. A Firebase project with
    /// email-enumeration protection (the default for new ones) always answers none.
    public func fetchSignInMethods(forEmail email: String) async throws -> [String] {
        try await AuthError.translating { try await SignInMethods(runtime: try engine.runtime()).providers(forEmail: email).providerIDs }
    }

    /// Signs out as ``signOut()`` does and, with `revokingTokens`, revokes the session's tokens at
    /// their providers too (RFC 7009, or GitHub's token deletion), as `authctl signout --revoke`
    /// does: not in FirebaseAuth, whose tokens a project revokes. The local sign-out happens even
    /// when a revocation fails; the error then says which tokens stay valid.
    public func signOut(revokingTokens: Bool) async throws {
        guard revokingTokens else { return try signOut() }
        try await AuthError.translating { try await engine.signOutRevoking() }
    }

    /// Makes `user` the signed-in user of this instance: the user it keeps signed in, else a copy
    /// of the one another ``Auth`` keeps (another home, project or tenant), which this instance's
    /// project must know (it is read back with accounts:lookup, as the SDK reloads a user of
    /// another API key). A user of another tenant is ``AuthErrorCode/tenantIDMismatch``.
    public func updateCurrentUser(_ user: User) async throws {
        try await AuthError.translating {
            guard user.tenantID == tenantID else {
                throw AuthError(.tenantIDMismatch, "the user belongs to another tenant than this Auth's tenantID; set tenantID to theirs first")
            }
            _ = try await AccountOperations(runtime: try engine.runtime()).makeCurrent(uid: user.uid, from: try user.auth.engine.runtime())
        }
    }

    /// ``updateCurrentUser(_:)`` with a completion handler, called on the main queue; a nil user is ``AuthErrorCode/nullUser``.
    public func updateCurrentUser(_ user: User?, completion: ((Error?) -> Void)? = nil) {
        Completion.deliver(completion) {
            guard let user else { throw AuthError(.nullUser, "updateCurrentUser needs a user; pass one of an Auth's users") }
            try await self.updateCurrentUser(user)
        }
    }

    /// Forgets the signed-in user's session and tokens in the home; the account stays.
    public func signOut() throws {
        do {
            try engine.signOut()
        } catch let error as any AuthCoreError {
            throw AuthError(error, providerID: nil)
        }
    }
}
