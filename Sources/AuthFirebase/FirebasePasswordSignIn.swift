import AuthCore
import AuthOAuth
import AuthPlatform

/// The sign-in methods a Firebase project adds to federated ones: email and password, and
/// custom tokens. Each is one Identity Toolkit call, as the SDKs make it.
extension FirebaseAccountBackend: PasswordAccounts, CustomTokenAccounts {
    /// The provider id of email and password accounts.
    static let passwordProviderID = "password"

    package var mayHideSignInMethods: Bool { true }

    /// Email and password: `accounts:signInWithPassword`, or `accounts:signUp` to create the account.
    package func signIn(email: String, password: String, create: Bool) async throws -> SignInResult {
        let request = PasswordSignInRequest(email: email, password: password, create: create)
        let answer: SignInResponse
        do {
            answer = try await call(request, during: .signIn)
        } catch FirebaseError.emailAlreadyInUse {
            throw FirebaseError.emailAlreadyInUse(email: email)
        }
        var result = try await record(answer.marked(provider: Self.passwordProviderID), credential: nil, profile: nil, authenticated: true)
        result.additionalUserInfo.providerID = Self.passwordProviderID
        result.additionalUserInfo.isNewUser = create
        return result
    }

    /// The signed-in user's password, checked by the project; another account's is a user mismatch.
    package func reauthenticate(password: String) async throws -> SignInResult {
        let account = try currentAccount()
        guard let email = account.user.email, account.user.identity(for: Self.passwordProviderID) != nil else {
            throw AccountError.noSuchProvider(providerID: Self.passwordProviderID, linked: account.user.providerData.map(\.providerID))
        }
        let request = PasswordSignInRequest(email: email, password: password, create: false)
        let answer = try await call(request, during: .signIn).marked(provider: Self.passwordProviderID)
        // `record` passes the second factor, then refuses any user but this one (also for the library's resolver).
        var result = try await record(answer, credential: nil, profile: nil, authenticated: true, expectedUID: account.user.uid)
        result.additionalUserInfo.providerID = Self.passwordProviderID
        return result
    }

    package func updateEmail(_ email: String) async throws -> AccountRecord {
        try await update(.email(email), operation: "changing the email")
    }

    package func updatePassword(_ password: String) async throws -> AccountRecord {
        try await update(.password(password), operation: "changing the password")
    }

    /// `accounts:update` with the user's ID token: the project answers a new session (the change
    /// ends every other one), which replaces the stored one.
    private func update(_ change: AccountUpdateRequest.Change, operation: String) async throws -> AccountRecord {
        _ = try currentAccount()
        let request = AccountUpdateRequest(idToken: try await freshSession().idToken, change: change)
        let answer = try await call(request, during: .other, recentLoginOperation: operation)
        return try await refreshUser(after: answer, removingSessionOf: nil)
    }

    package func sendPasswordReset(toEmail email: String) async throws {
        let request = SendOOBCodeRequest(kind: .passwordReset(email: email))
        _ = try await call(request, during: .other)
    }

    /// A custom token minted by the project's service account (`accounts:signInWithCustomToken`).
    package func signIn(customToken: String) async throws -> SignInResult {
        let request = CustomTokenSignInRequest(token: customToken)
        let answer = try await call(request, during: .signIn)
        var result = try await record(answer, credential: nil, profile: nil, authenticated: true)
        result.additionalUserInfo.providerID = "custom"
        return result
    }
}
