internal import AuthPlatform
import Foundation

/// Why an operation failed: FirebaseAuth's error codes, with the SDK's names and numbers, for
/// every case of the SDK's, so a program's `switch` names them; the ones marked "not raised here"
/// belong to flows authctl has not (phone, reCAPTCHA, Game Center, web views).
/// `AuthErrorCode(rawValue: error.code)` of an ``AuthError``.
/// An `Error` as in the SDK; thrown itself, it bridges to an `NSError` in ``AuthErrorDomain``.
public enum AuthErrorCode: Int, Sendable, CaseIterable, CustomNSError {
    /// The custom token is malformed, expired or not signed by the project.
    case invalidCustomToken = 17000
    /// The custom token is for another project.
    case customTokenMismatch = 17002
    /// A credential failed a check (signature, issuer, audience, nonce, state, expiry).
    case invalidCredential = 17004
    /// The account is disabled in the project.
    case userDisabled = 17005
    /// Sign-in with this provider is not set up: not enabled in the project, or not added in the home.
    case operationNotAllowed = 17006
    /// Another account has this email.
    case emailAlreadyInUse = 17007
    /// The email is not an email address.
    case invalidEmail = 17008
    /// The password is wrong, or no account has the email.
    case wrongPassword = 17009
    /// The project refuses requests from this client for a while.
    case tooManyRequests = 17010
    /// No account has this identity.
    case userNotFound = 17011
    /// The email belongs to a user with other providers: sign in with one, then link
    /// ``AuthError/updatedCredential``.
    case accountExistsWithDifferentCredential = 17012
    /// The operation needs a recent sign-in: reauthenticate first.
    case requiresRecentLogin = 17014
    /// The user already has this provider.
    case providerAlreadyLinked = 17015
    /// The user has no such provider.
    case noSuchProvider = 17016
    /// The backend's session for the user is no longer valid: sign in again.
    case invalidUserToken = 17017
    /// A provider or the project could not be reached, answered with an error, or not in time.
    case networkError = 17020
    /// The user's session expired (a refresh was refused): sign in again.
    case userTokenExpired = 17021
    /// The project's API key is not valid.
    case invalidAPIKey = 17023
    /// The credential is another person's than the user's.
    case userMismatch = 17024
    /// The identity belongs to another user.
    case credentialAlreadyInUse = 17025
    /// The password is too weak for the project's policy.
    case weakPassword = 17026
    /// The API key is restricted to other apps or referrers.
    case appNotAuthorized = 17028
    /// The emailed action code has expired.
    case expiredActionCode = 17029
    /// The emailed action code is wrong or already used.
    case invalidActionCode = 17030
    /// The flow's return address is not an authorized domain of the project.
    /// The project's email template is not valid.
    case invalidMessagePayload = 17031
    /// The project's email template names a sender that is not valid.
    case invalidSender = 17032
    /// The action email's recipient address is not valid.
    case invalidRecipientEmail = 17033
    /// The request needs an email address and has none.
    case missingEmail = 17034
    /// The action code settings install an iOS app but name no bundle ID.
    case missingIosBundleID = 17036
    /// The action code settings install an Android app but name no package.
    case missingAndroidPackageName = 17037
    case unauthorizedDomain = 17038
    /// The second factor's code is wrong.
    /// The action code settings' continue URL is not valid.
    case invalidContinueURI = 17039
    /// The action code settings need a continue URL and have none.
    case missingContinueURI = 17040
    /// Phone sign-in without a phone number (the SDK's; authctl has no phone sign-in).
    case missingPhoneNumber = 17041
    /// The phone number is not valid (the SDK's; authctl has no phone sign-in).
    case invalidPhoneNumber = 17042
    /// The second factor's or the phone's code is missing.
    case missingVerificationCode = 17043
    case invalidVerificationCode = 17044
    /// The enrolment's request carried no session (the project's `MISSING_SESSION_INFO`).
    case missingVerificationID = 17045
    /// The enrolment's session is not valid or has expired: start the enrolment again.
    case invalidVerificationID = 17046
    /// The project's sign-in session expired: sign in again.
    /// Phone sign-in without the app's verification (the SDK's; not raised here).
    case missingAppCredential = 17047
    /// The app's phone verification is not valid (the SDK's; not raised here).
    case invalidAppCredential = 17048
    case sessionExpired = 17051
    /// The project enforces App Check, which only an attested app passes.
    /// The project's SMS quota is exhausted (the SDK's; not raised here).
    case quotaExceeded = 17052
    /// No APNs token for phone sign-in (the SDK's; not raised here).
    case missingAppToken = 17053
    /// The app does not forward remote notifications (the SDK's; not raised here).
    case notificationNotForwarded = 17054
    case appNotVerified = 17055
    /// The person refused at the provider, or the sign-in was cancelled.
    /// The reCAPTCHA answer is not valid (the SDK's; not raised here).
    case captchaCheckFailed = 17056
    /// A web sign-in is already on screen (the SDK's; not raised here).
    case webContextAlreadyPresented = 17057
    case webContextCancelled = 17058
    /// A browser sign-in was needed and cannot happen (the kept credential is gone or expired).
    /// The app's verification needed the person and failed (the SDK's; not raised here).
    case appVerificationUserInteractionFailure = 17059
    /// The OAuth client ID is not valid.
    case invalidClientID = 17060
    /// A web sign-in's network request failed (the SDK's; not raised here).
    case webNetworkRequestFailed = 17061
    /// A web sign-in failed inside the web view (the SDK's; not raised here).
    case webInternalError = 17062
    case webSignInUserInteractionFailure = 17063
    /// No user is signed in.
    /// Game Center's local player is not signed in (the SDK's; not raised here).
    case localPlayerNotAuthenticated = 17066
    case nullUser = 17067
    /// The project does not know the provider id.
    case invalidProviderID = 17071
    /// The tenant is not the one the operation is for.
    case tenantIDMismatch = 17072
    /// The operation is not available in a tenant.
    case unsupportedTenantOperation = 17073
    /// The account has a second factor, which this library cannot ask for.
    /// The credential was refused: it is malformed or does not match.
    case rejectedCredential = 17075
    /// GameKit is not linked (the SDK's; not raised here).
    case gameKitNotLinked = 17076
    case secondFactorRequired = 17078
    /// The second-factor request carried no session.
    case missingMultiFactorSession = 17081
    /// The second-factor request named no enrolled factor.
    case missingMultiFactorInfo = 17082
    /// The second factor's session is not valid.
    case invalidMultiFactorSession = 17083
    /// The account has no enrolled factor of that id.
    case multiFactorInfoNotFound = 17084
    /// Only the project's administrators may do this (sign-up or deletion turned off).
    case adminRestrictedOperation = 17085
    /// The operation needs the account's email verified first.
    case unverifiedEmail = 17086
    /// The new email must be verified before the change.
    /// The second factor is already enrolled on this account.
    case secondFactorAlreadyEnrolled = 17087
    /// The account has as many second factors as the project allows.
    case maximumSecondFactorCountExceeded = 17088
    /// The first factor does not support enrolling a second factor.
    case unsupportedFirstFactor = 17089
    case emailChangeNeedsVerification = 17090
    /// A blocking function of the project refused the operation.
    /// Phone sign-in without a client identifier (the SDK's; not raised here).
    case missingClientIdentifier = 17093
    /// The credential's nonce is missing or does not match its hash.
    case missingOrInvalidNonce = 17094
    case blockingCloudFunctionError = 17105
    /// The project enforces reCAPTCHA, which only a browser app can solve.
    /// reCAPTCHA Enterprise is not enabled in the project (the SDK's; not raised here).
    case recaptchaNotEnabled = 17200
    case missingRecaptchaToken = 17201
    /// The home's files are locked by another process, corrupt, or not private.
    /// The reCAPTCHA token is not valid (the SDK's; not raised here).
    case invalidRecaptchaToken = 17202
    /// The reCAPTCHA action is not valid (the SDK's; not raised here).
    case invalidRecaptchaAction = 17203
    /// The reCAPTCHA request named no client type (the SDK's; not raised here).
    case missingClientType = 17204
    /// The reCAPTCHA request named no version (the SDK's; not raised here).
    case missingRecaptchaVersion = 17205
    /// The reCAPTCHA version is not valid (the SDK's; not raised here).
    case invalidRecaptchaVersion = 17206
    /// The reCAPTCHA request's type is not valid (the SDK's; not raised here).
    case invalidReqType = 17207
    /// The reCAPTCHA SDK is not linked (the SDK's; not raised here).
    case recaptchaSDKNotLinked = 17208
    /// The project has no reCAPTCHA site key (the SDK's; not raised here).
    case recaptchaSiteKeyMissing = 17209
    /// The reCAPTCHA action could not be made (the SDK's; not raised here).
    case recaptchaActionCreationFailed = 17210
    /// The password does not meet the project's password policy.
    case passwordDoesNotMeetRequirements = 17211
    /// The action code settings' link domain is not a Hosting domain of the project.
    case invalidHostingLinkDomain = 17214
    case keychainError = 17995
    /// A bug or an unexpected failure; the message says what.
    case internalError = 17999
    /// A token is not a well-formed JWT.
    case malformedJWT = 18000

