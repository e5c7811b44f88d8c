import AuthCore
import AuthPlatform

/// The one table from a refusal of Identity Toolkit or Secure Token to authctl's errors: the
/// account rules become ``AccountError``s, the rest ``FirebaseError``s, each with its fix.
///
/// The server codes and the names they get follow the SDKs' own tables: firebase-js-sdk
/// `packages/auth/src/api/errors.ts` (`SERVER_ERROR_MAP`) and firebase-ios-sdk
/// `FirebaseAuth/Sources/Swift/Backend/AuthBackend.swift` (`splitErrorMessage` and the switch
/// that follows it); Decisions/0025 lists where authctl differs and why.
extension FirebaseError {
    /// The server's string (`CODE` of `"CODE : detail"`) during `operation`.
    /// `providerID`: the provider whose credential the call carried (signInWithIdp's postBody).
    package init(
        serverCode: String, detail: String?, status: Int, during operation: Operation, tenantID: String? = nil, providerID: String? = nil
    ) {
        let flowProvider = operation.flowProviderID
        if let flowProvider, status == 501 || serverCode == "NOT_IMPLEMENTED" {
            self = .providerFlowsNotEmulated(providerID: flowProvider)
            return
        }
        if let provider = flowProvider ?? providerID, Self.needsIdentityPlatform(provider),
            Self.saysProviderMissing(serverCode: serverCode, detail: detail)
        {
            self = .identityPlatformProviderMissing(providerID: provider, code: serverCode)
            return
        }
        switch serverCode {
        case "EMAIL_EXISTS": self = .emailAlreadyInUse(email: nil)
        case "INVALID_IDP_RESPONSE", "INVALID_PENDING_TOKEN", "MISSING_OR_INVALID_NONCE", "INVALID_CREDENTIAL_OR_PROVIDER_ID",
            "FEDERATED_USER_ID_ALREADY_LINKED_WITH_DIFFERENT_CREDENTIAL", "MISSING_ID_TOKEN", "INVALID_TEMPORARY_PROOF":
            self = .invalidCredential(code: serverCode, detail: detail)
        case "OPERATION_NOT_ALLOWED", "PASSWORD_LOGIN_DISABLED", "CONFIGURATION_NOT_FOUND":
            self = .operationNotAllowed(method: flowProvider ?? detail)
        case "ADMIN_ONLY_OPERATION": self = .adminRestricted
        case "INVALID_OOB_CODE", "EXPIRED_OOB_CODE", "MISSING_OOB_CODE": self = .actionCodeRefused(code: serverCode, purpose: nil)
        case "UNVERIFIED_EMAIL": self = .unverifiedEmail
        case "EMAIL_CHANGE_NEEDS_VERIFICATION": self = .emailChangeNeedsVerification
        case "INVALID_PROVIDER_ID":
            self = .invalidProviderID(flowProvider ?? detail)
        case "UNAUTHORIZED_DOMAIN": self = .unauthorizedDomain(detail: detail)
        case "SESSION_EXPIRED": self = .providerFlowExpired(code: serverCode)
        case "INVALID_API_KEY", "API_KEY_INVALID", "API key not valid. Please pass a valid API key.": self = .invalidAPIKey
        case "API_KEY_ANDROID_APP_BLOCKED", "API_KEY_IOS_APP_BLOCKED", "API_KEY_HTTP_REFERRER_BLOCKED", "API_KEY_SERVICE_BLOCKED":
            self = .apiKeyRestricted(reason: detail ?? serverCode)
        case "USER_DISABLED" where operation == .refresh || operation == .currentUser: self = .sessionEnded(code: serverCode)
        case "USER_DISABLED": self = .userDisabled
        case "EMAIL_NOT_FOUND", "INVALID_PASSWORD", "INVALID_LOGIN_CREDENTIALS": self = .wrongPassword(code: serverCode)
        case "INVALID_EMAIL", "INVALID_IDENTIFIER", "MISSING_EMAIL": self = .invalidEmail
        case "WEAK_PASSWORD": self = .weakPassword(detail: detail)
        case "PASSWORD_DOES_NOT_MEET_REQUIREMENTS": self = .passwordRequirements(detail)
        case "INVALID_CUSTOM_TOKEN", "CREDENTIAL_MISMATCH": self = .invalidCustomToken(code: serverCode, detail: detail)
        case "INVALID_TENANT_ID", "TENANT_ID_MISMATCH", "TENANT_NOT_FOUND", "UNSUPPORTED_TENANT_OPERATION", "MISSING_TENANT_ID":
            self = .tenant(code: serverCode, tenantID: tenantID)
        case "TOO_MANY_ATTEMPTS_TRY_LATER", "QUOTA_EXCEEDED", "RESET_PASSWORD_EXCEED_LIMIT": self = .tooManyAttempts
        case "RECAPTCHA_NOT_ENABLED", "MISSING_RECAPTCHA_TOKEN", "INVALID_RECAPTCHA_TOKEN", "INVALID_RECAPTCHA_ACTION",
            "MISSING_CLIENT_TYPE", "MISSING_RECAPTCHA_VERSION", "INVALID_RECAPTCHA_VERSION", "INVALID_REQ_TYPE":
            self = .recaptchaEnforced(code: serverCode)
        case "MISSING_APP_CHECK_TOKEN", "INVALID_APP_CHECK_TOKEN", "FIREBASE_APP_CHECK_TOKEN_IS_INVALID": self = .appCheckEnforced
        case "BLOCKING_FUNCTION_ERROR_RESPONSE": self = .blockingFunction(message: ErrorResponse.blockingFunctionMessage(detail))
        case "INVALID_CODE", "INVALID_VERIFICATION_CODE", "INVALID_MFA_PENDING_CREDENTIAL", "MFA_ENROLLMENT_NOT_FOUND",
            "MISSING_MFA_PENDING_CREDENTIAL", "MISSING_MFA_ENROLLMENT_ID", "INVALID_SESSION_INFO", "MISSING_SESSION_INFO":
            self = .secondFactorRefused(code: serverCode)
        // The project no longer honours our session for the user (reauth handles USER_NOT_FOUND first).
        case "TOKEN_EXPIRED", "INVALID_ID_TOKEN", "INVALID_REFRESH_TOKEN", "USER_NOT_FOUND":
            self = .sessionEnded(code: serverCode)
        default: self = .server(code: serverCode, detail: detail, status: status)
        }
    }
}

