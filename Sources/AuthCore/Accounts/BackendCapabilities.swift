/// What only some account backends can do, each a protocol a backend adopts and a command asks
/// for (`auth.backend as? any PasswordAccounts`): commands never name a concrete backend.

/// Email and password accounts (a Firebase project's Email/Password provider).
public protocol PasswordAccounts: AccountBackend {
    /// `accounts:signInWithPassword`, or `accounts:signUp` with `create`.
    func signIn(email: String, password: String, create: Bool) async throws -> AuthDataResult
    /// The signed-in user proves it is them with their password (the SDK's `reauthenticate(with:
    /// EmailAuthProvider.credential(...))`); another account's password is a user mismatch.
    func reauthenticate(password: String) async throws -> AuthDataResult
    /// Changes the signed-in user's email (needs a recent sign-in).
    func updateEmail(_ email: String) async throws -> User
    /// Changes the signed-in user's password (needs a recent sign-in).
    func updatePassword(_ password: String) async throws -> User
    /// Asks the project to email a password-reset link (`sendOobCode`, `PASSWORD_RESET`).
    func sendPasswordReset(toEmail email: String) async throws
}

/// Custom tokens minted by the project's own backend.
public protocol CustomTokenAccounts: AccountBackend {
    func signIn(customToken: String) async throws -> AuthDataResult
}

extension AccountBackend {
    public var mayHideSignInMethods: Bool { false }
}
