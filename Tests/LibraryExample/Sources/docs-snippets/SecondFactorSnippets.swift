import AuthctlKit
import Foundation

// Signing in with an enrolled TOTP factor, as the Firebase docs write it ("Sign in users with a
// second factor"): the sign-in fails with secondFactorRequired, whose userInfo carries the
// MultiFactorResolver; the TOTP hint and the app's code finish it. The codes come on stdin, one a
// line: a refused one (invalidVerificationCode) is counted and the next line is tried, as an app
// asks again. `form` is "async" or "completion" (both the sign-in and the resolution).

func secondFactorSignInSnippet(email: String, password: String, form: String) async throws -> [String: Any] {
    let auth = Auth.auth()
    do {
        let result = form == "completion" ? try await signInWithCompletion(auth, email: email, password: password)
            : try await auth.signIn(withEmail: email, password: password)
        return ["uid": result.user.uid, "secondFactor": false, "factors": factorFields(result.user)]
    } catch let error as NSError where error.code == AuthErrorCode.secondFactorRequired.rawValue {
        guard let resolver = error.userInfo[AuthErrorUserInfoMultiFactorResolverKey] as? MultiFactorResolver else {
            throw AuthError.snippet("secondFactorRequired without a resolver")
        }
        guard let hint = resolver.hints.first(where: { $0.factorID == TOTPMultiFactorGenerator.factorID }) else {
            throw AuthError.snippet("no TOTP factor among \(resolver.hints.map(\.factorID))")
        }
        var refused: [Int] = []
        while let code = readLine(strippingNewline: true) {
            let assertion = TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID: hint.uid, oneTimePassword: code)
            do {
                let result = form == "completion" ? try await resolveWithCompletion(resolver, assertion) : try await resolver.resolveSignIn(with: assertion)
                return ["uid": result.user.uid, "hint": hint.displayName ?? NSNull(), "refused": refused,
                        "currentUser": resolver.auth.currentUser?.uid ?? NSNull(), "factors": factorFields(result.user)]
            } catch let error as NSError where error.code == AuthErrorCode.invalidVerificationCode.rawValue {
                refused.append(error.code)
            }
        }
        throw AuthError.snippet("no code on stdin that the project accepted (refused: \(refused))")
    }
}

private func signInWithCompletion(_ auth: Auth, email: String, password: String) async throws -> AuthDataResult {
    try await withCheckedThrowingContinuation { continuation in
        auth.signIn(withEmail: email, password: password) { result, error in
            if let result { continuation.resume(returning: result) } else { continuation.resume(throwing: error ?? AuthError.snippet("no result")) }
        }
    }
}

private func resolveWithCompletion(_ resolver: MultiFactorResolver, _ assertion: MultiFactorAssertion) async throws -> AuthDataResult {
    try await withCheckedThrowingContinuation { continuation in
        resolver.resolveSignIn(with: assertion) { result, error in
            if let result { continuation.resume(returning: result) } else { continuation.resume(throwing: error ?? AuthError.snippet("no result")) }
        }
    }
}
