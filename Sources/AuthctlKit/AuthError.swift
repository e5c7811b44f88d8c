internal import AuthPlatform

/// The error every operation of this library throws (FirebaseAuth's `NSError` in
/// `AuthErrors.domain`): the SDK's code, a message for a person, and the SDK's `userInfo` keys.
///
/// ```swift
/// } catch let error as AuthError where error.code == .accountExistsWithDifferentCredential {
///     let pendingCredential = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential
/// ```
public struct AuthError: Error, Sendable, CustomStringConvertible {
    /// FirebaseAuth's error domain, as ``AuthError`` would bridge to `NSError`.
    public static let domain = "FIRAuthErrorDomain"

    /// Why it failed.
    public let code: AuthErrorCode
    /// ``AuthErrorUserInfoDescriptionKey``, ``AuthErrorUserInfoNameKey`` always;
    /// ``AuthErrorUserInfoEmailKey`` and ``AuthErrorUserInfoUpdatedCredentialKey`` where the SDK has them.
    public let userInfo: [String: any Sendable]

    /// What went wrong and, where there is one, what to do.
    public var localizedDescription: String { userInfo[AuthErrorUserInfoDescriptionKey] as? String ?? "\(code)" }
    /// The message, as ``localizedDescription``.
    public var description: String { localizedDescription }
    /// The email of an account-exists or credential-in-use error.
    public var email: String? { userInfo[AuthErrorUserInfoEmailKey] as? String }
    /// An account-exists error's kept credential: link it once signed in with the account's provider.
    public var updatedCredential: (any AuthCredential)? { userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? any AuthCredential }

    init(_ error: any AuthCoreError, providerID: String?) {
        code = AuthErrorCode.from(error.code)
        var info: [String: any Sendable] = [AuthErrorUserInfoDescriptionKey: error.message, AuthErrorUserInfoNameKey: error.code.rawValue]
        if case .string(let email)? = error.details["email"] { info[AuthErrorUserInfoEmailKey] = email }
        if error.code == .accountExistsWithDifferentCredential, let providerID {
            info[AuthErrorUserInfoUpdatedCredentialKey] = OAuthCredential(provider: providerID, kind: .pending)
        }
        userInfo = info
    }

    init(_ code: AuthErrorCode, _ message: String) {
        self.code = code
        userInfo = [AuthErrorUserInfoDescriptionKey: message, AuthErrorUserInfoNameKey: "\(code)"]
    }

    /// Runs `body`, turning the engine's errors into ``AuthError``s; the provider of an
    /// account-exists error is the one `body` signed in with.
    static func translating<T>(providerID: String? = nil, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AuthError {
            throw error
        } catch let error as any AuthCoreError {
            throw AuthError(error, providerID: providerID ?? "")
        } catch is CancellationError {
            throw AuthError(.webContextCancelled, "the sign-in was cancelled")
        } catch {
            throw AuthError(.internalError, "\(error)")
        }
    }
}
