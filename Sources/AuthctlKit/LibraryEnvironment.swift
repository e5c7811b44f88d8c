internal import AuthCore
internal import AuthCrypto
internal import AuthFirebase
internal import AuthHTTP
internal import AuthOAuth
internal import AuthPlatform
internal import AuthProviders
internal import AuthStorage
import Foundation

/// The live effects of one ``Auth``: its home, the environment it was given (proxies, CAs,
/// `FIREBASE_AUTH_EMULATOR_HOST`), libcurl or URLSession, the system clock and generator. The
/// library's edge, as `LiveContext` is the CLI's: nothing below it reads the process.
struct LibraryEnvironment: Sendable {
    /// The version the transport's User-Agent names: authctl's (`AuthCommandLine.version`, which
    /// this target cannot import without the CLI).
    static let version = "0.1.0"

    let home: HomeDirectory
    let backend: Auth.Backend
    let environment: EnvironmentVariables
    let transport: any HTTPTransport
    let clock: AuthPlatform.Clock
    let random: any RandomSource

    init(home: String, backend: Auth.Backend, environment: [String: String]) {
        self.home = HomeDirectory(path: home)
        self.backend = backend
        let variables = EnvironmentVariables(environment)
        self.environment = variables
        let settings = NetworkSettings(environment: variables, version: Self.version)
        #if canImport(Darwin)
        transport = URLSessionTransport(settings: settings)
        #else
        transport = CurlTransport(settings: settings)
        #endif
        clock = .system
        random = SystemRandomSource()
    }

    var storage: HomeDocumentStorage { HomeDocumentStorage(home: home) }
    var registry: ProviderRegistry { ProviderRegistry(storage: storage) }

    /// The project the backend names, or the one `authctl firebase use` stored (``Auth/Backend/configured``).
    var project: FirebaseProject? {
        get throws {
            switch backend {
            case .local: return nil
            case .firebase(let apiKey, let projectID): return FirebaseProject(apiKey: apiKey, projectID: projectID)
            case .configured: return try storage.store(FirebaseDocument.fileName, of: FirebaseDocument.self).read().project
            }
        }
    }

    /// The account service: the project's, with its own keystore namespace, or local accounts.
    func core() throws -> AuthCore.Auth {
        guard let project = try project else {
            return AuthCore.Auth(storage: storage, backend: LocalAccountBackend(storage: storage, clock: clock, random: random), clock: clock)
        }
        let namespaced = NamespacedDocumentStorage(storage, namespace: project.storageNamespace)
        let endpoints = try FirebaseEndpoints(emulatorHost: environment[FirebaseEndpoints.emulatorHostVariable])
        let backend = FirebaseAccountBackend(project: project, endpoints: endpoints, storage: namespaced, transport: transport, clock: clock)
        return AuthCore.Auth(storage: namespaced, backend: backend, clock: clock)
    }

    /// The effects a provider needs; discovery and JWK sets cached in the home.
    var services: ProviderServices {
        ProviderServices(transport: transport, clock: clock, cacheDirectory: home.cacheDirectory.path, environment: environment)
    }

    /// The effects a grant needs, with the presenter as the browser and its messages.
    func grantContext(_ presenter: BrowserPresenter) -> GrantContext {
        GrantContext(
            transport: transport, clock: clock, random: random, browser: PresenterBrowser(presenter: presenter),
            notify: presenter.notify, log: { _ in })
    }

    /// The home exists and is private, before anyone is sent to a browser.
    func checkHome() throws {
        try home.ensureExists()
        try home.checkSecure()
    }
}
