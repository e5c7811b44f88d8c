import AuthCore
import AuthPlatform

/// Why a Firebase project refused, named as the Firebase SDKs name it.
///
/// ``init(serverCode:detail:during:)`` is the one switch from the server's strings (the
/// `"CODE : detail"` of an error envelope, or a 200 answer's `errorMessage`) to these cases; the
/// account conflicts it finds are ``AccountError``s, as with local accounts.
public enum FirebaseError: AuthCoreError, Equatable {
    /// Another account already has this email.
    case emailAlreadyInUse(email: String?)
    /// The project refused the provider's credential (signature, audience, nonce, expired pending token...).
    case invalidCredential(code: String, detail: String?)
    /// The sign-in method is switched off in the console (Authentication > Sign-in method).
    case operationNotAllowed(method: String?)
    /// The project does not know this provider id (not configured in the console).
    case invalidProviderID(String?)
    /// The address a provider flow returns to is not one of the project's authorized domains.
    case unauthorizedDomain(detail: String?)
    /// The Auth emulator answers a provider flow (createAuthUri with a providerId) 501 NOT_IMPLEMENTED.
    case providerFlowsNotEmulated(providerID: String)
    /// The project's provider-flow session (`sessionId`) is older than it accepts.
    case providerFlowExpired(code: String)
    /// The API key is not valid for the project.
    case invalidAPIKey
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

    /// What the client was doing, where the same server string means different things.
    public enum Operation: Sendable, Equatable {
        case signIn, link, reauthenticate, refresh, other
        /// createAuthUri for a provider's flow, run by the project.
        case startProviderFlow(providerID: String)
    }

    /// The one switch from a server string to an error. The strings that are account rules
    /// (needConfirmation, FEDERATED_USER_ID_ALREADY_LINKED, CREDENTIAL_TOO_OLD_LOGIN_AGAIN, a
    /// reauthentication's USER_NOT_FOUND) are turned into ``AccountError``s by
    /// ``IdentityToolkitFailure/accountError(during:)`` before this is consulted.
    public init(serverCode: String, detail: String?, status: Int, during operation: Operation) {
        if case .startProviderFlow(let providerID) = operation, status == 501 || serverCode == "NOT_IMPLEMENTED" {
            self = .providerFlowsNotEmulated(providerID: providerID)
            return
        }
        switch serverCode {
        case "EMAIL_EXISTS": self = .emailAlreadyInUse(email: nil)
        case "INVALID_IDP_RESPONSE", "INVALID_PENDING_TOKEN", "MISSING_OR_INVALID_NONCE", "INVALID_CREDENTIAL_OR_PROVIDER_ID",
            "FEDERATED_USER_ID_ALREADY_LINKED_WITH_DIFFERENT_CREDENTIAL", "MISSING_ID_TOKEN":
            self = .invalidCredential(code: serverCode, detail: detail)
        case "OPERATION_NOT_ALLOWED", "PASSWORD_LOGIN_DISABLED", "ADMIN_ONLY_OPERATION", "CONFIGURATION_NOT_FOUND":
            if case .startProviderFlow(let providerID) = operation { self = .operationNotAllowed(method: providerID) } else { self = .operationNotAllowed(method: detail) }
        case "INVALID_PROVIDER_ID":
            if case .startProviderFlow(let providerID) = operation { self = .invalidProviderID(providerID) } else { self = .invalidProviderID(detail) }
        case "UNAUTHORIZED_DOMAIN": self = .unauthorizedDomain(detail: detail)
        case "SESSION_EXPIRED": self = .providerFlowExpired(code: serverCode)
        case "INVALID_API_KEY", "API_KEY_INVALID", "API key not valid. Please pass a valid API key.": self = .invalidAPIKey
        case "USER_DISABLED" where operation == .refresh: self = .sessionEnded(code: serverCode)
        case "USER_DISABLED": self = .userDisabled
        case "EMAIL_NOT_FOUND", "INVALID_PASSWORD", "INVALID_LOGIN_CREDENTIALS", "INVALID_EMAIL": self = .wrongPassword(code: serverCode)
        case "WEAK_PASSWORD": self = .weakPassword(detail: detail)
        case "INVALID_CUSTOM_TOKEN", "CREDENTIAL_MISMATCH", "INVALID_TENANT_ID", "TENANT_ID_MISMATCH":
            self = .invalidCustomToken(code: serverCode, detail: detail)
        case "TOO_MANY_ATTEMPTS_TRY_LATER", "QUOTA_EXCEEDED": self = .tooManyAttempts
        // The project no longer honours our session for the user (reauth handles USER_NOT_FOUND first).
        case "TOKEN_EXPIRED", "INVALID_ID_TOKEN", "INVALID_REFRESH_TOKEN", "USER_NOT_FOUND":
            self = .sessionEnded(code: serverCode)
        default: self = .server(code: serverCode, detail: detail, status: status)
        }
    }

