import AuthPlatform

/// The documented, stable exit statuses of authctl (README "Exit status").
package enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case unexpectedFailure = 1
    case usage = 2
    /// Not signed in, or an interactive sign-in is required.
    case notSignedIn = 3
    case cancelled = 4
    case timedOut = 5
    /// Account exists with a different credential; the pending credential was saved.
    case accountExists = 6
    /// Credential already in use, provider already linked, or no such provider.
    case credentialConflict = 7
    /// Requires recent login, or user mismatch.
    case reauthenticationNeeded = 8
    /// Provider unreachable or provider error.
    case providerError = 9
    /// Invalid credential: signature, nonce, state, iss, aud, exp.
    case invalidCredential = 10
    /// Keystore locked, corrupt, or with insecure permissions.
    case keystoreError = 11
    case configurationError = 12
    /// `exec` found the command but could not run it (as env(1) and POSIX shells).
    case commandNotExecutable = 126
    /// `exec` did not find the command on PATH (as env(1) and POSIX shells).
    case commandNotFound = 127

    /// The one mapping from error codes to exit statuses.
    package init(_ code: ErrorCode) {
        switch code {
        case .internalError: self = .unexpectedFailure
        case .invalidArgument, .weakPassword, .invalidEmail, .passwordDoesNotMeetRequirements: self = .usage
        case .noCurrentUser, .userTokenExpired, .interactiveSignInRequired, .invalidUserToken, .multiFactorAuthRequired: self = .notSignedIn
        case .cancelled: self = .cancelled
        case .timeout: self = .timedOut
        case .accountExistsWithDifferentCredential: self = .accountExists
        case .credentialAlreadyInUse, .providerAlreadyLinked, .noSuchProvider, .emailAlreadyInUse, .lastSignInMethod: self = .credentialConflict
        case .requiresRecentLogin, .userMismatch, .unverifiedEmail, .emailChangeNeedsVerification: self = .reauthenticationNeeded
        case .providerError, .tooManyRequests: self = .providerError
        case .invalidCredential, .userDisabled, .wrongPassword, .sessionExpired, .invalidVerificationCode, .invalidMultiFactorSession,
            .missingMultiFactorSession, .missingMultiFactorInfo, .multiFactorInfoNotFound, .invalidVerificationID, .missingVerificationID,
            .blockingCloudFunctionError, .invalidActionCode, .expiredActionCode:
            self = .invalidCredential
        case .keystoreError: self = .keystoreError
        case .configurationError, .invalidAPIKey, .operationNotAllowed, .invalidProviderID, .unauthorizedDomain, .adminRestrictedOperation,
            .missingRecaptchaToken, .appCheckTokenInvalid, .appNotAuthorized, .invalidTenantID, .tenantIDMismatch, .unsupportedTenantOperation:
            self = .configurationError
        case .commandNotFound: self = .commandNotFound
        case .commandNotExecutable: self = .commandNotExecutable
        }
    }
}
