import AuthCore
import AuthOAuth
import AuthPlatform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The sign-in methods a Firebase project adds to federated ones.
extension FirebaseAccountBackend {
    /// Email and password: `accounts:signInWithPassword`, or `accounts:signUp` to create the account.
    public func signIn(email: String, password: String, create: Bool) async throws -> AuthDataResult {
        let method = create ? "signUp" : "signInWithPassword"
        let answer: JSONValue
        do {
            answer = try await call(
                method, ["email": .string(email), "password": .string(password), "returnSecureToken": true], during: .signIn
            )
        } catch FirebaseError.emailAlreadyInUse {
            throw FirebaseError.emailAlreadyInUse(email: email)
        }
        var result = try await record(answer, credential: nil, profile: nil, authenticated: true)
        result.additionalUserInfo.providerID = "password"
        result.additionalUserInfo.isNewUser = create
        return result
    }

    /// A custom token minted by the project's service account (`accounts:signInWithCustomToken`).
    public func signIn(customToken: String) async throws -> AuthDataResult {
        let answer = try await call("signInWithCustomToken", ["token": .string(customToken), "returnSecureToken": true], during: .signIn)
        var result = try await record(answer, credential: nil, profile: nil, authenticated: true)
        result.additionalUserInfo.providerID = "custom"
        return result
    }
}