    public var code: AuthErrorCode {
        switch self {
        case .emailAlreadyInUse: .emailAlreadyInUse
        case .invalidCredential, .invalidCustomToken: .invalidCredential
        case .operationNotAllowed: .operationNotAllowed
        case .invalidProviderID: .invalidProviderID
        case .unauthorizedDomain: .unauthorizedDomain
        case .providerFlowsNotEmulated, .invalidProject, .invalidEmulatorHost, .notConfigured: .configurationError
        case .providerFlowExpired: .sessionExpired
        case .invalidAPIKey: .invalidAPIKey
        case .userDisabled: .userDisabled
        case .wrongPassword: .wrongPassword
        case .weakPassword: .weakPassword
        case .tooManyAttempts: .tooManyRequests
        case .sessionEnded: .invalidUserToken
        case .server, .invalidResponse: .providerError
        }
    }

    public var message: String {
        switch self {
        case .emailAlreadyInUse(let email):
            "another account already uses \(email ?? "this email"); sign in to it (authctl signin --provider password --email ...) instead"
        case .invalidCredential(let code, let detail):
            "the Firebase project refused the provider's credential (\(code)\(detail.map { ": \($0)" } ?? "")); nothing was stored"
        case .operationNotAllowed(let method):
            "this sign-in method is not enabled in the Firebase project\(method.map { " (\($0))" } ?? ""); "
                + "turn it on in the console under Authentication > Sign-in method\(method.map { " > \($0) > Enable" } ?? "")"
        case .invalidProviderID(let detail):
            "the Firebase project does not know the provider\(detail.map { " \($0)" } ?? ""); add and enable it in the console under "
                + "Authentication > Sign-in method (for a provider added here with 'providers add', with the same client id)"
        case .unauthorizedDomain(let detail):
            "the Firebase project does not allow sign-ins to return to this address\(detail.map { " (\($0))" } ?? ""); add its domain "
                + "in the console under Authentication > Settings > Authorized domains, or set the project's auth domain with "
                + "'authctl firebase use --auth-domain DOMAIN'"
        case .providerFlowsNotEmulated(let providerID):
            "the Firebase Auth emulator does not run provider sign-in flows (createAuthUri answered NOT_IMPLEMENTED); add \(providerID) "
                + "on this machine ('authctl providers add \(providerID) ...') and sign in again: authctl then runs the flow itself "
                + "and hands the credential to the emulator"
        case .providerFlowExpired(let code):
            "the project's sign-in session has expired (\(code)): the browser took longer than the project allows; sign in again"
        case .invalidAPIKey:
            "the Firebase project refused the API key; copy it again from the console (Project settings > General > Web API key) "
                + "and run 'authctl firebase use --api-key KEY --project-id ID'"
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
            "the Firebase session has ended (\(code)); you are signed out of the project: sign in again"
        case .invalidProject(let reason):
            "the Firebase project settings are not usable: \(reason)"
        case .invalidEmulatorHost(let host, let reason):
            "\(FirebaseEndpoints.emulatorHostVariable)='\(host)' is not usable: \(reason)"
        case .server(let code, let detail, let status):
            "the Firebase project answered HTTP \(status): \(code)\(detail.map { " (\($0))" } ?? "")"
        case .invalidResponse(let method, let reason):
            "the Firebase project's answer to \(method) is unusable: \(reason)"
        case .notConfigured:
            "no Firebase project is configured; run 'authctl firebase use --api-key KEY --project-id ID'"
        }
    }

    public var details: [String: ErrorDetail] {
        switch self {
        case .invalidCredential(let code, _), .wrongPassword(let code), .invalidCustomToken(let code, _), .sessionEnded(let code),
            .server(let code, _, _), .providerFlowExpired(let code):
            ["serverCode": .string(code)]
        case .emailAlreadyInUse(let email?): ["email": .string(email)]
        default: [:]
        }
    }
}
