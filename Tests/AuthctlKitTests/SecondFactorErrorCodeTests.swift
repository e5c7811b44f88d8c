import AuthCLI
import AuthCore
import AuthFirebase
import AuthPlatform
import Foundation
import Testing

@testable import AuthctlKit

/// Each second-factor refusal of the project, named at every door as FirebaseAuth names it
/// (firebase-ios-sdk `AuthBackend.swift`'s server-code switch, `AuthErrors.swift`'s numbers): the
/// CLI's `--json` code, the library's NSError code, and the exit status (10 for all of them).
struct SecondFactorErrorCodeTests {
    @Test(arguments: [
        ("INVALID_CODE", "invalid-verification-code", 17044),
        ("INVALID_MFA_PENDING_CREDENTIAL", "invalid-multi-factor-session", 17083),
        ("MISSING_MFA_PENDING_CREDENTIAL", "missing-multi-factor-session", 17081),
        ("MISSING_MFA_ENROLLMENT_ID", "missing-multi-factor-info", 17082),
        ("MFA_ENROLLMENT_NOT_FOUND", "multi-factor-info-not-found", 17084),
        ("INVALID_SESSION_INFO", "invalid-verification-id", 17046),
        ("MISSING_SESSION_INFO", "missing-verification-id", 17045),
    ])
    func aRefusalIsTheSDKsCodeAtEveryDoor(serverCode: String, cliName: String, sdkCode: Int) {
        let refusal = FirebaseError(serverCode: serverCode, detail: nil, status: 400, during: .signIn)
        #expect(refusal.code.rawValue == cliName)
        #expect(ExitStatus(refusal.code).rawValue == 10)
        let error = AuthError(refusal, providerID: nil) as NSError
        #expect(error.domain == AuthErrorDomain && error.code == sdkCode)
        #expect(error.userInfo[AuthctlErrorUserInfoCodeKey] as? String == cliName)
    }

    /// The SDK's short names of the new cases, as its `AuthErrors.swift` spells them.
    @Test(arguments: [
        (AuthctlKit.AuthErrorCode.missingMultiFactorSession, "ERROR_MISSING_MULTI_FACTOR_SESSION"),
        (.missingMultiFactorInfo, "ERROR_MISSING_MULTI_FACTOR_INFO"), (.multiFactorInfoNotFound, "ERROR_MULTI_FACTOR_INFO_NOT_FOUND"),
        (.invalidVerificationID, "ERROR_INVALID_VERIFICATION_ID"), (.missingVerificationID, "ERROR_MISSING_VERIFICATION_ID"),
    ])
    func shortNamesAreTheSDKs(code: AuthctlKit.AuthErrorCode, name: String) {
        #expect(code.errorName == name)
    }
}