    /// The SDK's code, redundant as there (the SDK keeps it for Objective-C's shape).
    public var code: Self { self }

    /// ``AuthErrorDomain``.
    public static var errorDomain: String { AuthErrorDomain }
    /// The raw value.
    public var errorCode: Int { rawValue }
    /// The SDK's short name under ``AuthErrorUserInfoNameKey``.
    public var errorUserInfo: [String: Any] { [AuthErrorUserInfoNameKey: errorName] }

    /// The SDK's short name (`ERROR_ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL`): the case's name in
    /// capitals with underscores between its words, but for the few the SDK names otherwise.
    public var errorName: String {
        if let name = Self.otherNames[self] { return name }
        var name = "ERROR"
        let letters = Array("\(self)")
        for (index, letter) in letters.enumerated() {
            let previous = index > 0 ? letters[index - 1] : nil
            let next = index + 1 < letters.count ? letters[index + 1] : nil
            let wordStarts = letter.isUppercase && (previous?.isLowercase == true || (previous?.isUppercase == true && next?.isLowercase == true))
            if index == 0 || wordStarts { name += "_" }
            name += letter.uppercased()
        }
        return name
    }

    /// The SDK's names that are not the case's name.
    private static let otherNames: [AuthErrorCode: String] = [
        .networkError: "ERROR_NETWORK_REQUEST_FAILED", .webSignInUserInteractionFailure: "ERROR_WEB_USER_INTERACTION_FAILURE",
        .blockingCloudFunctionError: "ERROR_BLOCKING_CLOUD_FUNCTION_RETURNED_ERROR",
        .missingAndroidPackageName: "ERROR_MISSING_ANDROID_PKG_NAME", .appVerificationUserInteractionFailure: "ERROR_APP_VERIFICATION_FAILED",
        .missingAppCredential: "MISSING_APP_CREDENTIAL", .invalidAppCredential: "INVALID_APP_CREDENTIAL",
    ]

