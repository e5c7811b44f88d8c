internal import AuthApp
internal import AuthPlatform
import Foundation

/// The library's edge, as `LiveContext` is the command's: the runtime of one ``Auth`` (built by
/// the application layer from the environment it was given, its home and backend) and the
/// presenter as the sign-in's I/O. Nothing else here builds an effect or reads the process.
struct LibraryEnvironment: Sendable {
    /// The runtime, or why it could not be built (a setting in the environment that cannot be
    /// used), thrown by the first operation.
    let runtime: Result<AuthRuntime, AuthError>

    init(chosenHome: String?, backend: BackendChoice, environment: [String: String]) {
        let variables = EnvironmentVariables(environment)
        let options = AuthRuntime.Options(home: chosenHome, backend: backend, notice: BrowserPresenter.standardError)
        do {
            // A library lives in someone else's process: it never takes over its signals.
            runtime = .success(try AuthRuntime.live(environment: variables, options: options, holdsSignals: false))
        } catch let error as any AuthCoreError {
            runtime = .failure(AuthError(error, providerID: nil))
        } catch {
            runtime = .failure(AuthError(.internalError, "\(error)"))
        }
    }

    func get() throws -> AuthRuntime { try runtime.get() }

    /// The sign-in's I/O through `presenter`: its browser, its messages, its paste.
    static func ports(_ presenter: BrowserPresenter, runtime: AuthRuntime) -> SignIn.Ports {
        SignIn.Ports.program(
            browser: PresenterBrowser(presenter: presenter), opensBrowser: presenter.opensBrowser, notify: presenter.notify,
            readPastedLine: presenter.readPastedURL, runtime: runtime)
    }
}

extension Auth.Backend {
    /// The application layer's name for it.
    var choice: BackendChoice {
        switch self {
        case .configured: .configured
        case .local: .kind("local", settings: [:])
        case .firebase(let apiKey, let projectID): .kind("firebase", settings: ["apiKey": apiKey, "projectId": projectID])
        }
    }
}
