import AuthCore
import AuthPlatform
import AuthProviders

/// Why a Firebase project refused, named as the Firebase SDKs name it.
///
/// ``init(serverCode:detail:during:)`` is the one switch from the server's strings (the
/// `"CODE : detail"` of an error envelope, or a 200 answer's `errorMessage`) to these cases; the
/// account conflicts it finds are ``AccountError``s, as with local accounts.
package enum FirebaseError: AuthCoreError, Equatable {
    /// Another account already has this email.
    case emailAlreadyInUse(email: String?)
    /// The project refused the provider's credential (signature, audience, nonce, expired pending token...).
    case invalidCredential(code: String, detail: String?)
    /// The sign-in method is switched off in the console (Authentication > Sign-in method).
    case operationNotAllowed(method: String?)
    /// The project does not know this provider id (not configured in the console).
    case invalidProviderID(String?)
    /// The project has no such `oidc.` or `saml.` provider: those are Identity Platform's
    /// (the OpenID Connect page's first requirement).
    case identityPlatformProviderMissing(providerID: String, code: String)
    /// The address a provider flow returns to is not one of the project's authorized domains;
    /// `domain` is that address's host, when the call that was refused named one.
    case unauthorizedDomain(detail: String?, domain: String? = nil)
    /// The Auth emulator answers a provider flow (createAuthUri with a providerId) 501 NOT_IMPLEMENTED.
    case providerFlowsNotEmulated(providerID: String)
    /// The project's provider-flow session (`sessionId`) is older than it accepts.
    case providerFlowExpired(code: String)
    case invalidEmail
    /// The password misses the project's policy; `requirements` as the project lists them.
    case passwordRequirements(String?)
    /// Sign-up or deletion is turned off for users (ADMIN_ONLY_OPERATION).
    case adminRestricted
    /// reCAPTCHA Enterprise enforcement (the server code says which check failed).
    case recaptchaEnforced(code: String)
    case appCheckEnforced
    /// The API key is restricted to an Android or iOS app, or to HTTP referrers.
    case apiKeyRestricted(reason: String)
    /// A blocking function (beforeCreate, beforeSignIn) refused, with its message.
    case blockingFunction(message: String)
    /// The tenant is unknown, not this project's, or cannot do this.
    case tenant(code: String, tenantID: String?)
    /// The account has second factors: the sign-in needs one of them (`--totp`).
    case multiFactorRequired(factors: [EnrolledFactor])
    /// The second factor's code or session was refused.
    case secondFactorRefused(code: String)
    /// The API key is not valid for the project.
    case invalidAPIKey
    /// A sign-in method is off in the project: which, and the console switch that turns it on.
    case methodDisabled(method: String, consoleSwitch: String)
    /// An emailed link's code was refused (`INVALID_OOB_CODE`, `EXPIRED_OOB_CODE`).
    case actionCodeRefused(code: String, purpose: Remedy.LinkPurpose?)
    /// `UNVERIFIED_EMAIL`: TOTP enrolment needs a verified email.
    case unverifiedEmail
    /// `EMAIL_CHANGE_NEEDS_VERIFICATION`: the new email must be verified before it replaces the old.
    case emailChangeNeedsVerification
    case userDisabled
    /// Email/password: wrong password, or no such account (the project may not say which).
    case wrongPassword(code: String)
    case weakPassword(detail: String?)
    case invalidCustomToken(code: String, detail: String?)
    /// Too many requests from this client; try later.
    case tooManyAttempts
    /// The project's session for the user is over (expired, revoked, deleted, disabled): signed out.
    case sessionEnded(code: String)
    /// Email-enumeration protection or another setting keeps the answer from the client.
    case invalidProject(String)
    case invalidEmulatorHost(String, reason: String)
    /// A code this build does not know, with the server's detail.
    case server(code: String, detail: String?, status: Int)
    /// The answer is not what the REST reference documents.
    case invalidResponse(method: String, reason: String)
    /// No project is configured.
    case notConfigured

    /// `detail` when it is a provider id (`github.com`, `oidc.corp`), not a server's sentence.
    static func providerName(_ detail: String) -> String? {
        detail.contains(" ") || detail.isEmpty ? nil : detail
    }

    /// The multi-factor refusal: the enrolled factors, and why SMS ones cannot be used here.
    static func secondFactorMessage(_ factors: [EnrolledFactor]) -> String {
        let names = factors.map { ($0.displayName.map { "\($0) " } ?? "") + "(\($0.factorID))" }.joined(separator: ", ")
        return "the account has a second factor: \(names)"
            + (hasTOTP(factors) ? "" : " (SMS second factors need a reCAPTCHA only a browser can solve)")
    }

    /// The second-factor refusals FirebaseAuth names otherwise than a wrong code (`INVALID_CODE`):
    /// firebase-ios-sdk `AuthBackend.swift`'s switch; `MISSING_SESSION_INFO`, which it does not
    /// map, is the code it raises itself for a missing verification ID (firebase-js-sdk maps the
    /// server code to the same, `missing-verification-id`).
    static let secondFactorCodes: [String: ErrorCode] = [
        "INVALID_MFA_PENDING_CREDENTIAL": .invalidMultiFactorSession, "MISSING_MFA_PENDING_CREDENTIAL": .missingMultiFactorSession,
        "MISSING_MFA_ENROLLMENT_ID": .missingMultiFactorInfo, "MFA_ENROLLMENT_NOT_FOUND": .multiFactorInfoNotFound,
        "INVALID_SESSION_INFO": .invalidVerificationID, "MISSING_SESSION_INFO": .missingVerificationID,
    ]

    /// A refusal of an enrolment's session (`mfaEnrollment:finalize`'s `sessionInfo`), not of a sign-in's code.
    static func isEnrolmentSession(_ code: String) -> Bool {
        code == "INVALID_SESSION_INFO" || code == "MISSING_SESSION_INFO"
    }

    /// The factor named is not (or no longer) the user's: no code can pass it.
    static func isUnknownFactor(_ code: String) -> Bool {
        code == "MFA_ENROLLMENT_NOT_FOUND" || code == "MISSING_MFA_ENROLLMENT_ID"
    }

    static func hasTOTP(_ factors: [EnrolledFactor]) -> Bool {
        factors.contains { $0.factorID == EnrolledFactor.totp }
    }

    /// What the client was doing, where the same server string means different things.
    package enum Operation: Sendable, Equatable {
        case signIn, link, reauthenticate, refresh, other
        /// createAuthUri for a provider's flow, run by the project.
        case startProviderFlow(providerID: String)
        /// A call with the signed-in user's ID token (lookup, update, delete, link): a refused
        /// token or user ends that user's session, as the SDKs' `_logoutIfInvalidated`.
        case currentUser

        /// The provider whose flow the project was asked to start, if that is what was done.
        var flowProviderID: String? {
            if case .startProviderFlow(let providerID) = self { return providerID }
            return nil
        }
    }

    package var code: ErrorCode {
        switch self {
        case .emailAlreadyInUse: .emailAlreadyInUse
        case .invalidCredential, .invalidCustomToken: .invalidCredential
        case .operationNotAllowed: .operationNotAllowed
        case .invalidProviderID: .invalidProviderID
        case .identityPlatformProviderMissing(_, let code): code == "INVALID_PROVIDER_ID" ? .invalidProviderID : .operationNotAllowed
        case .unauthorizedDomain: .unauthorizedDomain
        case .providerFlowsNotEmulated, .invalidProject, .invalidEmulatorHost, .notConfigured: .configurationError
        case .providerFlowExpired: .sessionExpired
        case .invalidEmail: .invalidEmail
        case .passwordRequirements: .passwordDoesNotMeetRequirements
        case .adminRestricted: .adminRestrictedOperation
        case .recaptchaEnforced: .missingRecaptchaToken
        case .appCheckEnforced: .appCheckTokenInvalid
        case .apiKeyRestricted: .appNotAuthorized
        case .blockingFunction: .blockingCloudFunctionError
        case .tenant(let code, _):
            switch code {
            case "TENANT_ID_MISMATCH": .tenantIDMismatch
            case "UNSUPPORTED_TENANT_OPERATION": .unsupportedTenantOperation
            default: .invalidTenantID
            }
        case .multiFactorRequired: .multiFactorAuthRequired
        case .secondFactorRefused(let code): Self.secondFactorCodes[code] ?? .invalidVerificationCode
        case .invalidAPIKey: .invalidAPIKey
        case .methodDisabled: .operationNotAllowed
        case .actionCodeRefused(let code, _): code == "EXPIRED_OOB_CODE" ? .expiredActionCode : .invalidActionCode
        case .unverifiedEmail: .unverifiedEmail
        case .emailChangeNeedsVerification: .emailChangeNeedsVerification
        case .userDisabled: .userDisabled
        case .wrongPassword: .wrongPassword
        case .weakPassword: .weakPassword
        case .tooManyAttempts: .tooManyRequests
        case .sessionEnded: .invalidUserToken
        case .server, .invalidResponse: .providerError
        }
    }

    package var message: String {
        switch self {
        case .emailAlreadyInUse(let email):
            "another account already uses \(email ?? "this email") (sign in to it instead)"
        case .invalidCredential(let code, let detail):
            "the Firebase project refused the provider's credential (\(code)\(detail.map { ": \($0)" } ?? "")); nothing was stored"
        case .operationNotAllowed(let method):
            "this sign-in method is not enabled in the Firebase project\(method.map { " (\($0))" } ?? ""); turn it on in the console "
                + "under Authentication > Sign-in method\(method.flatMap(Self.providerName).map { " > \($0) > Enable" } ?? "")"
        case .identityPlatformProviderMissing(let providerID, _):
            "the Firebase project has no \(providerID.hasPrefix("saml.") ? "SAML" : "OpenID Connect") provider \(providerID): "
                + "such providers need Firebase Authentication with Identity Platform, with the provider added there"
        case .invalidProviderID(let detail):
            "the Firebase project does not know the provider\(detail.map { Self.providerName($0).map { " \($0)" } ?? " (\($0))" } ?? ""); "
                + "add and enable it in the console under Authentication > Sign-in method (for a provider added here with "
                + "'providers add', with the same client id)"
        case .unauthorizedDomain(let detail, let domain?):
            "the Firebase project does not allow sign-ins to return to \(domain)\(detail.map { " (\($0))" } ?? ""); add \(domain) "
                + "in the console under Authentication > Settings > Authorized domains, or set the project's auth domain"
        case .unauthorizedDomain(let detail, nil):
            "the Firebase project does not allow sign-ins to return to this address\(detail.map { " (\($0))" } ?? ""); add its domain "
                + "in the console under Authentication > Settings > Authorized domains, or set the project's auth domain"
        case .providerFlowsNotEmulated(let providerID):
            "the Firebase Auth emulator does not run provider sign-in flows (createAuthUri answered NOT_IMPLEMENTED); "
                + "with \(providerID) configured on this machine, the flow runs here and its credential goes to the emulator"
        case .providerFlowExpired(let code):
            "the project's sign-in session has expired (\(code)): the browser took longer than the project allows"
        case .invalidEmail:
            "that is not an email address the project accepts; check it and try again"
        case .passwordRequirements(let requirements):
            "the password does not meet the project's password policy\(requirements.map { " (\($0))" } ?? ""); choose one that does"
        case .adminRestricted:
            "the project lets only its administrators do this (Authentication > Settings > User actions); ask one, or turn the user action back on"
        case .recaptchaEnforced(let code):
            "the project enforces reCAPTCHA for this sign-in (\(code)), which only a browser can solve; set its enforcement to AUDIT "
                + "in the console (Authentication > Settings > reCAPTCHA), or sign in with a provider instead"
        case .appCheckEnforced:
            "the project enforces App Check for Authentication, which a command-line tool cannot pass; "
                + "unenforce it for Authentication in the console (App Check > APIs), or use a key of a project without it"
        case .apiKeyRestricted(let reason):
            "the API key is restricted (\(reason)); give the project what it is restricted to, or use an unrestricted key"
        case .blockingFunction(let message):
            "a blocking function of the project refused: \(message)"
        case .tenant(let code, let tenantID):
            "the tenant \(tenantID.map { "'\($0)'" } ?? "given") is not usable (\(code)); check the tenant id in the console "
                + "(Identity Platform > Tenants)"
        case .multiFactorRequired(let factors):
            Self.secondFactorMessage(factors)
        case .secondFactorRefused(let code) where Self.isEnrolmentSession(code):
            "the enrolment's session has expired or is not this user's (\(code)): a new secret must be confirmed within "
                + "its time, so start the enrolment again"
        case .secondFactorRefused(let code) where Self.isUnknownFactor(code):
            "the project has no second factor of that id for this user (\(code)): it may have been withdrawn since the sign-in began"
        case .secondFactorRefused(let code):
            code == "INVALID_MFA_PENDING_CREDENTIAL"
                ? "the second-factor session expired or was refused (\(code))"
                : "the second factor's code was refused (\(code))"
        case .methodDisabled(let method, let consoleSwitch):
            "\(method) is not enabled in the Firebase project; turn it on in the console under Authentication > Sign-in method > \(consoleSwitch)"
        case .actionCodeRefused(let code, _):
            code == "EXPIRED_OOB_CODE"
                ? "the link has expired (\(code)); links the project emails are good for a limited time"
                : "the link's code is wrong or already used (\(code)); each link works once"
        case .unverifiedEmail:
            "the project enrols a second factor only for a verified email, and this account's is not verified (UNVERIFIED_EMAIL)"
        case .emailChangeNeedsVerification:
            "the project changes this account's email only once the new address is verified (EMAIL_CHANGE_NEEDS_VERIFICATION)"
        case .invalidAPIKey:
            "the Firebase project refused the API key; copy it again from the console (Project settings > General > Web API key)"
        case .userDisabled:
            "this account is disabled in the Firebase project; an administrator can enable it in the console"
        case .wrongPassword:
            "the email or the password is wrong (or no account has that email)"
        case .weakPassword(let detail):
            "the password is too weak for the project\(detail.map { ": \($0)" } ?? " (at least 6 characters)")"
        case .invalidCustomToken(let code, let detail):
            "the Firebase project refused the custom token (\(code)\(detail.map { ": \($0)" } ?? "")); mint it with this project's service account"
        case .tooManyAttempts:
            "the Firebase project blocks requests from this client for now (too many attempts); try again later"
        case .sessionEnded(let code):
            "the Firebase session has ended (\(code)); you are signed out of the project"
        case .invalidProject(let reason):
            "the Firebase project settings are not usable: \(reason)"
        case .invalidEmulatorHost(let host, let reason):
            "\(FirebaseEndpoints.emulatorHostVariable)='\(host)' is not usable: \(reason)"
        case .server(let code, let detail, let status):
            "the Firebase project answered HTTP \(status): \(code)\(detail.map { " (\($0))" } ?? "")"
        case .invalidResponse(let method, let reason):
            "the Firebase project's answer to \(method) is unusable: \(reason)"
        case .notConfigured:
            "no Firebase project is configured"
        }
    }

    package var remedy: Remedy? {
        switch self {
        case .emailAlreadyInUse: .signIn(providerID: SignInRoute.passwordProviderID)
        case .unauthorizedDomain: .configureProject(.authDomain)
        case .providerFlowsNotEmulated(let providerID): ProviderPresets.builtIn.addRemedy(providerID)
        case .providerFlowExpired, .sessionEnded: .signInAgain(providerID: nil)
        case .apiKeyRestricted: .configureProject(.appRestriction)
        case .tenant: .configureProject(.tenantID)
        case .multiFactorRequired(let factors): .giveSecondFactorCode(enrollAuthenticatorFirst: !Self.hasTOTP(factors))
        case .secondFactorRefused(let code) where Self.isEnrolmentSession(code): .tryAgain
        case .secondFactorRefused(let code):
            code == "INVALID_MFA_PENDING_CREDENTIAL" || Self.isUnknownFactor(code)
                ? .signInAgain(providerID: nil) : .giveSecondFactorCode(enrollAuthenticatorFirst: false)
        case .invalidAPIKey, .notConfigured: .configureProject(.project)
        case .actionCodeRefused(_, let purpose?): .requestNewLink(purpose)
        case .unverifiedEmail: .requestNewLink(.verifyEmail)
        case .identityPlatformProviderMissing(let providerID, _): .upgradeToIdentityPlatform(providerID: providerID)
        default: nil
        }
    }

    package var details: [String: ErrorDetail] {
        switch self {
        case .invalidCredential(let code, _), .wrongPassword(let code), .invalidCustomToken(let code, _), .sessionEnded(let code),
            .server(let code, _, _), .providerFlowExpired(let code):
            ["serverCode": .string(code)]
        case .emailAlreadyInUse(let email?): ["email": .string(email)]
        case .recaptchaEnforced(let code), .tenant(let code, _), .secondFactorRefused(let code), .actionCodeRefused(let code, _):
            ["serverCode": .string(code)]
        case .identityPlatformProviderMissing(let providerID, let code): ["serverCode": .string(code), "providerId": .string(providerID)]
        case .multiFactorRequired(let factors):
            ["factors": .strings(factors.map { $0.factorID + ":" + ($0.displayName ?? $0.enrollmentID) })]
        default: [:]
        }
    }
}