    /// The SDK's code for one of authctl's stable error codes (the CLI's `--json` `code`).
    static func from(_ code: AuthPlatform.ErrorCode) -> AuthErrorCode {
        if let same = sameName[code] { return same }
        switch code {
        case .noCurrentUser: return .nullUser
        case .interactiveSignInRequired: return .webSignInUserInteractionFailure
        case .cancelled: return .webContextCancelled
        case .timeout, .providerError: return .networkError
        case .appCheckTokenInvalid: return .appNotVerified
        case .invalidTenantID: return .tenantIDMismatch
        case .multiFactorAuthRequired: return .secondFactorRequired
        case .lastSignInMethod, .configurationError: return .operationNotAllowed
        case .keystoreError: return .keychainError
        default: return .internalError
        }
    }

    /// authctl's codes that have an SDK case of the same name.
    private static let sameName: [AuthPlatform.ErrorCode: AuthErrorCode] = [
        .userTokenExpired: .userTokenExpired, .accountExistsWithDifferentCredential: .accountExistsWithDifferentCredential,
        .credentialAlreadyInUse: .credentialAlreadyInUse, .providerAlreadyLinked: .providerAlreadyLinked, .noSuchProvider: .noSuchProvider,
        .requiresRecentLogin: .requiresRecentLogin, .userMismatch: .userMismatch, .emailAlreadyInUse: .emailAlreadyInUse,
        .userDisabled: .userDisabled, .wrongPassword: .wrongPassword, .weakPassword: .weakPassword, .tooManyRequests: .tooManyRequests,
        .invalidAPIKey: .invalidAPIKey, .operationNotAllowed: .operationNotAllowed, .invalidProviderID: .invalidProviderID,
        .unauthorizedDomain: .unauthorizedDomain, .sessionExpired: .sessionExpired, .invalidEmail: .invalidEmail,
        .adminRestrictedOperation: .adminRestrictedOperation, .missingRecaptchaToken: .missingRecaptchaToken,
        .appNotAuthorized: .appNotAuthorized, .blockingCloudFunctionError: .blockingCloudFunctionError,
        .tenantIDMismatch: .tenantIDMismatch, .unsupportedTenantOperation: .unsupportedTenantOperation,
        .invalidVerificationCode: .invalidVerificationCode, .invalidMultiFactorSession: .invalidMultiFactorSession,
        .missingMultiFactorSession: .missingMultiFactorSession, .missingMultiFactorInfo: .missingMultiFactorInfo,
        .multiFactorInfoNotFound: .multiFactorInfoNotFound, .invalidVerificationID: .invalidVerificationID,
        .missingVerificationID: .missingVerificationID,
        .invalidUserToken: .invalidUserToken, .invalidCredential: .invalidCredential, .invalidActionCode: .invalidActionCode,
        .expiredActionCode: .expiredActionCode, .unverifiedEmail: .unverifiedEmail, .emailChangeNeedsVerification: .emailChangeNeedsVerification,
        .passwordDoesNotMeetRequirements: .passwordDoesNotMeetRequirements,
    ]
}

