internal import AuthApp
internal import AuthPlatform
import Foundation

/// The error every operation of this library throws: FirebaseAuth's `NSError` in
/// ``AuthErrorDomain`` (`FIRAuthErrorDomain`), its `code` the ``AuthErrorCode`` raw value, its
/// `userInfo` the SDK's keys. An `NSError` subclass, not a Swift error that bridges, because on
/// Linux `catch let error as NSError` only matches an `NSError` (Docs/Decisions/0033). Final,
/// with no state of its own beyond `NSError`'s immutable domain, code and `userInfo` (whose
/// values are strings, ``OAuthCredential``s and ``MultiFactorResolver``s): the compiler makes
/// every `NSError` subclass restate `NSError`'s own `@unchecked Sendable`.
///
/// ```swift
/// } catch let error as NSError where error.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue {
///     let pendingCredential = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential
/// ```
public final class AuthError: NSError, @unchecked Sendable {
    /// FirebaseAuth's error domain, as ``AuthErrorDomain``.
    public static let domain = AuthErrorDomain

    /// Why it failed, as the SDK's code (`AuthErrorCode(rawValue: error.code)`).
    public var authErrorCode: AuthErrorCode { AuthErrorCode(rawValue: code) ?? .internalError }
    /// The email of an account-exists or credential-in-use error.
    public var email: String? { userInfo[AuthErrorUserInfoEmailKey] as? String }
    /// An account-exists error's kept credential: link it once signed in with the account's provider.
    public var updatedCredential: AuthCredential? { userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential }
    /// The message, as `localizedDescription`.
    public override var description: String { localizedDescription }

    init(_ error: any AuthCoreError, providerID: String?, auth: Auth? = nil) {
        // An access token a project cannot take is a usage error to the command (exit 2); the SDK
        // names a credential it cannot use `invalidCredential`.
        let code = error is AccessTokenRefused ? .invalidCredential : AuthErrorCode.from(error.code)
        var info: [String: Any] = [
            // The message carries a provider's or a project's words: neutralised, as the command
            // line's funnel does (Decisions/0041), for an app that shows it in a terminal.
            AuthErrorUserInfoDescriptionKey: Self.describe(TerminalSafety.neutralised(error.message), remedy: error.remedy), AuthErrorUserInfoNameKey: code.errorName,
            AuthctlErrorUserInfoCodeKey: error.code.rawValue,
        ]
        if case .string(let email)? = error.details["email"] { info[AuthErrorUserInfoEmailKey] = email }
        if error.code == .accountExistsWithDifferentCredential, let providerID {
            info[AuthErrorUserInfoUpdatedCredentialKey] = OAuthCredential(provider: providerID, kind: .pending)
        }
        if let resolver = MultiFactorResolver(error, auth: auth) { info[AuthErrorUserInfoMultiFactorResolverKey] = resolver }
        super.init(domain: AuthErrorDomain, code: code.rawValue, userInfo: info)
    }

    init(_ code: AuthErrorCode, _ message: String) {
        super.init(domain: AuthErrorDomain, code: code.rawValue, userInfo: [AuthErrorUserInfoDescriptionKey: TerminalSafety.neutralised(message), AuthErrorUserInfoNameKey: code.errorName])
    }

    /// Not decodable: an error of a sign-in is not archived.
    public required init?(coder: NSCoder) { nil }

    /// `message` with the remedy in this API's words after it: a new sentence after a full
    /// stop, else a clause after a semicolon (as the command line words it in `authctl` commands).
    static func describe(_ message: String, remedy: Remedy?) -> String {
        guard let remedy else { return message }
        let text = wording(remedy)
        if message.hasSuffix(".") { return message + " " + text.prefix(1).uppercased() + text.dropFirst() + "." }
        return message + "; " + text
    }

