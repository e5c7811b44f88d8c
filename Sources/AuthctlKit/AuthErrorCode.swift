internal import AuthPlatform

/// Why an operation failed: FirebaseAuth's error codes, with the SDK's names and numbers, for
/// the cases this library can meet. Read it from ``AuthError/code``.
public enum AuthErrorCode: Int, Sendable, CaseIterable {
    case invalidCustomToken = 17000
    case customTokenMismatch = 17002
    /// A credential failed a check (signature, issuer, audience, nonce, state, expiry).
    case invalidCredential = 17004
    case userDisabled = 17005
    /// Sign-in with this provider is not set up: not enabled in the project, or not added in the home.
    case operationNotAllowed = 17006
    case emailAlreadyInUse = 17007
    case invalidEmail = 17008
    case wrongPassword = 17009
    case tooManyRequests = 17010
    case userNotFound = 17011
    /// The email belongs to a user with other providers: sign in with one, then link
    /// ``AuthError/updatedCredential``.
    case accountExistsWithDifferentCredential = 17012
    case requiresRecentLogin = 17014
    case providerAlreadyLinked = 17015
    case noSuchProvider = 17016
    case invalidUserToken = 17017
    /// A provider or the project could not be reached, answered with an error, or not in time.
    case networkError = 17020
    case userTokenExpired = 17021
    case invalidAPIKey = 17023
    case userMismatch = 17024
    case credentialAlreadyInUse = 17025
    case weakPassword = 17026
    case appNotAuthorized = 17028
    case unauthorizedDomain = 17038
    case invalidVerificationCode = 17044
    case sessionExpired = 17051
    case appNotVerified = 17055
    /// The person refused at the provider, or the sign-in was cancelled.
    case webContextCancelled = 17058
    /// A browser sign-in was needed and cannot happen (the kept credential is gone or expired).
    case webSignInUserInteractionFailure = 17063
    /// No user is signed in.
    case nullUser = 17067
    case invalidProviderID = 17071
    case tenantIDMismatch = 17072
    case unsupportedTenantOperation = 17073
    case secondFactorRequired = 17078
    case invalidMultiFactorSession = 17083
    case adminRestrictedOperation = 17085
    case blockingCloudFunctionError = 17105
    case missingRecaptchaToken = 17201
    /// The home's files are locked by another process, corrupt, or not private.
    case keychainError = 17995
    case internalError = 17999

    /// The SDK's code for one of authctl's stable error codes (the CLI's `--json` `code`).
    static func from(_ code: AuthPlatform.AuthErrorCode) -> AuthErrorCode {
        if let same = sameName[code] { return same }
        switch code {
        case .noCurrentUser: return .nullUser
        case .interactiveSignInRequired: return .webSignInUserInteractionFailure
        case .cancelled: return .webContextCancelled
        case .timeout, .providerError: return .networkError
        case .passwordDoesNotMeetRequirements: return .weakPassword
        case .appCheckTokenInvalid: return .appNotVerified
        case .invalidTenantID: return .tenantIDMismatch
        case .multiFactorAuthRequired: return .secondFactorRequired
        case .lastSignInMethod, .configurationError: return .operationNotAllowed
        case .keystoreError: return .keychainError
        default: return .internalError
        }
    }

    /// authctl's codes that have an SDK case of the same name.
    private static let sameName: [AuthPlatform.AuthErrorCode: AuthErrorCode] = [
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
        .invalidUserToken: .invalidUserToken, .invalidCredential: .invalidCredential,
    ]
}

/// The `userInfo` key of an error's email (account-exists, credential-already-in-use).
public let AuthErrorUserInfoEmailKey = "FIRAuthErrorUserInfoEmailKey"
/// The `userInfo` key of the credential to link after an account-exists error.
public let AuthErrorUserInfoUpdatedCredentialKey = "FIRAuthErrorUserInfoUpdatedCredentialKey"
/// The `userInfo` key of the error's short name: authctl's stable code (`account-exists-with-different-credential`).
public let AuthErrorUserInfoNameKey = "FIRAuthErrorUserInfoNameKey"
/// The `userInfo` key of the message for a person.
public let AuthErrorUserInfoDescriptionKey = "NSLocalizedDescription"
