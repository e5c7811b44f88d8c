import AuthCore
import Foundation
import Testing

@testable import AuthctlKit

/// The Firebase docs' error idioms on the library's errors: `catch let error as NSError`, the
/// domain, the code as `AuthErrorCode`'s raw value, the SDK's `userInfo` keys and short names.
struct NSErrorBridgingTests {
    func thrown(_ error: AuthError) throws { throw error }

    @Test func catchAsNSErrorSeesTheSDKsDomainCodeAndUserInfo() throws {
        let core = AccountError.accountExistsWithDifferentCredential(email: "alice@example.com", providers: ["github.com"])
        do {
            try thrown(AuthError(core, providerID: "oidc.corp"))
            Issue.record("nothing thrown")
        } catch let error as NSError {
            #expect(error.domain == AuthErrorDomain && AuthErrorDomain == "FIRAuthErrorDomain")
            #expect(error.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue)
            #expect(AuthErrorCode(rawValue: error.code) == .accountExistsWithDifferentCredential)
            #expect(error.userInfo[AuthErrorUserInfoEmailKey] as? String == "alice@example.com")
            let pending = try #require(error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential)
            #expect(pending.provider == "oidc.corp")
            #expect(error.localizedDescription.contains("alice@example.com"))
        }
    }

    @Test func anOptionalErrorBridgesAsTheDocsWriteIt() {
        let error: Error? = AuthError(.userMismatch, "another user")
        #expect((error as NSError?)?.code == AuthErrorCode.userMismatch.rawValue)
        #expect((error! as NSError).domain == AuthErrors.domain)
    }

    @Test func aThrownCodeBridgesToo() {
        let error: Error = AuthErrorCode.requiresRecentLogin
        #expect((error as NSError).domain == AuthErrorDomain)
        #expect((error as NSError).code == 17014)
    }

    @Test(arguments: [
        (AuthErrorCode.accountExistsWithDifferentCredential, "ERROR_ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL"),
        (.invalidAPIKey, "ERROR_INVALID_API_KEY"), (.tenantIDMismatch, "ERROR_TENANT_ID_MISMATCH"),
        (.invalidProviderID, "ERROR_INVALID_PROVIDER_ID"), (.networkError, "ERROR_NETWORK_REQUEST_FAILED"),
        (.webSignInUserInteractionFailure, "ERROR_WEB_USER_INTERACTION_FAILURE"),
        (.blockingCloudFunctionError, "ERROR_BLOCKING_CLOUD_FUNCTION_RETURNED_ERROR"), (.nullUser, "ERROR_NULL_USER"),
        (.invalidMultiFactorSession, "ERROR_INVALID_MULTI_FACTOR_SESSION"), (.keychainError, "ERROR_KEYCHAIN_ERROR"),
    ])
    func shortNamesAreTheSDKs(code: AuthErrorCode, name: String) {
        #expect(code.errorName == name)
        #expect(AuthError(code, "x").userInfo[AuthErrorUserInfoNameKey] as? String == name)
    }
}