    /// What to do, in the SDK's vocabulary: its types and methods, never a command or an option.
    static func wording(_ remedy: Remedy) -> String {
        let pendingKey = "error.userInfo[AuthErrorUserInfoUpdatedCredentialKey]"
        switch remedy {
        case .signIn(let provider):
            return "sign in with " + signInCall(provider)
        case .signInWithOneOf(let providers): return signInWithOneOf(providers)
        case .signInAgain(let provider?):
            return "sign in again with " + signInCall(provider)
        case .signInAgain(nil): return "sign in again"
        case .reauthenticate(let provider):
            return "reauthenticate first with user.reauthenticate(with: " + (provider.map(providerValue) ?? "credential") + ")"
        case .addProvider(let provider, _, _):
            return "add \(provider) to the providers of the home (the authctl command's 'providers add' does)"
        case .removeProvider(let provider):
            return "remove \(provider) from the providers of the home first"
        case .checkIssuer(let issuer): return "check the issuer \(issuer) (the URL before /.well-known/openid-configuration)"
        case .replaceClientCredentials(let provider): return clientCredentialsWording(provider)
        case .giveClientSecret(let provider):
            return "give \(provider)'s client secret to its configuration in the home"
        case .configureProject(.project):
            return "configure a project with Auth.Backend.firebase(apiKey:projectID:) or in the home"
        case .configureProject(.authDomain):
            return "set the project's auth domain in the home"
        case .configureProject(.tenantID):
            return "set the project's tenant id in the home"
        case .configureProject(.appRestriction):
            return "give the project's settings in the home the app or referrer the key is restricted to"
        case .linkPendingCredential(let first, let minutes):
            let link = "link \(pendingKey) with user.link(with:) within \(minutes) minutes"
            switch first {
            case .signIn(let provider?)?: return "sign in with \(signInCall(provider)), then \(link)"
            case let step?: return "\(wording(step)), sign in with one of them, then \(link)"
            case nil: return "sign in with one of them, then \(link)"
            }
        case .link(let provider?):
            return "link it with user.link(with: \(providerValue(provider)), uiDelegate:)"
        case .link(nil):
            return "link a provider with user.link(with:uiDelegate:)"
        case .deleteAccount: return "delete the account with user.delete() instead"
        case .chooseUser: return "choose one of the users of the home"
        case .unlockKeyringOrKeepSecretsInFiles:
            return "start or unlock the system keyring, or keep the home's secrets in its files (storage: file)"
        case .unlockKeyring: return "unlock the system keyring, then try again"
        case .chooseHome: return "or use another home with Auth(home:)"
        case .signInAnotherWay(let ways):
            return "sign in with " + ways.map(wayWording).joined(separator: ", or with ")
        case .askForIDToken: return "use user.getIDToken()"
        case .giveSecondFactorCode(let enroll):
            return enroll
                ? "enrol an authenticator app (TOTP) in your app, then sign in with its current code"
                : "sign in again with the current code from your authenticator app"
        case .chooseRedirectPorts:
            return "register more redirect ports with the provider and list them in its configuration"
        case .registerRedirectURI(let uri):
            return "register \(uri) with the client, then try again"
        case .tryAgain: return "try again"
        case .requestNewLink(let purpose): return newLinkWording(purpose)
        case .upgradeToIdentityPlatform(let provider): return Remedy.identityPlatformSteps(provider)
        }
    }

    private static func signInWithOneOf(_ providers: [String]) -> String {
        providers.isEmpty
            ? "configure a provider in the home, then sign in with it"
            : "sign in with one of the home's providers: " + providers.joined(separator: ", ")
    }

    private static func clientCredentialsWording(_ provider: String?) -> String {
        "the client id or secret of " + (provider ?? "the provider") + " in the home is wrong: configure it again with the right ones"
    }

    private static func providerValue(_ provider: String) -> String {
        "OAuthProvider(providerID: \"\(provider)\")"
    }

    private static func signInCall(_ provider: String?) -> String {
        guard let provider else { return "Auth.signIn(with:)" }
        return provider == "password" ? "Auth.signIn(withEmail:password:)" : providerValue(provider)
    }

    private static func wayWording(_ way: Remedy.SignInWay) -> String {
        switch way {
        case .browser: "a BrowserPresenter"
        case .paste: "a BrowserPresenter that shows the URL to open on another device"
        case .listener: "a BrowserPresenter on this machine, so the answer comes to its listener"
        case .deviceCode: "a device code"
        case .ciIdentity: "the CI job's ID token"
        case .idToken: "OAuthProvider.credential(providerID:idToken:rawNonce:accessToken:)"
        }
    }

    /// Runs `body`, turning the engine's errors into ``AuthError``s; the provider of an
    /// account-exists error is the one `body` signed in with; a sign-in of `auth` stopped at its
    /// second factor carries a ``MultiFactorResolver`` for it.
    static func translating<T>(providerID: String? = nil, auth: Auth? = nil, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AuthError {
            throw error
        } catch let error as any AuthCoreError {
            throw AuthError(error, providerID: providerID ?? "", auth: auth)
        } catch is CancellationError {
            throw AuthError(.webContextCancelled, "the sign-in was cancelled")
        } catch {
            throw AuthError(.internalError, "\(error)")
        }
    }
}