extension FirebaseError {
    /// OpenID Connect (`oidc.`) and SAML (`saml.`) providers exist only in projects upgraded to
    /// Identity Platform (the OpenID Connect and SAML pages' first requirement).
    static func needsIdentityPlatform(_ providerID: String) -> Bool {
        providerID.hasPrefix("oidc.") || providerID.hasPrefix("saml.")
    }

    /// A refusal that says the project has no configuration for the provider: INVALID_PROVIDER_ID,
    /// CONFIGURATION_NOT_FOUND, or OPERATION_NOT_ALLOWED "The identity provider configuration is
    /// not found." (a provider configured but disabled is "... is disabled", and stays
    /// ``operationNotAllowed(method:)``).
    static func saysProviderMissing(serverCode: String, detail: String?) -> Bool {
        switch serverCode {
        case "INVALID_PROVIDER_ID", "CONFIGURATION_NOT_FOUND": true
        case "OPERATION_NOT_ALLOWED": detail?.lowercased().contains("not found") ?? false
        default: false
        }
    }
}

extension AccountError {
    /// The server codes that are account rules, as the SDKs name them; nil for the rest.
    /// `holder` is the provider and email a 200 refusal names (``ErrorResponse``), when it names them.
    init?(
        serverCode: String, holder: (providerID: String?, email: String?), detail: String?,
        recentLogin: (operation: String?, providerID: String?, seconds: Int)
    ) {
        switch serverCode {
        case "FEDERATED_USER_ID_ALREADY_LINKED", "CREDENTIAL_ALREADY_IN_USE":
            self = .credentialAlreadyInUse(
                providerID: holder.providerID ?? "this provider", holder: holder.email ?? "another account in the project")
        case "PROVIDER_ALREADY_LINKED":
            self = .providerAlreadyLinked(providerID: holder.providerID ?? detail ?? "this provider")
        case "CREDENTIAL_TOO_OLD_LOGIN_AGAIN":
            self = .requiresRecentLogin(
                operation: recentLogin.operation ?? "this operation", providerID: recentLogin.providerID, maximumAge: recentLogin.seconds)
        default:
            return nil
        }
    }
}
