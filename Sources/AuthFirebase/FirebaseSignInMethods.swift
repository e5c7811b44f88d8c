import AuthCore
import AuthOAuth
import AuthPlatform

/// The sign-in methods a Firebase project offers beyond providers and passwords: anonymous users
/// (and their upgrade), email links, and the emailed action codes. Each is one Identity Toolkit
/// call (Calls/), as the SDKs make it; each refusal is named through ServerErrorTable.swift.
extension FirebaseAccountBackend: AnonymousAccounts, EmailLinkAccounts, ActionCodes {
    /// The console switches that turn the methods on (Authentication > Sign-in method > ...).
    enum ConsoleSwitch {
        static let anonymous = ("anonymous sign-in", "Anonymous > Enable")
        static let emailLink = ("email link sign-in", "Email/Password > Email link (passwordless sign-in)")
        static let password = ("email and password sign-in", "Email/Password > Enable")
    }

    package func signInAnonymously() async throws -> SignInResult {
        let answer = try await sendNamingSwitch(SignUpRequest(link: nil), ConsoleSwitch.anonymous, during: .signIn)
        var result = try await record(answer, credential: nil, profile: nil, authenticated: true)
        result.additionalUserInfo.providerID = "anonymous"
        result.additionalUserInfo.isNewUser = true
        return result
    }

    /// An email and password linked to the signed-in user (the anonymous upgrade keeps the uid).
    package func link(email: String, password: String) async throws -> SignInResult {
        let account = try currentAccount()
        if account.user.identity(for: Self.passwordProviderID) != nil { throw AccountError.providerAlreadyLinked(providerID: Self.passwordProviderID) }
        let request = SignUpRequest(link: .init(idToken: try await freshSession().idToken, email: email, password: password))
        let answer: SignInResponse
        do {
            answer = try await sendNamingSwitch(request, ConsoleSwitch.password, during: .link)
        } catch FirebaseError.emailAlreadyInUse {
            throw FirebaseError.emailAlreadyInUse(email: email)
        }
        var result = try await record(answer.marked(provider: Self.passwordProviderID), credential: nil, profile: nil, authenticated: false)
        result.additionalUserInfo.providerID = Self.passwordProviderID
        return result
    }

    package func sendSignInLink(toEmail email: String, continueURL: String?) async throws {
        _ = try await sendNamingSwitch(SendOOBCodeRequest(kind: .emailSignIn(email: email, continueURL: continueURL)), ConsoleSwitch.emailLink, during: .other)
    }

    /// signInWithEmailLink; linking, with the signed-in user's ID token.
    package func signIn(email: String, oobCode: String, linkingToCurrentUser: Bool) async throws -> SignInResult {
        if linkingToCurrentUser {
            let account = try currentAccount()
            if account.user.identity(for: Self.passwordProviderID) != nil { throw AccountError.providerAlreadyLinked(providerID: Self.passwordProviderID) }
        }
        let idToken = linkingToCurrentUser ? try await freshSession().idToken : nil
        let request = SignInWithEmailLinkRequest(email: email, oobCode: oobCode, idToken: idToken)
        let answer = try await naming(.signIn) { try await sendNamingSwitch(request, ConsoleSwitch.emailLink, during: .signIn) }
        var result = try await record(
            answer.marked(provider: Self.passwordProviderID), credential: nil, profile: nil, authenticated: !linkingToCurrentUser)
        result.additionalUserInfo.providerID = Self.passwordProviderID
        result.additionalUserInfo.isNewUser = answer.isNewUser
        return result
    }

    package func sendEmailVerification() async throws {
        _ = try currentAccount()
        _ = try await call(SendOOBCodeRequest(kind: .verifyEmail(idToken: try await freshSession().idToken)), during: .other)
    }

    package func checkActionCode(_ code: String) async throws -> ActionCodeDetails {
        try await naming(nil) { try await call(ResetPasswordRequest(oobCode: code, newPassword: nil), during: .other) }.info()
    }

    /// Applies a verify-email or recover-email code; the signed-in user, if it is that account,
    /// is read again so `emailVerified` shows the change.
    package func applyActionCode(_ code: String) async throws -> ActionCodeDetails {
        let answer = try await naming(.verifyEmail) { try await call(ApplyActionCodeRequest(oobCode: code), during: .other) }
        let info = answer.info(assuming: .verifyEmail)
        if let current = try? currentAccount(), current.backendSession != nil, answer.localID.map({ $0 == current.user.uid }) ?? true {
            _ = try? await refreshUser(after: nil, removingSessionOf: nil)
        }
        return info
    }

    package func confirmPasswordReset(code: String, newPassword: String) async throws -> String {
        let answer = try await naming(.resetPassword) { try await call(ResetPasswordRequest(oobCode: code, newPassword: newPassword), during: .other) }
        return answer.info(assuming: .passwordReset).email ?? ""
    }

    /// A call whose OPERATION_NOT_ALLOWED names the method and its console switch.
    func sendNamingSwitch<Call: IdentityToolkitCall>(
        _ request: Call, _ method: (String, String), during operation: FirebaseError.Operation
    ) async throws -> Call.Response {
        do {
            return try await call(request, during: operation)
        } catch FirebaseError.operationNotAllowed {
            throw FirebaseError.methodDisabled(method: method.0, consoleSwitch: method.1)
        }
    }

    /// Runs `call`; a refused action code says which new link to ask for.
    func naming<Response>(_ purpose: Remedy.LinkPurpose?, _ call: () async throws -> Response) async throws -> Response {
        do {
            return try await call()
        } catch FirebaseError.actionCodeRefused(let code, nil) {
            throw FirebaseError.actionCodeRefused(code: code, purpose: purpose)
        }
    }
}
