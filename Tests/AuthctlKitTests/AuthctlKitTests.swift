import AuthCLI
import AuthCore
import AuthPlatform
import Testing

@testable import AuthctlKit

/// The library's own rules: the SDK's error codes for authctl's, the account-exists error's
/// `userInfo`, the default home. The flows themselves run end to end (Tests/e2e/test_library.py).
struct AuthctlKitTests {
    @Test(arguments: [
        (AuthPlatform.ErrorCode.accountExistsWithDifferentCredential, AuthctlKit.AuthErrorCode.accountExistsWithDifferentCredential, 17012),
        (.userMismatch, .userMismatch, 17024),
        (.credentialAlreadyInUse, .credentialAlreadyInUse, 17025),
        (.requiresRecentLogin, .requiresRecentLogin, 17014),
        (.invalidCredential, .invalidCredential, 17004),
        (.noCurrentUser, .nullUser, 17067),
        (.cancelled, .webContextCancelled, 17058),
        (.timeout, .networkError, 17020),
        (.providerError, .networkError, 17020),
        (.keystoreError, .keychainError, 17995),
        (.configurationError, .operationNotAllowed, 17006),
        (.multiFactorAuthRequired, .secondFactorRequired, 17078),
        (.commandNotFound, .internalError, 17999),
        (.passwordDoesNotMeetRequirements, .passwordDoesNotMeetRequirements, 17211),
        (.weakPassword, .weakPassword, 17026),
    ])
    func sdkCodes(internal code: AuthPlatform.ErrorCode, sdk: AuthctlKit.AuthErrorCode, number: Int) {
        #expect(AuthctlKit.AuthErrorCode.from(code) == sdk)
        #expect(sdk.rawValue == number)
    }

    /// Every authctl code whose name the SDK also has maps to that case, none to internalError.
    @Test func sameNamesMapToTheSameCase() {
        let sdkNames = Set(AuthctlKit.AuthErrorCode.allCases.map { "\($0)" })
        for code in AuthPlatform.ErrorCode.allCases where sdkNames.contains("\(code)") {
            #expect("\(AuthctlKit.AuthErrorCode.from(code))" == "\(code)")
        }
    }

    @Test func accountExistsCarriesTheEmailAndTheCredentialToLink() throws {
        let core = AccountError.accountExistsWithDifferentCredential(email: "alice@example.com", providers: ["github.com"])
        let error = AuthError(core, providerID: "oidc.corp")
        #expect(error.authErrorCode == .accountExistsWithDifferentCredential)
        #expect(error.userInfo[AuthErrorUserInfoEmailKey] as? String == "alice@example.com")
        #expect(error.userInfo[AuthErrorUserInfoNameKey] as? String == "ERROR_ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL")
        #expect(error.userInfo[AuthctlErrorUserInfoCodeKey] as? String == "account-exists-with-different-credential")
        let pending = try #require(error.updatedCredential as? OAuthCredential)
        #expect(pending.provider == "oidc.corp")
        guard case .pending = pending.kind else { Issue.record("not the kept credential: \(pending.kind)"); return }
    }

    @Test func otherErrorsCarryNoCredential() {
        let error = AuthError(AccountError.userMismatch(providerID: "oidc.corp"), providerID: "oidc.corp")
        #expect(error.updatedCredential == nil && error.email == nil)
        #expect(error.localizedDescription.contains("oidc.corp"))
    }

    @Test(arguments: [
        (["AUTHCTL_HOME": "/a", "XDG_CONFIG_HOME": "/x", "HOME": "/h"], "/a"),
        (["XDG_CONFIG_HOME": "/x", "HOME": "/h"], "/x/authctl"),
        (["XDG_CONFIG_HOME": "relative", "HOME": "/h"], "/h/.config/authctl"),
        (["AUTHCTL_HOME": "", "HOME": "/h"], "/h/.config/authctl"),
    ])
    func defaultHome(environment: [String: String], home: String) {
        #expect(Auth.defaultHome(environment) == home)
    }

    @Test func profileValuesLeaveNullsOut() throws {
        let info = AdditionalUserInfo(AuthCore.SignInDetails(
            providerID: "github.com", profile: .object(["login": .string("alice"), "id": .number(7), "site_admin": .bool(false), "bio": .null]),
            username: "alice", isNewUser: true))
        let profile = try #require(info.profile)
        #expect(profile["login"] as? String == "alice")
        #expect(profile["id"] as? Double == 7)
        #expect(profile["site_admin"] as? Bool == false)
        #expect(profile["bio"] == nil)
    }
}
