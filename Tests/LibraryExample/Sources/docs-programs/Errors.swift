import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/errors
// "Handle Firebase Apple Platforms Auth Errors": a non-nil error is an `NSError` in the Auth
// domain; its code is an `AuthErrorCode`; its `userInfo` carries the cross-platform name
// (`AuthErrorUserInfoNameKey`), a developer description (`NSLocalizedDescriptionKey`), the
// underlying error (`NSUnderlyingErrorKey`), and, for some codes, the email, the updated
// credential and the multi-factor resolver.

/// What a program does with each code the page lists.
func handleAuthError(_ error: Error?) {
    guard let error = error as NSError? else { return }
    guard error.domain == AuthErrorDomain || error.domain == AuthErrors.domain else {
        print("not an Auth error: \(error)")
        return
    }
    let name = error.userInfo[AuthErrorUserInfoNameKey] as? String ?? error.userInfo[AuthErrors.userInfoNameKey] as? String
    let description = error.userInfo[NSLocalizedDescriptionKey] as? String
    let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
    print(name ?? "", description ?? "", underlying?.localizedDescription ?? "")

    guard let code = AuthErrorCode(rawValue: error.code) else { return }
    switch code {
    // Common to all API methods.
    case .networkError, .tooManyRequests:
        print("try again later")
    case .userNotFound, .userTokenExpired, .invalidUserToken, .userDisabled:
        print("sign in again")
    case .invalidAPIKey, .appNotAuthorized, .keychainError, .internalError:
        print("check the project's configuration")
    // Method-specific.
    case .wrongPassword, .invalidCredential, .invalidEmail, .weakPassword, .emailAlreadyInUse, .operationNotAllowed:
        print("ask again: \(error.localizedDescription)")
    case .requiresRecentLogin:
        print("re-authenticate, then retry")
    case .accountExistsWithDifferentCredential, .credentialAlreadyInUse:
        let email = error.userInfo[AuthErrorUserInfoEmailKey] as? String
        let updated = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential
        print(email ?? "", updated?.provider ?? "")
    case .secondFactorRequired:
        let resolver = error.userInfo[AuthErrorUserInfoMultiFactorResolverKey] as? MultiFactorResolver
        print(resolver?.hints.count ?? 0)
    case .expiredActionCode, .invalidActionCode:
        print("ask for a new link")
    default:
        print("\(code.rawValue): \(error.localizedDescription)")
    }
}

/// The same dispatch on the code itself (`error.code == .x` compiles on the code, as the SDK keeps it).
func describe(_ code: AuthErrorCode) -> String {
    if code.code == .secondFactorRequired { return "second factor" }
    if code == .userDisabled { return "disabled" }
    return "\(code.rawValue)"
}

/// Async calls throw the same `NSError`: `catch let error as NSError`, or as the code.
func signInHandlingErrors(email: String, password: String) async {
    do {
        _ = try await Auth.auth().signIn(withEmail: email, password: password)
    } catch let error as AuthErrorCode where error.code == .wrongPassword {
        print("wrong password: \(describe(error))")
    } catch let error as NSError where error.code == AuthErrorCode.userNotFound.rawValue {
        print("no such user: \(error.userInfo[AuthErrorUserInfoNameKey] ?? "")")
    } catch let error as NSError {
        handleAuthError(error)
    }
    Auth.auth().signIn(withEmail: email, password: password) { _, error in
        if let error = error as NSError?, let code = AuthErrorCode(rawValue: error.code) {
            print(describe(code))
        }
        handleAuthError(error)
    }
}
