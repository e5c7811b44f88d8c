import Foundation
import Testing

@testable import AuthctlKit

/// Every case of FirebaseAuth 12.19's `AuthErrorCode` is here with the SDK's number and short name,
/// so a program's exhaustive `switch` over the SDK's cases compiles and its numbers mean the same.
struct AuthErrorCodeCasesTests {
    @Test func everyCaseOfTheSDKIsHere() {
        #expect(AuthErrorCode.allCases.count == 91)
        #expect(Set(AuthErrorCode.allCases.map(\.rawValue)).count == AuthErrorCode.allCases.count)
    }

    /// The cases authctl's flows do not raise (phone, reCAPTCHA, Game Center, web views) and the
    /// ones it can: the SDK's number, its short name, and the NSError they bridge to.
    @Test(arguments: [
        (AuthErrorCode.invalidMessagePayload, 17031, "ERROR_INVALID_MESSAGE_PAYLOAD"),
        (.invalidSender, 17032, "ERROR_INVALID_SENDER"),
        (.invalidRecipientEmail, 17033, "ERROR_INVALID_RECIPIENT_EMAIL"),
        (.missingEmail, 17034, "ERROR_MISSING_EMAIL"),
        (.missingIosBundleID, 17036, "ERROR_MISSING_IOS_BUNDLE_ID"),
        (.missingAndroidPackageName, 17037, "ERROR_MISSING_ANDROID_PKG_NAME"),
        (.invalidContinueURI, 17039, "ERROR_INVALID_CONTINUE_URI"),
        (.missingContinueURI, 17040, "ERROR_MISSING_CONTINUE_URI"),
        (.missingPhoneNumber, 17041, "ERROR_MISSING_PHONE_NUMBER"),
        (.invalidPhoneNumber, 17042, "ERROR_INVALID_PHONE_NUMBER"),
        (.missingVerificationCode, 17043, "ERROR_MISSING_VERIFICATION_CODE"),
        (.missingAppCredential, 17047, "MISSING_APP_CREDENTIAL"),
        (.invalidAppCredential, 17048, "INVALID_APP_CREDENTIAL"),
        (.quotaExceeded, 17052, "ERROR_QUOTA_EXCEEDED"),
        (.missingAppToken, 17053, "ERROR_MISSING_APP_TOKEN"),
        (.notificationNotForwarded, 17054, "ERROR_NOTIFICATION_NOT_FORWARDED"),
        (.captchaCheckFailed, 17056, "ERROR_CAPTCHA_CHECK_FAILED"),
        (.webContextAlreadyPresented, 17057, "ERROR_WEB_CONTEXT_ALREADY_PRESENTED"),
        (.appVerificationUserInteractionFailure, 17059, "ERROR_APP_VERIFICATION_FAILED"),
        (.invalidClientID, 17060, "ERROR_INVALID_CLIENT_ID"),
        (.webNetworkRequestFailed, 17061, "ERROR_WEB_NETWORK_REQUEST_FAILED"),
        (.webInternalError, 17062, "ERROR_WEB_INTERNAL_ERROR"),
        (.localPlayerNotAuthenticated, 17066, "ERROR_LOCAL_PLAYER_NOT_AUTHENTICATED"),
        (.invalidHostingLinkDomain, 17214, "ERROR_INVALID_HOSTING_LINK_DOMAIN"),
        (.rejectedCredential, 17075, "ERROR_REJECTED_CREDENTIAL"),
        (.gameKitNotLinked, 17076, "ERROR_GAME_KIT_NOT_LINKED"),
        (.secondFactorAlreadyEnrolled, 17087, "ERROR_SECOND_FACTOR_ALREADY_ENROLLED"),
        (.maximumSecondFactorCountExceeded, 17088, "ERROR_MAXIMUM_SECOND_FACTOR_COUNT_EXCEEDED"),
        (.unsupportedFirstFactor, 17089, "ERROR_UNSUPPORTED_FIRST_FACTOR"),
        (.missingClientIdentifier, 17093, "ERROR_MISSING_CLIENT_IDENTIFIER"),
        (.missingOrInvalidNonce, 17094, "ERROR_MISSING_OR_INVALID_NONCE"),
        (.recaptchaNotEnabled, 17200, "ERROR_RECAPTCHA_NOT_ENABLED"),
        (.invalidRecaptchaToken, 17202, "ERROR_INVALID_RECAPTCHA_TOKEN"),
        (.invalidRecaptchaAction, 17203, "ERROR_INVALID_RECAPTCHA_ACTION"),
        (.missingClientType, 17204, "ERROR_MISSING_CLIENT_TYPE"),
        (.missingRecaptchaVersion, 17205, "ERROR_MISSING_RECAPTCHA_VERSION"),
        (.invalidRecaptchaVersion, 17206, "ERROR_INVALID_RECAPTCHA_VERSION"),
        (.invalidReqType, 17207, "ERROR_INVALID_REQ_TYPE"),
        (.recaptchaSDKNotLinked, 17208, "ERROR_RECAPTCHA_SDK_NOT_LINKED"),
        (.recaptchaSiteKeyMissing, 17209, "ERROR_RECAPTCHA_SITE_KEY_MISSING"),
        (.recaptchaActionCreationFailed, 17210, "ERROR_RECAPTCHA_ACTION_CREATION_FAILED"),
        (.passwordDoesNotMeetRequirements, 17211, "ERROR_PASSWORD_DOES_NOT_MEET_REQUIREMENTS"),
        (.malformedJWT, 18000, "ERROR_MALFORMED_JWT"),
    ])
    func theSDKsNumberAndName(code: AuthErrorCode, number: Int, name: String) {
        #expect(code.rawValue == number)
        #expect(AuthErrorCode(rawValue: number) == code)
        #expect(code.errorName == name)
        let error: Error = code
        #expect((error as NSError).domain == AuthErrorDomain && (error as NSError).code == number)
        #expect((error as NSError).userInfo[AuthErrorUserInfoNameKey] as? String == name)
    }
}