/// FirebaseAuth's error domain, every ``AuthError``'s.
public let AuthErrorDomain = "FIRAuthErrorDomain"
/// The `userInfo` key of authctl's own stable code (the CLI's `--json` `code`: `account-exists-with-different-credential`).
public let AuthctlErrorUserInfoCodeKey = "AuthctlErrorUserInfoCodeKey"

/// FirebaseAuth's `AuthErrors`: the domain and `userInfo` keys by their Swift names.
open class AuthErrors: NSObject {
    /// Not made: the class only holds the domain and keys, as in the SDK.
    @available(*, unavailable) override public init() { super.init() }

    /// `FIRAuthErrorDomain`.
    public static let domain = AuthErrorDomain
    /// The key of the SDK's short name of the error.
    public static let userInfoNameKey = AuthErrorUserInfoNameKey
    /// The key of the account's email.
    public static let userInfoEmailKey = AuthErrorUserInfoEmailKey
    /// The key of the credential to link.
    public static let userInfoUpdatedCredentialKey = AuthErrorUserInfoUpdatedCredentialKey
    /// The key of a second-factor-required error's resolver.
    public static let userInfoMultiFactorResolverKey = AuthErrorUserInfoMultiFactorResolverKey
}

/// The `userInfo` key of an error's email (account-exists, credential-already-in-use).
public let AuthErrorUserInfoEmailKey = "FIRAuthErrorUserInfoEmailKey"
/// The `userInfo` key of the credential to link after an account-exists error.
public let AuthErrorUserInfoUpdatedCredentialKey = "FIRAuthErrorUserInfoUpdatedCredentialKey"
/// The `userInfo` key of the error's short name, the SDK's (`ERROR_ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL`).
public let AuthErrorUserInfoNameKey = "FIRAuthErrorUserInfoNameKey"
/// The `userInfo` key of the message for a person.
public let AuthErrorUserInfoDescriptionKey = "NSLocalizedDescription"
/// The `userInfo` key of the ``MultiFactorResolver`` of a ``AuthErrorCode/secondFactorRequired`` error.
public let AuthErrorUserInfoMultiFactorResolverKey = "FIRAuthErrorUserInfoMultiFactorResolverKey"
