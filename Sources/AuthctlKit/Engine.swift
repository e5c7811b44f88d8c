internal import AuthApp
internal import AuthPlatform
import Foundation

/// The library's operations, for one ``Auth``: each is a use case of the application layer
/// (AuthApp), the same the command runs, with results turned into the library's types. Errors
/// come out as they are; the public methods translate them (``AuthError/translating(providerID:_:)``).
struct Engine: Sendable {
    let env: LibraryEnvironment
    let auth: Auth

    /// How long before its expiry a token is renewed (the SDK's five minutes).
    static let minimumValidity: TimeInterval = GetToken.defaultMinimumValidity

    /// What the program set on its ``Auth`` for the calls to its project.
    var runtimeSettings: ProjectCallSettings { auth.projectCalls.withLock { $0 } }

    /// The runtime, with what the program set on its ``Auth`` for the calls to its project.
    func runtime() throws -> AuthRuntime {
        let runtime = try env.get()
        let settings = runtimeSettings
        guard settings != ProjectCallSettings() else { return runtime }
        do { return try runtime.with(settings) } catch let error as InvalidSetting { throw AuthError(error, providerID: nil) }
    }

    // MARK: Provider flows

    /// What `provider` asks of a sign-in for `purpose`.
    static func input(_ provider: OAuthProvider, purpose: FederatedPurpose, proof: SignIn.Proof) -> SignIn.Input {
        let settings = provider.current
        return SignIn.Input(
            providerID: provider.providerID, purpose: purpose, proof: proof, scopes: settings.scopes ?? [],
            customParameters: settings.customParameters ?? [:], timeout: settings.timeout, timeoutSetting: "OAuthProvider.timeout")
    }

    /// The local flow's verified credential, or, for a provider the project runs, the provider's
    /// answer to the project's flow, exchanged when the credential is used (Decisions/0051).
    func credential(for provider: OAuthProvider, presenter: BrowserPresenter) async throws -> OAuthCredential {
        let runtime = try runtime()
        try runtime.checkHome()
        let signIn = SignIn(runtime: runtime)
        switch try await signIn.credential(Self.input(provider, purpose: .signIn, proof: .browser), ports: LibraryEnvironment.ports(presenter, runtime: runtime)) {
        case .providerAnswer(let answer): return OAuthCredential(provider: provider.providerID, kind: .providerAnswer(answer))
        case .verified(let credential, let profile): return OAuthCredential(verified: credential, profile: profile)
        }
    }

    /// `provider`'s flow for `purpose`, then the account rules, on the route ``SignIn`` chooses.
    func run(_ provider: OAuthProvider, presenter: BrowserPresenter?, for purpose: FederatedPurpose, as uid: String?) async throws -> AuthDataResult {
        try await signIn(Self.input(provider, purpose: purpose, proof: .browser), presenter: presenter ?? defaultPresenter(), as: uid)
    }

    /// A sign-in through ``SignIn`` as the user `uid` (when given), with `presenter`'s I/O.
    func signIn(_ input: SignIn.Input, presenter: BrowserPresenter, as uid: String?) async throws -> AuthDataResult {
        let runtime = try runtime()
        try runtime.checkHome()
        _ = try AccountOperations(runtime: runtime).checked(uid)
        return try await AuthError.translating(providerID: input.providerID, auth: auth) {
            AuthDataResult(try await SignIn(runtime: runtime).run(input, ports: LibraryEnvironment.ports(presenter, runtime: runtime)), auth: auth)
        }
    }

    /// What a nil `uiDelegate` means: `AUTHCTL_BROWSER`'s command when it is set, as the
    /// `authctl` command reads it, else the system's browser.
    func defaultPresenter() -> BrowserPresenter {
        guard let command = (try? runtime())?.environment["AUTHCTL_BROWSER"], !command.isEmpty else { return .systemBrowser }
        return .command(ProcessBrowserOpener.splitCommand(command))
    }

    // MARK: The signed-in user

    /// The home's change detector, or nil when the runtime could not be built.
    func changes() -> AccountChanges? {
        (try? runtime()).map(AccountChanges.init)
    }

    func currentUser() throws -> AccountRecord? {
        try runtime().accounts().currentUser()
    }

    func idToken(of uid: String, forcingRefresh: Bool) async throws -> String {
        let runtime = try runtime()
        _ = try AccountOperations(runtime: runtime).checked(uid)
        let input = GetToken.Input(providerID: nil, kind: .id, minimumValidity: forcingRefresh ? GetToken.forced : Self.minimumValidity)
        return try await GetToken(runtime: runtime).run(input).value
    }

    func unlink(_ providerID: String, as uid: String) async throws -> User {
        User(try await AccountOperations(runtime: try runtime()).unlink(providerID, expectedUID: uid), auth: auth)
    }

    func delete(as uid: String) async throws {
        _ = try await AccountOperations(runtime: try runtime()).delete(expectedUID: uid)
    }

    func signOut() throws {
        _ = try SignOut(runtime: try runtime()).signOut(all: false)
    }

    /// Signs out, then revokes the removed sessions' tokens at their providers.
    func signOutRevoking() async throws {
        let signOut = SignOut(runtime: try runtime())
        if let failed = RevocationFailed(await signOut.revoke(try signOut.signOut(all: false))) { throw failed }
    }
}
